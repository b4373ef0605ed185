import { HttpError, duplicateIdError, type Resource } from 'pagelope/kit';
import { toConstraintError, toItemError, type ConstraintWrite } from '../../sql/index';
import type { SqlDialect } from './sql-dialect';

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
export function toItemWriteError(error: unknown, item: number, table: WriteErrorTable): unknown {
  if (!(error instanceof HttpError) || error.statusCode >= 500 || error.statusCode === 404) return error;
  if (!table.dialect.constraintViolation(error.cause)) return error;
  if (error.message === duplicateIdError(table.resource).message) return error;
  return toItemError(error, item, error.cause);
}
