import { CODE_POINT_COLLATION } from './mysql-sql-dialect';
import type { SqlDialect } from './sql/index';

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
 * needs escaping whatever the `sql_mode`.
 */
export function codePointText(text: string): CodePointText {
  const hex = Array.from(encoder.encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const literal = `_utf8mb4 X'${hex}' COLLATE ${CODE_POINT_COLLATION}`;
  return Object.freeze({ toSqlString: () => literal, toJSON: () => text });
}

const QUOTED = '`(?:[^`]|``)+`';
/** A column, qualified or not: the column's quoted name. */
const COLUMN = new RegExp(`^(?:${QUOTED}\\.)?(${QUOTED})$`);
/** A scalar subquery of one column of a table (an order by a to-one path): the column's and the table's names. */
const SUBQUERY = new RegExp(`^\\(SELECT (?:${QUOTED}\\.)?(${QUOTED}) FROM (${QUOTED}) AS `);

/** The text columns of the tables of one database, quoted, by quoted table name. */
export type TextColumns = Map<string, ReadonlySet<string>>;

/** Whether `expression` is a text column of `table` or a subquery reading one of another table of `tables`. */
function isText(expression: string, table: string, tables: TextColumns): boolean {
  const column = COLUMN.exec(expression)?.[1];
  if (column !== undefined) return tables.get(table)?.has(column) === true;
  const [, inner, from] = SUBQUERY.exec(expression) ?? [];
  return inner !== undefined && from !== undefined && tables.get(from)?.has(inner) === true;
}

/**
 * `dialect` for the table `table` (quoted) of a database whose tables' text columns are `tables`: an `ORDER BY` term
 * on a text column of the table, or on a subquery reading one of another table (an order by a to-one path), orders
 * by code point (`COLLATE utf8mb4_nopad_bin`) whatever the column's collation.
 */
export function withCodePointOrder(dialect: SqlDialect, table: string, tables: TextColumns): SqlDialect {
  return Object.freeze({
    ...dialect,
    orderTerm: (expression: () => string, direction: 'asc' | 'desc', nulls: 'first' | 'last' | 'none') =>
      dialect.orderTerm(
        () => {
          // Written as often as the dialect writes it: an expression may bind parameters each time.
          const text = expression();
          return isText(text, table, tables) ? dialect.codePoint(text) : text;
        },
        direction,
        nulls,
      ),
  });
}
