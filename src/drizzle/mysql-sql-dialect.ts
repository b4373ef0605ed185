import { orderTermOf, readFault, type SqlFaultCodes } from '../sql/index';
import {
  dayOf,
  fromDriverValue,
  fromUtcText,
  POSITIONAL_SQL,
  toDriverValue,
  type ConstraintViolation,
  type DriverReaders,
  type SqlDialect,
  type SqlValueKind,
} from './sql/index';

/** The collation of code-point order: UTF-8 bytes compared, trailing spaces significant (`utf8mb4_bin` pads them). */
export const CODE_POINT_COLLATION = 'utf8mb4_nopad_bin';

/** Text bound as a literal of its own: what `mysql2` writes in place of the placeholder (its `toSqlString`). */
export interface CodePointText {
  toSqlString(): string;
  /** The text itself, as Drizzle's logger shows the parameter. */
  toJSON(): string;
}

const encoder = new TextEncoder();

/**
 * `text` as a `utf8mb4` literal in `utf8mb4_nopad_bin` (`_utf8mb4 X'61' COLLATE utf8mb4_nopad_bin`), for `mysql2`,
 * which formats the statements of `drizzle-orm/mysql2` on the client and writes a value's `toSqlString()` as it is.
 * An explicit collation decides a comparison, so a text column compares with it by code point (trailing spaces
 * significant) whatever the column's own collation (`'a' = 'A'` in MariaDB's default ones); in hexadecimal, no text
 * needs escaping whatever the `sql_mode`. With `collate` false, the literal has no collation of its own
 * (`_utf8mb4 X'61'`) and compares in the column's: for a column in `utf8mb4_nopad_bin`, ordered as it is, so that its
 * keyset conditions stay in the collation of its `ORDER BY` whatever a migration makes it.
 */
export function codePointText(text: string, collate = true): CodePointText {
  const hex = Array.from(encoder.encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const literal = `_utf8mb4 X'${hex}'${collate ? ` COLLATE ${CODE_POINT_COLLATION}` : ''}`;
  return Object.freeze({ toSqlString: () => literal, toJSON: () => text });
}

/**
 * The errors of MariaDB and MySQL (by `errno`: `mysql2`'s `code` for 4025 is MySQL's error of that number) that a
 * write's values caused, as the violation the repository answers for: duplicate keys (1062), references (1451 a
 * referenced row, 1452 no such row), a NULL or a missing value of a NOT NULL column (1048, 1364), a CHECK (4025, also
 * MariaDB's invalid JSON), and the values a strict `sql_mode` refuses: too long (1406), out of range (1264), an
 * incorrect date (1292), an incorrect value (1366) or one not in an ENUM (1265).
 */
const ERRORS: ReadonlyMap<unknown, ConstraintViolation> = new Map<unknown, ConstraintViolation>([
  [1062, { kind: 'unique' }],
  [1451, { kind: 'foreign-key', referenced: true }],
  [1452, { kind: 'foreign-key' }],
  [1048, { kind: 'not-null' }],
  [1364, { kind: 'not-null' }],
  [4025, { kind: 'check' }],
  [1406, { kind: 'value', problem: 'too-long' }],
  [1264, { kind: 'value', problem: 'out-of-range' }],
  [1292, { kind: 'value', problem: 'date-invalid' }],
  [1366, { kind: 'value', problem: 'invalid' }],
  [1265, { kind: 'value', problem: 'invalid' }],
]);

/** The server's message of a driver's error (`mysql2`'s `sqlMessage`, else its `message`), or `''`. */
export function sqlMessageOf(error: unknown): string {
  const { sqlMessage, message } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return typeof sqlMessage === 'string' ? sqlMessage : typeof message === 'string' ? message : '';
}

/** The column a message names (`Column 'c_title' cannot be null`, ``for column `db`.`t`.`c` at row 1``), if one. */
function columnOf(message: string): string | undefined {
  const match = /(?:Column|Field|for column) (?:'([^']+)'|`[^`]*`\.`[^`]*`\.`([^`]+)`)/.exec(message);
  return match?.[1] ?? match?.[2];
}

/**
 * The table and columns a foreign-key message names (``(`db`.`books`, CONSTRAINT `c` FOREIGN KEY (`author_id`)
 * REFERENCES `authors` (`id`))``), as far as it names them: the referring ones, or with `referenced` the referred ones.
 */
