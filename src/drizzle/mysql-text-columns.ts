import { columnCollationsOf, type ColumnCollation } from '../sql/index';
import { assertMariaDb } from './assert-maria-db';
import { CODE_POINT_COLLATION } from './mysql-sql-dialect';
import type { SqlRow } from './sql/index';

/**
 * How a text column of MariaDB is ordered and compared by code point: `'as-is'` (in `utf8mb4_nopad_bin` already:
 * the column itself, which an index on it serves, its values bound without a collation so that they take the
 * column's), `'collate'` (`x COLLATE utf8mb4_nopad_bin`, values bound in that collation) or `'convert'` (a column of
 * another character set, which cannot take that collation: `CONVERT(x USING utf8mb4) COLLATE utf8mb4_nopad_bin`).
 * `'native'`: a column of a type that holds no text but has an order of its own, which a text field's values are
 * converted to (MariaDB's `UUID`, `BINARY`, `VARBINARY`): the column as it is, in its type's order (an index on it
 * serves it), its values bound as the column's Drizzle type maps them (a `customType`'s `toDriver`), with no
 * collation.
 */
export type TextOrder = 'as-is' | 'collate' | 'convert' | 'native';

/** The types whose values order as their text: ENUM and SET order by their members' positions, not their text. */
const TEXT_TYPES = new Set(['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext']);

/**
 * The types that hold no text, whose values compare and order in their own type (`UUID`'s order swaps the segments
 * of versions 1 to 5; bytes compare as unsigned bytes), and that an index on them serves only so.
 */
const NATIVE_TYPES = new Set(['uuid', 'binary', 'varbinary']);

/**
 * The {@link TextOrder} of a text field's column described by `column`: `'as-is'` only for CHAR, VARCHAR and TEXT in
 * `utf8mb4_nopad_bin` (`utf8mb4_bin` pads: `'a' = 'a '`), `'native'` for UUID, BINARY and VARBINARY, `'convert'`
 * for any character set but `utf8mb4` and for a column not read (`undefined`: a related table whose repository has
 * not read its collations yet, or not found), which may be of any (on `utf8mb4` text the same order as `'collate'`),
 * `'collate'` for the rest.
 */
export function textOrderOf(column: ColumnCollation | undefined): TextOrder {
  if (!column) return 'convert';
  if (column.charset === null) return NATIVE_TYPES.has(column.type.toLowerCase()) ? 'native' : 'collate';
  if (column.charset.toLowerCase() !== 'utf8mb4') return 'convert';
  const asText = TEXT_TYPES.has(column.type.toLowerCase());
  return asText && column.collation?.toLowerCase() === CODE_POINT_COLLATION ? 'as-is' : 'collate';
}

/** `expression` (a column or a subquery reading one) in code-point order, as a column of `order` needs it. */
export function inCodePointOrder(expression: string, order: TextOrder): string {
  if (order === 'as-is' || order === 'native') return expression;
  const text = order === 'convert' ? `CONVERT(${expression} USING utf8mb4)` : expression;
  return `${text} COLLATE ${CODE_POINT_COLLATION}`;
}

/**
 * The server's version with the columns of the table, each named `name` (one row, the version alone and a NULL name,
 * when none is found): the column check's read of the table's columns on MariaDB.
 */
export const READ_COLUMNS =
  'SELECT VERSION() AS `version`, c.COLUMN_NAME AS `name`, c.DATA_TYPE AS `type`, ' +
  'c.CHARACTER_SET_NAME AS `charset`, c.COLLATION_NAME AS `collation` FROM (SELECT 1) AS `one` ' +
  'LEFT JOIN information_schema.COLUMNS AS c ON c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME = ?';

/**
 * The columns of a table as {@link READ_COLUMNS} read them (see `columnCollationsOf`).
 *
 * @throws Error of `assertMariaDb` for a server that is not MariaDB 10.5 or later.
 */
export function mariaDbColumnsOf(rows: readonly SqlRow[]): ReadonlyMap<string, ColumnCollation> {
  assertMariaDb(String(rows[0]?.['version'] ?? ''));
  return columnCollationsOf(rows);
}
