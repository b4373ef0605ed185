import { notFoundError } from 'pagelope/kit';
import { idsIn, type SqlInsertSource } from './insert-records';
import { readMatching, recordConditions, type SqlRecordOptions } from './read-record';
import { runBatch } from './run-batch';
import type { SqlRow } from './write-dialect';

/** What {@link deleteRecords} reads of the repository beside its table. */
export interface SqlDeleteSource extends SqlInsertSource {
  /** The id of `ids` a refused delete names (read from the database's error); absent: the first id. */
  deletedId?(error: unknown, ids: readonly unknown[]): Promise<unknown>;
}

/**
 * Deletes the records of `ids` within the scope, all or none (in one transaction, a savepoint inside one), and returns
 * them in the order given: one `DELETE ... WHERE id IN (...) AND <scope> RETURNING ...` where the dialect returns the
 * rows, SQL says the scope and the statement's `key` pairs the rows with the ids; else each record read first
 * (locked), then one `DELETE` of them.
 * An id given twice is missing the second time.
 *
 * @throws HttpError 404 of the first id missing, outside the scope, or one its column cannot hold, with nothing
 *   deleted; the client's error for a record other records refer to.
 */
export async function deleteRecords(
  source: SqlDeleteSource,
  ids: readonly unknown[],
  options: SqlRecordOptions | undefined,
): Promise<SqlRow[]> {
  if (ids.length === 0) return [];
  const { resource, table, dialect } = source;
  const { idField } = resource;
  const conditions = recordConditions(source, { scope: options?.scope });
  const statement = await source.statement();
  const holds = (id: unknown) => statement.holds?.(idField, id) !== false;
  const usable = ids.filter(holds);
  // No statement when nothing can match: the first id is missing whatever the table holds.
  if (usable.length === 0 || conditions.some((groups) => statement.impossible?.(groups))) {
    throw notFoundError(resource, ids[0]);
  }
  const match = idsIn(source, statement, usable);
  const scope = conditions.map((groups) => statement.where(groups));
  const where = [match, ...scope.map((sql) => `(${sql})`)];
  const mapError = async (error: unknown, write: object) => {
    const id = source.deletedId ? await source.deletedId(error, ids) : ids[0];
    return source.writeError(error, { ...write, operation: 'delete', id });
  };
  // Where SQL cannot say the scope, the other branch reads each record and tests it.
  const keyOf = statement.key;
  const key = (id: unknown) => keyOf?.(idField, id) ?? String(id);
  if (keyOf && dialect.returning.delete && !scope.includes(undefined)) {
    const text = `DELETE FROM ${table} WHERE ${where.join(' AND ')} RETURNING ${statement.select}`;
    return runBatch(
      source.transaction,
      async (run) => {
        const rows = await run(text, statement.values, { operation: 'delete' });
        const byKey = new Map(rows.map((row) => [key(source.toRecord(row)[idField]), row]));
        return ids.map((id) => {
          const row = holds(id) ? byKey.get(key(id)) : undefined;
          // Missing, outside the scope, or given before (removed by then): nothing is removed.
          if (row === undefined) throw notFoundError(resource, id);
          byKey.delete(key(id));
          return source.toRecord(row);
        });
      },
      mapError,
    );
  }
  return runBatch(
    source.transaction,
    async (run) => {
      const found = new Map<string, SqlRow>();
      for (const id of ids) {
        const record = await readMatching(source, id, conditions, run, true);
        // The second time an id is given its record is gone: the 404 `delete` would give.
        if (found.has(String(record[idField]))) throw notFoundError(resource, id);
        found.set(String(record[idField]), record);
      }
      const remove = await source.statement();
      const match = idsIn(
        source,
        remove,
        [...found.values()].map((record) => record[idField]),
      );
      await run(`DELETE FROM ${table} WHERE ${match}`, remove.values, { operation: 'delete' });
      return [...found.values()];
    },
    mapError,
  );
}
