import {
  columnsOverLimits,
  constraintColumnsOf,
  toWriteError,
  type SqlErrorTable,
  type SqlViolation,
  type SqlWrite,
} from '../sql/index';
import type { TableFacts } from './table-facts';

/** What the repository knows of the write that failed (`paramFields`: `$1` is 1, the id's parameter the id field). */
export type WriteErrorContext = SqlWrite;

/** Options of {@link createWriteErrorMapper}. */
export interface WriteErrorMapperOptions {
  readonly resource: SqlErrorTable['resource'];
  /** The table's own name (without schema or quotes), as PostgreSQL reports it in `error.table`. */
  readonly tableName: string;
  /** The field stored in a column, or `undefined` for a column no field maps to. */
  readonly fieldOfColumn: (column: string) => string | undefined;
  /** The table's constraints and column limits, read lazily (`undefined` when they cannot be read now). */
  readonly facts: () => Promise<TableFacts | undefined>;
}

interface PgError {
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

/** The violation each SQLSTATE of a constraint violation (class 23) or of a client's value (class 22) reports. */
const VIOLATIONS: ReadonlyMap<string, SqlViolation> = new Map<string, SqlViolation>([
  ['23505', { kind: 'unique' }],
  ['23503', { kind: 'foreign-key' }],
  ['23502', { kind: 'not-null' }],
  ['23514', { kind: 'check' }],
  ['22001', { kind: 'value', problem: 'too-long' }],
  ['22003', { kind: 'value', problem: 'out-of-range' }],
  ['22P02', { kind: 'value', problem: 'invalid' }],
  ['22007', { kind: 'value', problem: 'date-invalid' }],
  ['22008', { kind: 'value', problem: 'date-out-of-range' }],
]);

/**
 * Returns a function that turns a constraint or data error of a write into the `HttpError` a client should get (see
 * the SQL engine's `toWriteError`), any other error returned as it is. This reader of PostgreSQL's errors finds the
 * columns in the error (`column`, `Key (a, b)=(...)` of `detail`, the `$n` of `where`) or in the table's catalog (a
 * constraint's columns, another table's foreign key, the columns a too-long or overflowing value breaks).
 */
export function createWriteErrorMapper(
  options: WriteErrorMapperOptions,
): (error: unknown, context: WriteErrorContext) => Promise<unknown> {
  const { tableName, facts } = options;
  const table: SqlErrorTable = { resource: options.resource, tableName, fieldOf: options.fieldOfColumn };
  /** The columns of a constraint: from the catalog, else from the error's detail (`Key (a, b)=(...)`). */
  const constraintColumns = async (error: PgError, referencing: boolean) => {
    const known = await facts();
    const name = typeof error.constraint === 'string' ? error.constraint : undefined;
    const columns =
      known && name !== undefined
        ? constraintColumnsOf(known, name, referencing ? String(error.table) : undefined)
        : undefined;
    if (columns) return columns;
    const detail = typeof error.detail === 'string' ? /\(([^()]*)\)=\(/.exec(error.detail) : null;
    return detail?.[1]?.split(', ').map((column) => column.replace(/^"(.*)"$/, '$1'));
  };
  /** A too-long string or an overflowing numeric(p, s) fails when assigned, with no column: the columns it breaks. */
  const columnsOver = async (problem: 'too-long' | 'out-of-range', record: SqlWrite['record']) => {
    const known = await facts();
    return known && record ? columnsOverLimits(known, problem, record, options.fieldOfColumn) : undefined;
  };
  const violationOf = async (error: PgError, code: string, write: SqlWrite): Promise<SqlViolation | undefined> => {
    const found = VIOLATIONS.get(code);
    const own = typeof error.table === 'string' ? error.table : undefined;
    const column = typeof error.column === 'string' ? [error.column] : undefined;
    if (found === undefined || (found.kind === 'foreign-key' && write.operation === 'delete')) return found;
    if (found.kind === 'not-null') return { ...found, columns: column, table: own };
    if (found.kind === 'foreign-key' && own !== undefined && own !== tableName) {
      // Another table's foreign key refuses a change of a value it refers to.
      return { ...found, referenced: true, columns: await constraintColumns(error, true) };
    }
    if (found.kind !== 'value') return { ...found, columns: await constraintColumns(error, false), table: own };
    const param = typeof error.where === 'string' ? /portal parameter \$(\d+)/.exec(error.where) : null;
    // A value without a column or a parameter: the columns over their length (22001), else over their bound.
    const problem = code === '22001' ? 'too-long' : 'out-of-range';
    if (column || !param) return { ...found, columns: column ?? (await columnsOver(problem, write.record)) };
    return { ...found, param: Number(param[1]) };
  };
  return async (raw, write) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    return toWriteError(await violationOf(raw as PgError, codeOf(raw), write), raw, table, write);
  };
}