function referenceOf(message: string, referenced: boolean): Pick<ConstraintViolation, 'columns' | 'table'> {
  const table = (referenced ? /REFERENCES `([^`]+)`/ : /\(`[^`]*`\.`([^`]+)`, CONSTRAINT/).exec(message)?.[1];
  const list = (referenced ? /REFERENCES `[^`]+` \(([^)]*)\)/ : /FOREIGN KEY \(([^)]*)\)/).exec(message)?.[1];
  const columns = list?.split(',').map((name) => name.trim().replace(/^`|`$/g, ''));
  return { ...(table !== undefined && { table }), ...(columns && { columns }) };
}

/** Text as itself, anything else as its text. */
const asText = (value: unknown) => (typeof value === 'string' ? value : String(value));

/**
 * A value MariaDB gave through `drizzle-orm/mysql2` as a field of `kind` holds it: date and time columns come as UTC
 * text (Drizzle's session reads them so, whatever the pool's options), a day as the first ten characters of its text,
 * and JSON already parsed by `mysql2` (so taken as it is; see `fromDriverValue` for the rest).
 */
const READERS: DriverReaders = {
  date: fromUtcText,
  isoDate: dayOf,
  string: asText,
  enum: asText,
};

/**
 * Whether the text `expression` contains, starts or ends with the needle, by code point whatever its collation and
 * character set (a related table's column, a UUID's text): `INSTR` in `utf8mb4_nopad_bin`, and the leading or
 * trailing characters, as many as the needle has, equal to it.
 */
const textMatch: SqlDialect['textMatch'] = (mode, expression, value, bind) => {
  const needle = () => bind(value);
  // Written left to right: the placeholders are positional.
  const text = `CONVERT(${expression()} USING utf8mb4) COLLATE ${CODE_POINT_COLLATION}`;
  if (mode === 'contains') return `INSTR(${text}, ${needle()}) > 0`;
  return `${mode === 'starts' ? 'LEFT' : 'RIGHT'}(${text}, CHAR_LENGTH(${needle()})) = ${needle()}`;
};

/**
 * MariaDB's faults a retry may clear, by `errno`: a deadlock (1213, its transaction rolled back) is a conflict the
 * service may run again; a lock wait timeout (1205, only the statement rolled back), too many connections (1040), a
 * server shutting down (1053), a statement interrupted or timed out (1317, 1969), a connection killed (1927) or gone
 * (2006, 2013), and `mysql2`'s connection lost or closed the database unavailable for now.
 */
const MYSQL_FAULTS: SqlFaultCodes = {
  codeOf: ({ errno }: { errno?: unknown }) => (typeof errno === 'number' ? errno : undefined),
  conflict: new Set([1213]),
  unavailable: new Set([1205, 1040, 1053, 1317, 1969, 1927, 2006, 2013, 'PROTOCOL_CONNECTION_LOST']),
  lost: /connection is in closed state/,
};

/**
 * MariaDB 10.5 or later (`INSERT` and `DELETE ... RETURNING`) through `mysql2`: backquoted identifiers, `?`
 * placeholders, no `NULLS FIRST/LAST` (an `IS NULL` term first), code-point order and equality in
 * `utf8mb4_nopad_bin` whatever the column's collation, dates bound as UTC text; constraint and strict-mode value
 * errors read by `errno`.
 */
export const MYSQL_SQL_DIALECT: SqlDialect = Object.freeze({
  ...POSITIONAL_SQL,
  name: 'MariaDB',
  quoteIdentifier: (name: string) => `\`${name.replaceAll('`', '``')}\``,
  textMatch,
  orderTerm: orderTermOf(false),
  returning: Object.freeze({ insert: true, update: false, delete: true }),
  lockRead: 'FOR UPDATE',
  // Prepared statements hold at most 65,535; Drizzle's mysql2 session sends text, bounded by max_allowed_packet.
  maxParameters: 65_535,
  constraintViolation(error: unknown): ConstraintViolation | undefined {
    const found = ERRORS.get((error as { errno?: unknown } | null | undefined)?.errno);
    if (!found) return undefined;
    const text = sqlMessageOf(error);
    if (found.kind === 'foreign-key') return { ...found, ...referenceOf(text, found.referenced === true) };
    const column = found.kind === 'unique' ? undefined : columnOf(text);
    return { ...found, ...(column !== undefined && { columns: [column] }) };
  },
  // A `Date` as the UTC text MariaDB's DATETIME, TIMESTAMP and DATE take (`'2024-01-02 03:04:05.678'`).
  toDriver: (value: unknown, kind: SqlValueKind) =>
    toDriverValue(value, kind, (date) => date.toISOString().replace('T', ' ').replace('Z', '')),
  fromDriver: (value: unknown, kind: SqlValueKind) => fromDriverValue(value, kind, READERS),
  faultOf: (error: unknown) => readFault(error, MYSQL_FAULTS),
});
