import { notFoundError, type Where } from 'pagelope/kit';
import type { SqlInsertSource } from './insert-records';
import type { SqlRecordOptions, SqlRecordRun } from './read-record';
import { runBatch } from './run-batch';
import type { SqlRow } from './write-dialect';
import { writeRecord } from './write-record';

/** One change of a batch update: the record's id, its validated patch, its own condition (a version). */
export interface SqlChange {
  readonly id: unknown;
  readonly patch: Readonly<SqlRow>;
  readonly where?: Where<unknown> | undefined;
}

/** The one statement that applies a whole batch: each row it returns names its change's position (from 1). */
export interface SqlBulkUpdate {
  readonly text: string;
  readonly values: unknown[];
  /** The output column that holds the position of the change a returned row belongs to. */
  readonly ordinal: string;
}

/** What {@link updateRecords} reads of the repository beside its table. */
export interface SqlUpdateSource extends SqlInsertSource {
  /**
   * The dialect's one statement for the whole batch (PostgreSQL's `UPDATE ... FROM unnest(...)`), or `undefined` when
   * the changes must run one by one to answer as they would.
   */
  bulkUpdate?(changes: readonly SqlChange[], options: SqlRecordOptions | undefined): Promise<SqlBulkUpdate | undefined>;
}

/** Thrown out of the batch's transaction, after its rollback, when the changes must run one by one after all. */
const ONE_BY_ONE = Symbol('one by one');

/**
 * Runs the one statement of a batch in a transaction (a savepoint inside one): the records in the order of the
 * changes, or `undefined` (rolled back, nothing written) after a constraint or data error, so that the changes run
 * one by one to name the item.
 *
 * @throws the 404 of the first change whose record did not come back, with nothing written.
 */
async function runBulk(source: SqlUpdateSource, changes: readonly SqlChange[], bulk: SqlBulkUpdate) {
  try {
    return await runBatch(
      source.transaction,
      async (run) => {
        const rows = await run(bulk.text, bulk.values, { operation: 'update' });
        const byPosition = new Map(rows.map((row) => [Number(row[bulk.ordinal]), row]));
        return changes.map((change, i) => {
          const row = byPosition.get(i + 1);
          if (!row) throw notFoundError(source.resource, change.id);
          return source.toRecord(row);
        });
      },
      async (error, write) => (source.isValueError(error) ? ONE_BY_ONE : source.writeError(error, write)),
    );
  } catch (error) {
    if (error === ONE_BY_ONE) return undefined;
    throw error;
  }
}

/**
 * Applies `changes` (patches validated) within the scope, all or none (in one transaction, a savepoint inside one),
 * and returns the records in their order, as the same updates one after the other would leave them: every value
 * checked first (the 400 of the first bad patch), then the dialect's `bulkUpdate` where it has one and the batch
 * allows it, else the SQL engine's `writeRecord` of each change in order, an error naming its item (`items[7]`).
 *
 * @throws the 404 of the first change whose record is missing or outside its conditions, with nothing written.
 */
export async function updateRecords(
  source: SqlUpdateSource,
  changes: readonly SqlChange[],
  options: SqlRecordOptions | undefined,
): Promise<SqlRow[]> {
  if (changes.length === 0) return [];
  const statement = await source.statement();
  for (const change of changes) statement.check?.(change.patch);
  const one = await source.bulkUpdate?.(changes, options);
  const bulk = one && (await runBulk(source, changes, one));
  if (bulk) return bulk;
  return runBatch(
    source.transaction,
    async (run) => {
      const updated: SqlRow[] = [];
      for (const [item, { id, patch, where }] of changes.entries()) {
        // Inside the batch's transaction: a write that reads its record first needs no other.
        const own: SqlRecordRun = (text, values, write) => run(text, values, write && { ...write, item });
        const runner = { run: own, transaction: <T>(work: (one: SqlRecordRun) => Promise<T>) => work(own) };
        updated.push(await writeRecord(source, id, patch, Object.keys(patch), { ...options, where }, runner));
      }
      return updated;
    },
    source.writeError,
  );
}
