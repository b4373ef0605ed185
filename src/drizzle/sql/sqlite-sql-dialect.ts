import { orderTermOf, readFault, type SqlFaultCodes } from '../../sql/index';
import { fromDriverValue, toDriverValue, type DriverReaders } from './driver-values';
import { POSITIONAL_SQL, type ConstraintViolation, type SqlDialect, type SqlValueKind } from './sql-dialect';

/**
 * SQLite's messages of a broken constraint (`UNIQUE constraint failed: t.a, t.b`), and of a value a STRICT table's
 * column cannot hold (`cannot store TEXT value in INTEGER column t.a`), by the violation they report.
 */
const MESSAGES: readonly (readonly [RegExp, ConstraintViolation])[] = [
  [/UNIQUE constraint failed: (.*)$/m, { kind: 'unique' }],
  [/PRIMARY KEY constraint failed|constraint failed: .*PRIMARY KEY/, { kind: 'unique' }],
  [/FOREIGN KEY constraint failed/, { kind: 'foreign-key' }],
  [/NOT NULL constraint failed: (.*)$/m, { kind: 'not-null' }],
  [/CHECK constraint failed: (.*)$/m, { kind: 'check' }],
  [/cannot store \w+ value in \w+ column (.*)$/m, { kind: 'value', problem: 'invalid' }],
];

/** `table.column, table.column` of a SQLite message as the table and the columns. */
function namesOf(list: string | undefined): Pick<ConstraintViolation, 'columns' | 'table'> {
  if (list === undefined || !list.includes('.')) return {};
  const pairs = list.split(', ').map((pair) => pair.trim().split('.'));
  if (pairs.some((pair) => pair.length !== 2)) return {};
  return { table: pairs[0]?.[0], columns: pairs.map((pair) => pair[1] as string) };
}

/**
 * A value SQLite read, as a field of `kind` holds it: ISO or integer-milliseconds dates, text from a number, JSON
 * from its text (see `fromDriverValue` for the rest).
 */
const READERS: DriverReaders = {
  date: (value) =>
    value instanceof Date ? value : new Date(typeof value === 'bigint' ? Number(value) : (value as string)),
  string: (value) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value),
  other: (value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value),
};

/** A busy database, a conflict: `SQLITE_BUSY(_*)`, node:sqlite's `errcode` 5, sql.js's bare `database is locked`. */
const SQLITE_FAULTS: SqlFaultCodes = {
  codeOf({ errno, code, errcode, message }: { errno?: unknown; code?: unknown; errcode?: unknown; message?: unknown }) {
    const busy =
      (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) ||
      (typeof errcode === 'number' && (errcode & 0xff) === 5) ||
      (typeof message === 'string' && /^database is locked/.test(message) && errno === undefined);
    return busy ? 'SQLITE_BUSY' : undefined;
  },
  conflict: new Set(['SQLITE_BUSY']),
  unavailable: new Set(),
};

/**
 * SQLite (3.35 or later: `RETURNING`, `NULLS FIRST/LAST`): double-quoted identifiers, `?` placeholders, BINARY
 * collation (code-point order of UTF-8 text), dates as ISO 8601 UTC text unless the column stores them otherwise,
 * booleans as 0/1, JSON as text; constraint errors read from the message every SQLite driver keeps
 * (`UNIQUE constraint failed: books.isbn`); a busy database is a conflict the service may run again.
 */
export const SQLITE_SQL_DIALECT: SqlDialect = Object.freeze({
  ...POSITIONAL_SQL,
  name: 'SQLite',
  quoteIdentifier: (name: string) => `"${name.replaceAll('"', '""')}"`,
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
  orderTerm: orderTermOf(true),
  returning: Object.freeze({ insert: true, update: true, delete: true }),
  // SQLITE_MAX_VARIABLE_NUMBER is 32,766 since 3.32 (999 before).
  maxParameters: 32_766,
  foreignKeyList:
    'SELECT "id" AS "id", "table" AS "parent", "from" AS "from", "to" AS "to" FROM pragma_foreign_key_list(?)',
  constraintViolation(error: unknown): ConstraintViolation | undefined {
    const message = error instanceof Error ? error.message : undefined;
    if (message === undefined) return undefined;
    for (const [pattern, found] of MESSAGES) {
      const match = pattern.exec(message);
      if (match) return { ...found, ...(found.kind === 'check' ? {} : namesOf(match[1])) };
    }
    return undefined;
  },
  toDriver: (value: unknown, kind: SqlValueKind) => toDriverValue(value, kind, (date) => date.toISOString()),
  fromDriver: (value: unknown, kind: SqlValueKind) => fromDriverValue(value, kind, READERS),
  faultOf: (error: unknown) => readFault(error, SQLITE_FAULTS),
});
