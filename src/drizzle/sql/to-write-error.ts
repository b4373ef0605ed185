import { HttpError, type Resource } from 'pagelope/kit';
import { toItemWriteError, toWriteError, type SqlErrorTable, type SqlWrite } from '../../sql/index';
import type { SqlDialect } from './sql-dialect';
import type { SqlColumn } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';

/** What the error mapping of a Drizzle repository reads of the table. */
export interface WriteErrorTable extends SqlErrorTable {
  readonly resource: Resource;
  readonly dialect: SqlDialect;
  readonly columns: ReadonlyMap<string, SqlColumn>;
}

/** A write's `error` as the SQL engine's `toWriteError` answers the violation the dialect reads in it. */
export const toDialectWriteError = (error: unknown, table: WriteErrorTable, write: SqlWrite): unknown =>
  toWriteError(table.dialect.constraintViolation(error), error, table, write);

/**
 * The error of the batch item at index `item` for `error`, a write error {@link toDialectWriteError} made (see the SQL
 * engine's `toItemWriteError`); any other error is returned as it is.
 */
function toTableItemError(error: unknown, item: number, table: WriteErrorTable): unknown {
  if (!(error instanceof HttpError) || !table.dialect.constraintViolation(error.cause)) return error;
  return toItemWriteError(error, item, table.resource);
}

/**
 * For a foreign-key 409 that names no field (SQLite's `FOREIGN KEY constraint failed`), the same 409 naming the
 * fields of the first key of the table whose values in the record written name no row of the table it refers to
 * (`authorId: refers to a record that does not exist`), read on `on` with the dialect's `foreignKeyList`; when none
 * does, an update's or a replace's 409 is another table's key refusing the change (`other records refer to the
 * current value`); else `error` as it is.
 */
async function nameForeignKey(
  on: SqlRunner,
  error: unknown,
  write: SqlWrite,
  table: WriteErrorTable,
): Promise<unknown> {
  const { dialect } = table;
  const values = write.record ?? {};
  if (!(error instanceof HttpError) || dialect.foreignKeyList === undefined) return error;
  const violation = dialect.constraintViolation(error.cause);
  if (violation?.kind !== 'foreign-key' || violation.columns !== undefined) return error;
  const keys = new Map<unknown, { parent: string; pairs: [string, string][] }>();
  for (const row of await on.all(dialect.foreignKeyList, [table.tableName])) {
    const key = keys.get(row['id']) ?? { parent: String(row['parent']), pairs: [] };
    keys.set(row['id'], key);
    if (typeof row['to'] === 'string') key.pairs.push([String(row['from']), row['to']]);
  }
  const q = dialect.quoteIdentifier;
  for (const { parent, pairs } of keys.values()) {
    const fields = pairs.map(([from]) => table.fieldOf(from));
    if (pairs.length === 0 || fields.some((field) => field === undefined || values[field] == null)) continue;
    const bound = pairs.map(([, to], i) => {
      const field = fields[i] as string;
      const column = table.columns.get(field);
      return [`${q(to)} = ${dialect.placeholder(i + 1)}`, column ? column.toDriver(values[field]) : values[field]];
    });
    const found = await on.all(
      `SELECT 1 AS ${q('one')} FROM ${q(parent)} WHERE ${bound.map(([test]) => test).join(' AND ')}`,
      bound.map(([, value]) => value),
    );
    if (found.length === 0)
      return toWriteError({ ...violation, columns: pairs.map(([from]) => from) }, error.cause, table, write);
  }
  const changed = write.operation === 'update' || write.operation === 'replace';
  return changed ? toWriteError({ kind: 'foreign-key', referenced: true }, error.cause, table, write) : error;
}

/**
 * A write's `error` as the repository answers it: {@link toDialectWriteError}, a foreign key named by reading the
 * table's keys on `on` where the driver names none (SQLite), and with `write.item` the batch item named first.
 */
export async function toSqlWriteError(
  on: SqlRunner,
  error: unknown,
  write: SqlWrite,
  table: WriteErrorTable,
): Promise<unknown> {
  const mapped = toDialectWriteError(error, table, { ...write, item: undefined });
  const named = await nameForeignKey(on, mapped, { ...write, item: undefined }, table);
  return write.item === undefined ? named : toTableItemError(named, write.item, table);
}
