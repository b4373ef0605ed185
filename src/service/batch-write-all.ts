import { HttpError } from '../errors/index';
import type { BatchChange, CreateInput, Repository, ScopeOptions } from '../kit/index';
import type { WhereClause } from '../query/index';
import type { Resource } from '../resource/index';
import { andWhere, type LifecycleRules } from './lifecycle';

type Row = Record<string, unknown>;

/** A change of a batch update: its `where`, if any, is one clause (the version check of its record). */
export interface VersionedChange<TRecord> extends BatchChange<TRecord> {
  readonly where?: WhereClause<TRecord> | undefined;
}

/** How a batch is written: the service's resource, and whether the service opened a transaction for it. */
export interface WriteAllOptions {
  readonly resource: Resource;
  readonly transactional: boolean;
}

/**
 * Writes all items: through the repository's batch method (`many`), else one by one (`one`) inside the service's
 * transaction or one of the repository's.
 *
 * @throws Error (a server fault) for a repository with neither.
 */
export async function writeAll<TRecord, T>(
  repository: Repository<TRecord>,
  many: ((repository: Repository<TRecord>) => Promise<T[]>) | undefined,
  one: (repository: Repository<TRecord>, index: number) => Promise<T>,
  count: number,
  options: WriteAllOptions,
): Promise<T[]> {
  if (many !== undefined) return many(repository);
  const each = async (bound: Repository<TRecord>) => {
    const out: T[] = [];
    for (let i = 0; i < count; i++) out.push(await one(bound, i));
    return out;
  };
  if (options.transactional) return each(repository);
  if (typeof repository.transaction === 'function')
    return repository.transaction((tx) => each(tx.repository(repository)));
  throw new Error(
    `pagelope: a batch write of "${options.resource.name}" needs a repository with createMany/updateMany/deleteMany or transaction`,
  );
}

/** Creates every record: through `createMany`, else one `create` each inside a transaction. */
export function createAll<TRecord>(
  repository: Repository<TRecord>,
  records: readonly Row[],
  options: WriteAllOptions,
): Promise<TRecord[]> {
  const inputs = records as readonly CreateInput<TRecord>[];
  return writeAll(
    repository,
    repository.createMany ? (r) => r.createMany!(inputs) : undefined,
    (r, i) => r.create(inputs[i] as CreateInput<TRecord>),
    inputs.length,
    options,
  );
}

/** The version condition and the next version of a stored record (none without a version field). */
export function versionOf<TRecord>(
  rules: LifecycleRules,
  current: Row | undefined,
): { where?: WhereClause<TRecord>; stamp: Row } {
  const field = rules.version;
  if (field === undefined || current === undefined) return { stamp: {} };
  const version = current[field] as number;
  return { where: { [field]: version } as WhereClause<TRecord>, stamp: { [field]: version + 1 } };
}

/**
 * Applies every change: through `updateMany`, else one `update` each (its `where` ANDed into the scope) inside a
 * transaction; a record that changed since it was read is a 409 on a versioned resource.
 */
export function updateAll<TRecord>(
  repository: Repository<TRecord>,
  changes: readonly VersionedChange<TRecord>[],
  where: ScopeOptions<TRecord> | undefined,
  options: WriteAllOptions & { readonly rules: LifecycleRules },
): Promise<TRecord[]> {
  return writeAll(
    repository,
    repository.updateMany ? (r) => r.updateMany!(changes, where) : undefined,
    (r, i) => {
      const change = changes[i] as VersionedChange<TRecord>;
      const scoped = change.where === undefined ? where : { scope: andWhere(where?.scope, change.where) };
      return r.update(change.id, change.patch, scoped);
    },
    changes.length,
    options,
  ).catch((error: unknown) => {
    // A 404 met while writing (a record changed or went since it was read) is a 409 for a versioned resource.
    if (options.rules.version !== undefined && error instanceof HttpError && error.statusCode === 404)
      throw new HttpError(409, 'a record of the batch changed while it was written; nothing was written');
    throw error;
  });
}
