import type { SqlFault } from '../../sql/index';
import type { ConstraintKind, ConstraintViolation, SqlDialect, SqlValueKind } from './sql-dialect';

/** SQLite's messages of a broken constraint (`UNIQUE constraint failed: t.a, t.b`), by the kind they report. */
const MESSAGES: readonly (readonly [RegExp, ConstraintKind])[] = [
  [/UNIQUE constraint failed: (.*)$/m, 'unique'],
  [/PRIMARY KEY constraint failed|constraint failed: .*PRIMARY KEY/, 'unique'],
  [/FOREIGN KEY constraint failed/, 'foreign-key'],
  [/NOT NULL constraint failed: (.*)$/m, 'not-null'],
  [/CHECK constraint failed: (.*)$/m, 'check'],
];

/** `table.column, table.column` of a SQLite message as the table and the columns. */
function namesOf(list: string | undefined): Pick<ConstraintViolation, 'columns' | 'table'> {
  if (list === undefined || !list.includes('.')) return {};
  const pairs = list.split(', ').map((pair) => pair.trim().split('.'));
  if (pairs.some((pair) => pair.length !== 2)) return {};
  return { table: pairs[0]?.[0], columns: pairs.map((pair) => pair[1] as string) };
}

/** SQLite's text of a value: a `Date` as ISO 8601 UTC text, a boolean as 0 or 1, a JSON value as its JSON text. */
function toDriver(value: unknown, kind: SqlValueKind): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Uint8Array) return value;
  if (kind === 'other' || typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** A value SQLite read, as a field of `kind` holds it (ISO or integer-milliseconds dates, 0/1 booleans, JSON text). */
function fromDriver(value: unknown, kind: SqlValueKind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'date':
      return value instanceof Date ? value : new Date(typeof value === 'bigint' ? Number(value) : (value as string));
    case 'boolean':
      return typeof value === 'boolean' ? value : Number(value) !== 0;
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'string':
      return typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
    case 'other':
      return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    default:
      return value;
  }
}

/** The fields of a SQLite driver's error that tell a busy database. */
interface BusyFields {
  readonly errno?: unknown;
  readonly code?: unknown;
  readonly errcode?: unknown;
  readonly message?: unknown;
}

/** The fault SQLite reports: a busy database (`SQLITE_BUSY`, node:sqlite's 5, sql.js's `database is locked`). */
function faultOf(error: unknown): SqlFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { errno, code, errcode, message } = error as BusyFields;
  const busy =
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) ||
    (typeof errcode === 'number' && (errcode & 0xff) === 5) ||
    (typeof message === 'string' && /^database is locked/.test(message) && errno === undefined);
  return busy ? 'conflict' : undefined;
}

/**
 * SQLite (3.35 or later: `RETURNING`, `NULLS FIRST/LAST`): double-quoted identifiers, `?` placeholders, BINARY
 * collation (code-point order of UTF-8 text), dates as ISO 8601 UTC text unless the column stores them otherwise,
 * booleans as 0/1, JSON as text; constraint errors read from the message every SQLite driver keeps
 * (`UNIQUE constraint failed: books.isbn`); a busy database is a conflict the service may run again.
 */
export const SQLITE_SQL_DIALECT: SqlDialect = Object.freeze({
  name: 'SQLite',
  quoteIdentifier: (name: string) => `"${name.replaceAll('"', '""')}"`,
  placeholder: () => '?',
  textMatch(
    mode: 'contains' | 'starts' | 'ends',
    expression: () => string,
    value: string,
    bind: (value: string) => string,
  ): string {
    const needle = () => bind(value);
    if (mode === 'contains') return `instr(${expression()}, ${needle()}) > 0`;
    if (mode === 'starts') return `substr(${expression()}, 1, length(${needle()})) = ${needle()}`;
    // substr(x, -0) is not the empty suffix: an empty needle ends every text.
    return `(length(${needle()}) = 0 AND ${expression()} IS NOT NULL OR substr(${expression()}, -length(${needle()})) = ${needle()})`;
  },
  orderTerm: (expression: () => string, direction: 'asc' | 'desc', nulls: 'first' | 'last' | 'none') =>
    nulls === 'none'
      ? `${expression()} ${direction.toUpperCase()}`
      : `${expression()} ${direction.toUpperCase()} NULLS ${nulls.toUpperCase()}`,
  rowKeyset: false,
  never: '1 = 0',
  always: '1 = 1',
  codePoint: (expression: string) => `${expression} COLLATE BINARY`,
  returning: Object.freeze({ insert: true, update: true, delete: true }),
  // SQLITE_MAX_VARIABLE_NUMBER is 32,766 since 3.32 (999 before).
  maxParameters: 32_766,
  foreignKeyList:
    'SELECT "id" AS "id", "table" AS "parent", "from" AS "from", "to" AS "to" FROM pragma_foreign_key_list(?)',
  constraintViolation(error: unknown): ConstraintViolation | undefined {
    const message = error instanceof Error ? error.message : undefined;
    if (message === undefined) return undefined;
    for (const [pattern, kind] of MESSAGES) {
      const match = pattern.exec(message);
      if (match) return { kind, ...(kind === 'check' ? {} : namesOf(match[1])) };
    }
    return undefined;
  },
  toDriver,
  fromDriver,
  faultOf,
});
