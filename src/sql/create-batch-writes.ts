import {
  validatePatch,
  type BatchChange,
  type CreateInput,
  type RecordId,
  type Repository,
  type ScopeOptions,
} from 'pagelope/kit';
import { deleteRecords, type SqlDeleteSource } from './delete-records';
import { insertRecord, insertRecords } from './insert-records';
import { updateRecords, type SqlUpdateSource } from './update-records';
import type { SqlRow } from './write-dialect';

/** What {@link createBatchWrites} reads of a repository: its table, its running, and how it prepares a create. */
export interface SqlBatchSource extends SqlDeleteSource, SqlUpdateSource {
  /** A create body validated (defaults applied, the id generated unless the database fills it). */
  prepare(data: unknown): SqlRow;
}

/** The creates and batch writes of a SQL repository. */
export type SqlBatchWrites<TRecord> = Required<
  Pick<Repository<TRecord>, 'create' | 'createMany' | 'updateMany' | 'deleteMany'>
>;

/**
 * The creates and batch writes of a SQL repository on any dialect, each all or nothing (in one transaction, a
 * savepoint inside one) and answering as the same single calls one after the other would, or changing nothing;
 * every body validated and every value checked before any statement (the 400 of the first bad one):
 *
 * - `create`: see `insertRecord` (one INSERT; PostgreSQL's skips a stored id, which is the 409 of a duplicate).
 * - `createMany`: see `insertRecords` (one multi-row INSERT, several past the dialect's bind parameters).
 * - `updateMany`: see `updateRecords` (the dialect's one statement where the batch allows it, else one UPDATE each).
 * - `deleteMany`: see `deleteRecords` (one `DELETE ... RETURNING`, else each record read first).
 */
export function createBatchWrites<TRecord>(source: SqlBatchSource): SqlBatchWrites<TRecord> {
  const { resource } = source;
  /** `data` prepared, then checked against the columns. */
  const prepared = async (data: readonly unknown[]) => {
    const records = Array.from(data, (item) => source.prepare(item));
    if (records.length === 0) return records;
    const statement = await source.statement();
    for (const record of records) statement.check?.(record);
    return records;
  };
  return {
    async create(data: CreateInput<TRecord>): Promise<TRecord> {
      const [record] = (await prepared([data])) as [SqlRow];
      return (await insertRecord(source, record)) as TRecord;
    },
    createMany: async (data: readonly CreateInput<TRecord>[]): Promise<TRecord[]> =>
      (await insertRecords(source, await prepared(data))) as TRecord[],
    async updateMany(changes: readonly BatchChange<TRecord>[], options?: ScopeOptions<TRecord>): Promise<TRecord[]> {
      // Every patch validated before any statement: the 400 of the first bad one.
      const valid = Array.from(changes, ({ id, patch, where }) => ({
        id,
        patch: validatePatch(resource, patch, id) as SqlRow,
        where,
      }));
      return (await updateRecords(source, valid, options as ScopeOptions<unknown>)) as TRecord[];
    },
    deleteMany: async (ids: readonly RecordId[], options?: ScopeOptions<TRecord>): Promise<TRecord[]> =>
      (await deleteRecords(source, ids, options as ScopeOptions<unknown>)) as TRecord[],
  };
}
