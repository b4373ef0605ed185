import { HttpError, duplicateIdError, quote, type Resource } from 'pagelope/kit';
import type { SqlDialect } from './sql-dialect';

/** The write a statement was part of, and the id of its record when known. */
export interface WriteContext {
  readonly operation: 'create' | 'update' | 'replace' | 'delete';
  readonly id?: unknown;
}

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
  const { resource } = table;
  const cause = { cause: error };
  const ownTable = violation.table === undefined || violation.table === table.tableName;
  const mapped = ownTable ? violation.columns?.map((column) => table.fieldOf(column)) : undefined;
  const fields = mapped?.every((field) => field !== undefined) ? (mapped as string[]) : undefined;
  const named = (message: string) => (fields ? [`${fields.join(', ')}: ${message}`] : [message]);
  switch (violation.kind) {
    case 'unique':
      if (fields?.length === 1 && fields[0] === resource.idField && context.id !== undefined) {
        return new HttpError(409, duplicateIdError(resource, context.id).message, cause);
      }
      if (!fields)
        return new HttpError(409, named(`a ${resource.name} record with these values already exists`), cause);
      return new HttpError(
        409,
        named(fields.length > 1 ? 'this combination of values already exists' : 'the value already exists'),
        cause,
      );
    case 'foreign-key':
      // SQLite names no column of a foreign key: a delete is refused for the records referring to it.
      if (context.operation === 'delete') {
        return new HttpError(
          409,
          `${resource.name} ${quote(String(context.id))} cannot be deleted: other records refer to it`,
          cause,
        );
      }
      return new HttpError(409, named('refers to a record that does not exist'), cause);
    case 'not-null':
      return new HttpError(400, named(fields ? 'a value is required' : 'a required value is missing'), cause);
    case 'check':
      return new HttpError(
        400,
        fields
          ? named(fields.length === 1 ? 'the value is not allowed' : 'the values are not allowed together')
          : ['the record breaks a rule of the stored data'],
        cause,
      );
  }
}

/** A message that starts with the field it concerns (`authorId: ...`). */
const FIELD_MESSAGE = /^[A-Za-z_$][A-Za-z0-9_$]*: /;

/**
 * The error of the batch item at index `item` for `error`, a write error {@link toWriteError} made: each message names
 * the item first (`items[56].authorId: ...`, `items[56]: ...`), as the service names the items of a batch. Any other
 * error (a 404, a 503, a duplicate id's 409, which names no field) is returned as it is.
 */
export function toItemWriteError(error: unknown, item: number, table: WriteErrorTable): unknown {
  if (!(error instanceof HttpError) || error.statusCode >= 500 || error.statusCode === 404) return error;
  if (!table.dialect.constraintViolation(error.cause)) return error;
  if (error.message === duplicateIdError(table.resource).message) return error;
  const messages = typeof error.message === 'string' ? [error.message] : error.message;
  return new HttpError(
    error.statusCode,
    messages.map((message) =>
      FIELD_MESSAGE.test(message) ? `items[${item}].${message}` : `items[${item}]: ${message}`,
    ),
    { cause: error.cause },
  );
}
