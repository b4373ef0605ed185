import { CODE_POINT_COLLATION } from './mysql-sql-dialect';
import type { MysqlTextColumns } from './mysql-text-columns';
import { inCodePointOrder, type TextOrder } from './mysql-text-order';
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
 * needs escaping whatever the `sql_mode`. With `collate` false, the literal has no collation of its own
 * (`_utf8mb4 X'61'`) and compares in the column's: for a column in `utf8mb4_nopad_bin`, ordered as it is, so that its
 * keyset conditions stay in the collation of its `ORDER BY` whatever a migration makes it.
 */
export function codePointText(text: string, collate = true): CodePointText {
  const hex = Array.from(encoder.encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const literal = `_utf8mb4 X'${hex}'${collate ? ` COLLATE ${CODE_POINT_COLLATION}` : ''}`;
  return Object.freeze({ toSqlString: () => literal, toJSON: () => text });
}

const QUOTED = '`(?:[^`]|``)+`';
/** A column, qualified or not: its qualifier (a table or an alias) and its name, quoted. */
const COLUMN = new RegExp(`^(?:(${QUOTED})\\.)?(${QUOTED})$`);
/** A scalar subquery of one column of a table (an order by a to-one path): the column's and the table's names. */
const SUBQUERY = new RegExp(`^\\(SELECT (?:${QUOTED}\\.)?(${QUOTED}) FROM (${QUOTED}) AS `);

/** A quoted identifier's name. */
const unquote = (quoted: string) => quoted.slice(1, -1).replaceAll('``', '`');

/**
 * How `expression` orders by code point when it is a text column of `table` or a subquery reading one of another
 * table of `columns`, `aliased` for a column of another table's alias (inside a relation's subquery, whose table the
 * text does not name), else `undefined`.
 */
function orderOf(expression: string, table: string, columns: MysqlTextColumns, aliased?: TextOrder) {
  const [, qualifier, column] = COLUMN.exec(expression) ?? [];
  if (column !== undefined)
    return qualifier === undefined || unquote(qualifier) === table ? columns.orderOf(table, unquote(column)) : aliased;
  const [, inner, from] = SUBQUERY.exec(expression) ?? [];
  return inner !== undefined && from !== undefined ? columns.orderOf(unquote(from), unquote(inner)) : undefined;
}

/**
 * `dialect` for the table `table` (unquoted) of a database whose text columns are `columns`: an `ORDER BY` term on a
 * text column of the table, or on a subquery reading one of another table (an order by a to-one path), orders by
 * code point whatever the column's collation (see `TextOrder`: a column in `utf8mb4_nopad_bin` as it is, so that an
 * index serves the order), and a text match on a column of another character set, or of a related table, converts it
 * to `utf8mb4` first.
 */
export function withCodePointOrder(dialect: SqlDialect, table: string, columns: MysqlTextColumns): SqlDialect {
  return Object.freeze({
    ...dialect,
    orderTerm: (expression: () => string, direction: 'asc' | 'desc', nulls: 'first' | 'last' | 'none') =>
      dialect.orderTerm(
        () => {
          // Written as often as the dialect writes it: an expression may bind parameters each time.
          const text = expression();
          const order = orderOf(text, table, columns);
          return order === undefined ? text : inCodePointOrder(text, order);
        },
        direction,
        nulls,
      ),
    textMatch: (
      mode: 'contains' | 'starts' | 'ends',
      expression: () => string,
      needle: string,
      bind: (value: string) => string,
    ) =>
      dialect.textMatch(
        mode,
        () => {
          const text = expression();
          // A related table's column (a relation filter's EXISTS) may be of any character set: converted, as a
          // column of another one is (a match on utf8mb4 text is the same either way; no index serves it).
          return orderOf(text, table, columns, 'convert') === 'convert' ? `CONVERT(${text} USING utf8mb4)` : text;
        },
        needle,
        bind,
      ),
  });
}
