import { HttpError, duplicateIdError, notFoundError } from 'pagelope/kit';
import { toConstraintError, toItemError, type ConstraintBreak, type ConstraintKind, type SqlWrite } from '../sql/index';
import type { TableFacts } from './table-facts';

/** What the repository knows of the write that failed (`paramFields`: `$1` is 1, the id's parameter the id field). */
export type WriteErrorContext = SqlWrite;

/** Options of {@link createWriteErrorMapper}. */
export interface WriteErrorMapperOptions {
  readonly resource: { readonly name: string; readonly idField: string };
  /** The table's own name (without schema or quotes), as PostgreSQL reports it in `error.table`. */
  readonly tableName: string;
  /** The field stored in a column, or `undefined` for a column no field maps to. */
  readonly fieldOfColumn: (column: string) => string | undefined;
  /** The table's constraints and column limits, read lazily (`undefined` when they cannot be read now). */
  readonly facts: () => Promise<TableFacts | undefined>;
}

interface PgError {
  readonly code?: unknown;
  readonly column?: unknown;
  readonly constraint?: unknown;
  readonly table?: unknown;
  readonly detail?: unknown;
  readonly where?: unknown;
}

/** The SQLSTATE of a PostgreSQL error, or `''`. */
export const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/** Whether `error` is a data exception (class 22) or a constraint violation (class 23), which names no row. */
export const isValueError = (error: unknown): boolean => /^2[23]/.test(codeOf(error));

/** The constraint each SQLSTATE of a constraint violation reports as broken. */
const CONSTRAINT_KINDS: ReadonlyMap<string, ConstraintKind> = new Map([
  ['23505', 'unique'],
  ['23503', 'foreign-key'],
  ['23502', 'not-null'],
  ['23514', 'check'],
]);

/** Data exceptions a client's value causes, with the message given for it (after the field's name). */
const DATA_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['22001', 'the value is too long'],
  ['22003', 'the number is out of range'],
  ['22P02', 'the value is not valid'],
  ['22007', 'the date or time is not valid'],
  ['22008', 'the date or time is out of range'],
]);

/**
 * Returns a function that turns a constraint or data error of a write into the `HttpError` a client should get, the
 * original error kept as `cause` (any other error is returned as it is): a unique violation (23505) is a 409 (a
 * duplicate id the usual duplicate-id 409), a foreign-key violation (23503) a 409, a not-null (23502) or check
 * (23514) violation a 400, and a value the column cannot hold (22001, 22003, 22P02, 22007, 22008) a 400. Each names
 * the resource's fields where the error or the table's catalog tells which, and never a table, a column, a
 * constraint or the SQL. With `context.item`, each message names the batch item first (`items[56].authorId: ...`,
 * `items[56]: ...`), as the service names the items of a batch; a duplicate id (which names the id) and the 404 of
 * an id the column cannot hold are left as a single write's.
 */
export function createWriteErrorMapper(
  options: WriteErrorMapperOptions,
): (error: unknown, context: WriteErrorContext) => Promise<unknown> {
  const map = createErrorMapper(options);
  return async (raw, context) => {
    const mapped = await map(raw, context);
    const { item } = context;
    if (item === undefined || !(mapped instanceof HttpError) || mapped === raw || mapped.statusCode === 404) {
      return mapped;
    }
    if (context.id !== undefined && mapped.message === duplicateIdError(options.resource, context.id).message) {
      return mapped;
    }
    return toItemError(mapped, item, raw);
  };
}

