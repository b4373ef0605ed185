import { HttpError, duplicateIdError } from 'pagelope/kit';
import { toConstraintError, type ConstraintKind, type SqlValueProblem } from './constraint-error';
import { toItemError } from './to-item-error';
import type { SqlWrite } from './write-dialect';

/**
 * A constraint or value violation as a dialect reads it from a driver's error: what each dialect's small reader of
 * its error codes and fields gives, before {@link toWriteError} names the resource's fields and builds the answer.
 */
export interface SqlViolation {
  readonly kind: ConstraintKind;
  /** Why the value cannot be held, for a `'value'` violation. */
  readonly problem?: SqlValueProblem | undefined;
  /** The SQL columns the error names (without table or quotes), when it names them. */
  readonly columns?: readonly string[] | undefined;
  /** The SQL table of `columns`, when the error names one: another table's columns name no field. */
  readonly table?: string | undefined;
  /** Another table's foreign key refuses a change of the value it refers to (`columns` are this table's). */
  readonly referenced?: boolean | undefined;
  /** The bind parameter (from 1) whose value the column cannot hold, when the error names one. */
  readonly param?: number | undefined;
}

/** What {@link toWriteError} knows of the table written. */
export interface SqlErrorTable {
  readonly resource: { readonly name: string; readonly idField: string };
  /** The table's own SQL name (without schema or quotes), as the driver's errors name it. */
  readonly tableName: string;
  /** The field stored in a SQL column, or `undefined` for a column no field maps to. */
  fieldOf(column: string): string | undefined;
}

/** The fields `violation` concerns: a parameter's, or its columns' when they are all fields of the table written. */
function fieldsOf(violation: SqlViolation, table: SqlErrorTable, write: SqlWrite): readonly string[] | undefined {
  if (violation.param !== undefined) {
    const field = write.paramFields?.get(violation.param);
    return typeof field === 'string' ? [field] : undefined;
  }
  const { columns } = violation;
  if (!columns || columns.length === 0 || (violation.table !== undefined && violation.table !== table.tableName)) {
    return undefined;
  }
  const fields = columns.map((column) => table.fieldOf(column));
  return fields.every((field) => typeof field === 'string') ? (fields as string[]) : undefined;
}

/**
 * The answer a client gets for the error of a write in which a dialect read `violation`, the same on every store
 * (the driver's `error` kept as `cause`; see `toConstraintError`), or `error` itself when it read none. With
 * `write.item`, the batch item is named first (see {@link toItemWriteError}).
 */
export function toWriteError(
  violation: SqlViolation | undefined,
  error: unknown,
  table: SqlErrorTable,
  write: SqlWrite,
): unknown {
  if (!violation) return error;
  const { kind, problem, referenced } = violation;
  const broken = { kind, problem, referenced, fields: fieldsOf(violation, table, write) };
  const mapped = toConstraintError(broken, table.resource, write, error);
  return write.item === undefined ? mapped : toItemWriteError(mapped, write.item, table.resource);
}

/**
 * `error`, a write error {@link toWriteError} made, as the error of the batch item at index `item`: each message names
 * the item first (`items[56].authorId: ...`, `items[56]: ...`), as the service names the items of a batch. Any other
 * error (a 404, a 503, a duplicate id's 409, which names the id) is returned as it is.
 */
export function toItemWriteError(error: unknown, item: number, resource: { readonly name: string }): unknown {
  if (!(error instanceof HttpError) || error.statusCode >= 500 || error.statusCode === 404) return error;
  if (error.message === duplicateIdError(resource).message) return error;
  return toItemError(error, item, error.cause);
}
