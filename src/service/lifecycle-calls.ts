import { HttpError } from '../errors/index';
import { markValidated, type RecordId, type Resource } from '../resource/index';
import type { Repository, ScopeOptions } from '../kit/index';
import type { WhereClause } from '../query/index';
import type { ScopeCheck } from './scope-check';
import {
  andWhere,
  lifecycleRules,
  preconditionFailed,
  versionMatches,
  type DeletedInput,
  type VersionMatch,
} from './lifecycle';

type Row = Record<string, unknown>;

/** How many times a versioned write without `If-Match` is tried again over a concurrent change before a 409. */
const MAX_WRITE_TRIES = 16;

/**
 * The service's lifecycle steps for one resource: the repository options of a call narrowed to the records it sees
 * (soft delete), the `deleted` mode of a listing, the version stamps of new and changed records, and conditional
 * writes under the version rules.
 *
 * Internal to the service module.
 *
 * @example
 * const { within, conditional } = createLifecycleCalls<Book>(books, undefined);
 * await conditional(repository, 'b1', within(scope), readIfMatch('"3"'), (where, stamp) =>
 *   repository.update('b1', { ...patch, ...stamp }, where),
 * );
 */
export function createLifecycleCalls<TRecord>(generic: Resource, databaseDefaults: readonly string[] | undefined) {
  const rules = lifecycleRules(generic);
  const lifecycle = rules.softDelete !== undefined || rules.version !== undefined;
  /** The repository options of a call: the request scope, narrowed to the records the call sees (soft delete). */
  const within = (
    scope: ScopeCheck<TRecord> | undefined,
    mode?: 'include' | 'only' | 'all',
  ): ScopeOptions<TRecord> | undefined => {
    const where = lifecycle || mode !== undefined ? rules.visible(scope?.where, mode) : scope?.where;
    return where === undefined ? undefined : { scope: where };
  };
  /** {@link within} for the reads of a write: on the store of record, never a replica that may lag (`fresh`). */
  const forWrite = (scope: ScopeCheck<TRecord> | undefined, mode?: 'all'): ScopeOptions<TRecord> => ({
    ...within(scope, mode),
    fresh: true,
  });
  /** The `deleted` mode of a listing input, and the input without it (repositories do not take it). */
  const deletedOf = <T>(input: T): { input: T; mode: 'include' | 'only' | undefined } => {
    const mode = (input as DeletedInput | undefined)?.deleted;
    if (mode === undefined) return { input, mode };
    const rest: Row = { ...(input as Row) };
    delete rest.deleted;
    return { input: rest as T, mode };
  };
  /**
   * A validated write with the version stamp: the write itself when there is none, else a copy marked validated too
   * (the stamp is the server's), so the repository does not parse it again.
   */
  const stamped = (valid: Row, stamp: Row, mode: 'update' | 'replace', id: RecordId): Row => {
    if (Object.keys(stamp).length === 0) return valid;
    return markValidated({ ...valid, ...stamp }, generic, mode, id, databaseDefaults ?? []);
  };
  /** The stamp of a new record: version 1 and not deleted, where the record leaves them unset. */
  const stampNew = (data: Row): Row => {
    if (!lifecycle) return data;
    const out = { ...data };
    if (rules.version !== undefined && out[rules.version] === undefined) out[rules.version] = 1;
    if (rules.softDelete !== undefined && out[rules.softDelete] === undefined) out[rules.softDelete] = null;
    return out;
  };
  /**
   * Runs `attempt`, a write of the record `id` within `where`, under the version rules: with a version field, the
   * write is conditional on the version read (or the one `If-Match` names) and stamps the next one, retried when a
   * concurrent write got there first (412 instead when `If-Match` was given); without one, `If-Match` other than `*`
   * is a 412 (no version can match).
   */
  async function conditional(
    repository: Repository<TRecord>,
    id: RecordId,
    where: ScopeOptions<TRecord> | undefined,
    match: VersionMatch | undefined,
    attempt: (options: ScopeOptions<TRecord> | undefined, stamp: Row, current: Row | undefined) => Promise<TRecord>,
    known?: Row,
  ): Promise<TRecord> {
    const field = rules.version;
    if (field === undefined) {
      if (match !== undefined && !('any' in match)) throw preconditionFailed();
      return attempt(where, {}, known);
    }
    const only = match !== undefined && 'versions' in match && match.versions.length === 1 && known === undefined;
    for (let tries = 0; ; tries++) {
      const current = only ? undefined : (known ?? ((await repository.get(id, where)) as Row));
      known = undefined;
      const version = current === undefined ? (match as { versions: readonly number[] }).versions[0] : current[field];
      if (match !== undefined && !versionMatches(match, version)) throw preconditionFailed();
      const guarded = { scope: andWhere(where?.scope, { [field]: version } as WhereClause<TRecord>) };
      try {
        return await attempt(guarded, { [field]: (version as number) + 1 }, current);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        // Missing, or changed since it was read: a missing record stays a 404; a changed one is a 412 with If-Match,
        // else written again over the new version.
        await repository.get(id, where);
        if (match !== undefined) throw preconditionFailed();
        if (tries >= MAX_WRITE_TRIES)
          throw new HttpError(409, 'the record kept changing while it was written; try again');
      }
    }
  }

  return { rules, within, forWrite, deletedOf, stamped, stampNew, conditional };
}
