import { HttpError } from '../errors/index';
import { listByValues, type Repository, type Transaction } from '../kit/index';
import { toRecordId, type RecordId } from '../resource/index';
import type { CallContext } from './call-context';
import { relatedScope, type RelationBinder } from './relation-binder';
import type { ServiceEntry } from './relation-registry';

type Row = Record<string, unknown>;
type Context = CallContext;

/**
 * The message of a foreign-key value that names no record the caller may see: the very one the SQL stores give a
 * foreign-key violation, so that a record of another tenant answers exactly as one that does not exist.
 */
const MISSING = 'refers to a record that does not exist';

/** One record a write stores: the record as validated, and the body the client sent (the fields it names). */
export interface ReferenceWrite {
  readonly record: Readonly<Row>;
  readonly given: Readonly<Row>;
}

/** The check of the to-one foreign keys a write stores, against what the caller sees through related services. */
export interface ReferenceCheck {
  /** The problems of each write, in order: one `field: refers to a record that does not exist` per refused field. */
  problems(writes: readonly ReferenceWrite[], context: Context): Promise<readonly (readonly string[])[]>;
  /** @throws HttpError 409 naming each to-one field of `write` that names a record the caller cannot see. */
  assert(write: ReferenceWrite, context: Context): Promise<void>;
}

/**
 * The reference check of a service: each to-one relation bound to a service that has a scope or a soft delete
 * checks the value a client writes in its field (create, update, replace, batch items): a value that is not `null`
 * must be the id of a record within the related service's scope (computed for operation `'get'` from the write's
 * context) and not soft-deleted; any other (another tenant's record, a deleted one, a missing one) is a 409 with the
 * message of a foreign-key violation. A relation bound to a service without either is left to the store. Values a
 * before-hook set (the client's body did not name the field) are trusted. The related records are read through the
 * write's transaction when it has one and can join the related repository.
 */
export function createReferenceCheck(binder: RelationBinder): ReferenceCheck {
  const toOne = [...binder.relations.values()].filter(
    (relation) => relation.kind === 'one' && binder.isBound(relation.name),
  );

  async function problems(writes: readonly ReferenceWrite[], context: Context) {
    const out: string[][] = writes.map(() => []);
    for (const relation of toOne) {
      const field = relation.field;
      const named = writes.filter(({ record, given }) => Object.hasOwn(given, field) && record[field] != null);
      if (named.length === 0) continue;
      const entry = binder.serviceOf(relation.name);
      if (entry.scope === undefined && entry.resource.softDelete === undefined) continue;
      const keys = new Map<unknown, RecordId | undefined>();
      for (const { record } of named) keys.set(record[field], toRecordId(entry.resource, record[field]));
      const seen = await visibleIds(entry, [...new Set(keys.values())], context);
      writes.forEach(({ record, given }, i) => {
        if (!Object.hasOwn(given, field) || record[field] == null) return;
        const key = keys.get(record[field]);
        if (key === undefined || !seen.has(key)) out[i]?.push(`${field}: ${MISSING}`);
      });
    }
    return out;
  }

  return {
    problems: (writes, context) =>
      toOne.length === 0 ? Promise.resolve(writes.map(() => [])) : problems(writes, context),
    async assert(write, context) {
      if (toOne.length === 0) return;
      const [found = []] = await problems([write], context);
      if (found.length > 0) throw new HttpError(409, [...found]);
    },
  };
}

/** The ids of `keys` (those the related id schema reads) the caller sees through the related service. */
async function visibleIds(
  entry: ServiceEntry,
  keys: readonly (RecordId | undefined)[],
  context: Context,
): Promise<ReadonlySet<unknown>> {
  const ids = keys.filter((key): key is RecordId => key !== undefined);
  if (ids.length === 0) return new Set();
  const scope = await relatedScope(entry, context, 'get');
  const repository = joined(entry.repository, context().transaction) as Repository<Row>;
  const idField = entry.resource.idField;
  const found = repository.listByValues
    ? await repository.listByValues(idField, ids, { scope, ordered: false, fresh: true })
    : await listByValues(repository, { resource: entry.resource, field: idField, values: ids, scope });
  return new Set(found.map((record) => record[idField]));
}

/**
 * `repository` joined to the write's transaction, so that the read neither waits for it (one connection, PGlite)
 * nor misses its writes; the repository itself outside one, or when the transaction cannot join it (another store).
 */
function joined(repository: Repository<unknown>, transaction: Transaction | undefined): Repository<unknown> {
  if (transaction === undefined) return repository;
  try {
    return transaction.repository(repository);
  } catch (error) {
    if (error instanceof TypeError) return repository;
    throw error;
  }
}
