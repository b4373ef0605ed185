import {
  checkReachable,
  firstRecord,
  matchRecord,
  readMatching,
  recordConditions,
  type SqlRecordOptions,
  type SqlRecordRun,
  type SqlRecordRunner,
  type SqlRecordSource,
  type SqlRecordStatement,
} from './read-record';
import type { SqlRow, SqlWrite } from './write-dialect';

/** Options of one update or replace: the conditions, and the operation the error messages name. */
export interface SqlWriteOptions extends SqlRecordOptions {
  readonly operation?: 'update' | 'replace' | undefined;
}

/** Runs `work` in the runner's transaction, which a write that reads its record first needs. */
function inTransaction<T>(
  source: SqlRecordSource,
  runner: SqlRecordRunner,
  work: (run: SqlRecordRun) => Promise<T>,
): Promise<T> {
  if (!runner.transaction) throw new TypeError(`${source.dialect.name}: this write needs a transaction`);
  return runner.transaction(work);
}

/** `column = ?` for each of `names` (NULL for an absent value, `DEFAULT` for one the database fills), bound. */
function setList(source: SqlRecordSource, statement: SqlRecordStatement, record: Readonly<SqlRow>, names: string[]) {
  const paramFields = new Map<number, string>();
  const sets = names.map((field) => {
    if (record[field] === undefined && source.filledByDatabase.has(field)) return `${source.column(field)} = DEFAULT`;
    const placeholder = statement.bind(field, record[field] ?? null);
    paramFields.set(statement.values.length, field);
    return `${source.column(field)} = ${placeholder}`;
  });
  return { sets: sets.join(', '), paramFields };
}

/**
 * Sets the columns of `names` (NULL for an absent value) of the record with this id within the scope and `where`,
 * and returns the record as stored: one `UPDATE ... WHERE id = ? AND <scope> AND <where> RETURNING ...`. A field the
 * database fills, absent from `record`, is `DEFAULT` where the dialect's `SET` takes it (`valuesDefault`), else
 * keeps its value. Where SQL cannot say a condition, or the dialect has no `UPDATE ... RETURNING` (MariaDB), the
 * record is read first, updated by its id and read back, in one transaction. No column to set: the record is read.
 *
 * @throws HttpError 404 as {@link readRecord}; the client's error for a constraint or data error (see `run`).
 */
export async function writeRecord(
  source: SqlRecordSource,
  id: unknown,
  record: Readonly<SqlRow>,
  names: readonly string[],
  options: SqlWriteOptions | undefined,
  runner: SqlRecordRunner,
): Promise<SqlRow> {
  const { dialect, table, resource, filledByDatabase } = source;
  const conditions = recordConditions(source, options);
  const written = names.filter(
    (field) =>
      field !== resource.idField &&
      (record[field] !== undefined || !filledByDatabase.has(field) || dialect.valuesDefault === true),
  );
  if (written.length === 0) return readMatching(source, id, conditions, runner.run);
  const operation = options?.operation ?? 'update';
  const write = (paramFields: ReadonlyMap<number, string>): SqlWrite => ({ operation, id, record, paramFields });
  const statement = await source.statement();
  checkReachable(source, statement, id, conditions);
  statement.check?.(record);
  if (dialect.returning.update) {
    const { sets, paramFields } = setList(source, statement, record, written);
    const match = matchRecord(source, statement, id, conditions);
    if (!match.test) {
      const text = `UPDATE ${table} SET ${sets} WHERE ${match.where} RETURNING ${statement.select}`;
      const rows = await runner.run(text, statement.values, write(paramFields.set(match.idParam, resource.idField)));
      return firstRecord(source, rows, id);
    }
  }
  return inTransaction(source, runner, async (run) => {
    const current = await readMatching(source, id, conditions, run, true);
    const update = await source.statement();
    const { sets, paramFields } = setList(source, update, record, written);
    const key = `${source.column(resource.idField)} = ${update.bind(resource.idField, current[resource.idField])}`;
    const returning = dialect.returning.update ? ` RETURNING ${update.select}` : '';
    const rows = await run(`UPDATE ${table} SET ${sets} WHERE ${key}${returning}`, update.values, write(paramFields));
    // Read back by id alone: the update may have taken the record out of `where`.
    return returning ? firstRecord(source, rows, id) : readMatching(source, current[resource.idField], [], run);
  });
}

/**
 * Deletes the record with this id within the scope and returns it: one `DELETE ... WHERE id = ? AND <scope>
 * RETURNING ...`; where SQL cannot say the scope, or the dialect has no `DELETE ... RETURNING`, the record is read
 * first and deleted by its id, in one transaction.
 *
 * @throws HttpError 404 as {@link readRecord}; the client's error for a constraint error (a record referred to).
 */
export async function deleteRecord(
  source: SqlRecordSource,
  id: unknown,
  options: SqlRecordOptions | undefined,
  runner: SqlRecordRunner,
): Promise<SqlRow> {
  const { dialect, table, resource } = source;
  const conditions = recordConditions(source, options);
  const statement = await source.statement();
  checkReachable(source, statement, id, conditions);
  if (dialect.returning.delete) {
    const match = matchRecord(source, statement, id, conditions);
    if (!match.test) {
      const paramFields = new Map([[match.idParam, resource.idField]]);
      const text = `DELETE FROM ${table} WHERE ${match.where} RETURNING ${statement.select}`;
      return firstRecord(
        source,
        await runner.run(text, statement.values, { operation: 'delete', id, paramFields }),
        id,
      );
    }
  }
  return inTransaction(source, runner, async (run) => {
    const current = await readMatching(source, id, conditions, run, true);
    const remove = await source.statement();
    const key = `${source.column(resource.idField)} = ${remove.bind(resource.idField, current[resource.idField])}`;
    const returning = dialect.returning.delete ? ` RETURNING ${remove.select}` : '';
    const rows = await run(`DELETE FROM ${table} WHERE ${key}${returning}`, remove.values, { operation: 'delete', id });
    return returning ? firstRecord(source, rows, id) : current;
  });
}
