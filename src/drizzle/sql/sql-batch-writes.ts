import {
  notFoundError,
  validatePatch,
  type BatchChange,
  type CreateInput,
  type RecordId,
  type Repository,
  type Resource,
  type ScopeOptions,
  type Where,
} from 'pagelope/kit';
import type { SqlRunner } from './sql-runner';
import type { Row, SqlTable } from './sql-table';

/** What the batch writes need of the SQL repository they belong to. */
export interface SqlBatchParts<TRecord> {
  readonly table: SqlTable;
  readonly runner: SqlRunner;
  /** Validates a create body (defaults applied, id generated unless the database fills it). */
  readonly prepare: (data: CreateInput<TRecord>) => Row;
  /** `update` of one change on `on` (a transaction's runner). */
  readonly update: (
    id: RecordId,
    patch: Row,
    options: (ScopeOptions<TRecord> & { readonly where?: Where<TRecord> | undefined }) | undefined,
    on: SqlRunner,
  ) => Promise<TRecord>;
  /** The stored record with this id within the scope on `on`, else the single operations' 404. */
  readonly read: (id: RecordId, options: ScopeOptions<TRecord> | undefined, on: SqlRunner) => Promise<Row>;
}

/**
 * The batch writes of a SQL repository, each all or nothing (in one transaction, a savepoint inside one), doing
 * what the same single calls one after the other would do, or nothing: `createMany` the SQL engine's `insertRecords`, `updateMany` one UPDATE per change in order,
 * `deleteMany` one DELETE of every id after each is found within the scope (an id given twice a 404 for the second).
 */
export function createSqlBatchWrites<TRecord>(
  resource: Resource<TRecord>,
  parts: SqlBatchParts<TRecord>,
): Required<Pick<Repository<TRecord>, 'createMany' | 'updateMany' | 'deleteMany'>> {
  const { table, runner, prepare, update, read } = parts;
  const { idField } = resource;
  return {
    createMany: async (data: readonly CreateInput<TRecord>[]): Promise<TRecord[]> =>
      (await table.insert(runner, Array.from(data, prepare))) as TRecord[],
    async updateMany(changes: readonly BatchChange<TRecord>[], options?: ScopeOptions<TRecord>): Promise<TRecord[]> {
      const patches = Array.from(changes, (change) => validatePatch(resource, change.patch, change.id) as Row);
      if (changes.length === 0) return [];
      return runner.transaction(async (tx) => {
        const updated: TRecord[] = [];
        for (const [i, change] of changes.entries()) {
          const item = update(change.id, patches[i] as Row, { ...options, where: change.where }, tx);
          updated.push(
            await item.catch((error: unknown) => {
              throw table.itemError(error, i);
            }),
          );
        }
        return updated;
      });
    },
    async deleteMany(ids: readonly RecordId[], options?: ScopeOptions<TRecord>): Promise<TRecord[]> {
      if (ids.length === 0) return [];
      return runner.transaction(async (tx) => {
        const found: Row[] = [];
        const seen = new Set<string>();
        for (const id of ids) {
          const record = await read(id, options, tx);
          const key = String(record[idField]);
          // The second time an id is given its record is gone: the 404 `delete` would give.
          if (seen.has(key)) throw notFoundError(resource, id);
          seen.add(key);
          found.push(record);
        }
        const removed = await table.remove(
          tx,
          found.map((record) => record[idField] as RecordId),
          ids[0],
        );
        const byId = new Map(removed.map((row) => [String(row[idField]), row]));
        return found.map((record) => byId.get(String(record[idField])) as TRecord);
      });
    },
  };
}
