import { HttpError, duplicateIdError, type Resource } from 'pagelope/kit';
import { toConstraintError, toItemError, type ConstraintWrite, type SqlWrite } from '../../sql/index';
import type { SqlDialect } from './sql-dialect';
import type { SqlColumn } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';

/** The write a statement was part of, and the id of its record when known. */
export type WriteContext = ConstraintWrite;

/** What {@link toWriteError} reads of the table. */
export interface WriteErrorTable {
  readonly resource: Resource;
  readonly dialect: SqlDialect;
  /** The table's SQL name, as the driver's messages name it. */
  readonly tableName: string;
  /** The field stored in a SQL column, or `undefined` for a column no field maps to. */
  fieldOf(column: string): string | undefined;
  readonly columns: ReadonlyMap<string, SqlColumn>;
}

/**
 * The `HttpError` a client gets for a constraint a write broke, as `pagelope/postgres` answers (the driver's error
 * kept as `cause`), or `error` itself when the dialect reads no constraint violation in it: a unique violation is a
 * 409 (on the id alone the usual duplicate-id 409), a foreign-key violation a 409, a not-null or check violation a
 * 400; each names the resource's fields where the error tells which, never a table, a column or the SQL.
 */
export function toWriteError(error: unknown, table: WriteErrorTable, context: WriteContext): unknown {
  const violation = table.dialect.constraintViolation(error);
  if (!violation) return error;
  const ownTable = violation.table === undefined || violation.table === table.tableName;
  const mapped = ownTable ? violation.columns?.map((column) => table.fieldOf(column)) : undefined;
  const fields = mapped?.every((field) => field !== undefined) ? (mapped as string[]) : undefined;
  return toConstraintError({ kind: violation.kind, fields }, table.resource, context, error);
}

/**
 * The error of the batch item at index `item` for `error`, a write error {@link toWriteError} made: each message names
 * the item first (`items[56].authorId: ...`, `items[56]: ...`), as the service names the items of a batch. Any other
 * error (a 404, a 503, a duplicate id's 409, which names no field) is returned as it is.
 */
function toItemWriteError(error: unknown, item: number, table: WriteErrorTable): unknown {
  if (!(error instanceof HttpError) || error.statusCode >= 500 || error.statusCode === 404) return error;
  if (!table.dialect.constraintViolation(error.cause)) return error;
  if (error.message === duplicateIdError(table.resource).message) return error;
  return toItemError(error, item, error.cause);
}

/**
 * For a foreign-key 409 that names no field (SQLite's `FOREIGN KEY constraint failed`), the same 409 naming the
 * fields of the first key of the table whose values in `values` (a record written, by field) name no row of the table
 * it refers to (`authorId: refers to a record that does not exist`), read on `on` with the dialect's
 * `foreignKeyList`; else `error` as it is.
 */
async function nameForeignKey(
  on: SqlRunner,
  error: unknown,
  values: Readonly<Record<string, unknown>>,
  table: WriteErrorTable,
): Promise<unknown> {
  const { dialect } = table;
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
    if (found.length === 0) {
      return new HttpError(409, [`${fields.join(', ')}: refers to a record that does not exist`], {
        cause: error.cause,
      });
    }
  }
  return error;
}

/**
 * A write's `error` as the repository answers it: {@link toWriteError}, a foreign key named by reading the table's
 * keys on `on` where the driver names none (SQLite), and with `write.item` the batch item named first
 * ({@link toItemWriteError}).
 */
export async function toSqlWriteError(
  on: SqlRunner,
  error: unknown,
  write: SqlWrite,
  table: WriteErrorTable,
): Promise<unknown> {
  const mapped = await nameForeignKey(on, toWriteError(error, table, write), write.record ?? {}, table);
  return write.item === undefined ? mapped : toItemWriteError(mapped, write.item, table);
}