function createErrorMapper(
  options: WriteErrorMapperOptions,
): (error: unknown, context: WriteErrorContext) => Promise<unknown> {
  const { resource, tableName, fieldOfColumn, facts } = options;
  const { idField } = resource;
  /** The fields of columns, or `undefined` when a column maps to no field. */
  const fieldsOf = (columns: readonly string[] | undefined) => {
    if (!columns || columns.length === 0) return undefined;
    const fields = columns.map(fieldOfColumn);
    return fields.every((field) => typeof field === 'string') ? (fields as string[]) : undefined;
  };
  /** The columns of a constraint: from the catalog, else from the error's detail (`Key (a, b)=(...)`). */
  const constraintColumns = async (error: PgError, referencing = false) => {
    const known = await facts();
    const name = typeof error.constraint === 'string' ? error.constraint : undefined;
    if (known && name !== undefined) {
      const columns = referencing
        ? known.referencedBy.get(`${String(error.table)}.${name}`)
        : known.constraints.get(name);
      if (columns) return columns;
    }
    const detail = typeof error.detail === 'string' ? /\(([^()]*)\)=\(/.exec(error.detail) : null;
    return detail?.[1]?.split(', ').map((column) => column.replace(/^"(.*)"$/, '$1'));
  };
  const fieldsOfData = async (error: PgError, context: WriteErrorContext): Promise<string[] | undefined> => {
    if (typeof error.column === 'string') return fieldsOf([error.column]);
    const param = typeof error.where === 'string' ? /portal parameter \$(\d+)/.exec(error.where) : null;
    if (param) {
      const field = context.paramFields?.get(Number(param[1]));
      return field === undefined ? undefined : [field];
    }
    // A too-long string or an overflowing numeric(p, s) fails when assigned, with no column: find the values that do.
    const known = await facts();
    const record = context.record;
    if (!known || !record) return undefined;
    const limits = error.code === '22001' ? known.maxLength : known.numericBound;
    const found: string[] = [];
    for (const [column, limit] of limits) {
      const field = fieldOfColumn(column);
      const value = typeof field === 'string' && Object.hasOwn(record, field) ? record[field] : undefined;
      if (value === undefined || value === null) continue;
      const over =
        error.code === '22001'
          ? typeof value === 'string' && [...value].length > limit
          : Math.abs(Number(value)) >= limit;
      if (over) found.push(field as string);
    }
    return found.length > 0 ? found : undefined;
  };

  /** The constraint a 23xxx error reports as broken, its columns as fields (none read for a refused delete). */
  const constraintBreakOf = async (
    code: string,
    error: PgError,
    ownTable: boolean,
    operation: WriteErrorContext['operation'],
  ): Promise<ConstraintBreak | undefined> => {
    const kind = CONSTRAINT_KINDS.get(code);
    if (kind === undefined || (kind === 'foreign-key' && operation === 'delete')) return kind && { kind };
    if (kind === 'foreign-key' && !ownTable) {
      // Another table's foreign key refuses a change of a value it refers to.
      return { kind, fields: fieldsOf(await constraintColumns(error, true)), referenced: true };
    }
    if (kind === 'not-null') {
      return { kind, fields: ownTable && typeof error.column === 'string' ? fieldsOf([error.column]) : undefined };
    }
    const fields = ownTable || kind === 'foreign-key' ? fieldsOf(await constraintColumns(error)) : undefined;
    return { kind, fields };
  };

  return async (raw, context) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const error = raw as PgError;
    const code = codeOf(error);
    const cause = { cause: raw };
    const ownTable = error.table === undefined || error.table === tableName;

    const broken = await constraintBreakOf(code, error, ownTable, context.operation);
    if (broken) return toConstraintError(broken, resource, context, raw);
    const dataMessage = DATA_MESSAGES.get(code);
    if (dataMessage !== undefined) {
      const fields = await fieldsOfData(error, context);
      // A path id the id column cannot hold names no record: answered as an id that does not exist.
      if (context.operation !== 'create' && fields?.length === 1 && fields[0] === idField) {
        return new HttpError(404, notFoundError(resource, context.id).message, cause);
      }
      return new HttpError(400, fields ? fields.map((field) => `${field}: ${dataMessage}`) : [dataMessage], cause);
    }
    return raw;
  };
}
