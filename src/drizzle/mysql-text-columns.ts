import { assertMariaDb } from './assert-maria-db';
import { CODE_POINT_COLLATION } from './mysql-sql-dialect';
import type { SqlRow } from './sql/index';

/** Runs one statement as it is and resolves its rows. */
export type MysqlReader = (text: string, params: readonly unknown[]) => Promise<readonly SqlRow[]>;

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

/** A column as `information_schema.COLUMNS` describes it: `DATA_TYPE`, and `null` for a column holding no text. */
export interface ColumnCollation {
  readonly type: string;
  readonly charset: string | null;
  readonly collation: string | null;
}

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

/** The text columns of the tables of one MariaDB database's repositories, and how each orders by code point. */
export interface MysqlTextColumns {
  /** How the column `column` of `table` orders by code point: `'convert'` until read (right for any character set). */
  orderOf(table: string, column: string): TextOrder;
  /**
   * Resolves once the server is known to be MariaDB and the columns of `table` are read: one statement, shared by
   * every call until it settles, and not repeated after (a migration that changes a collation later is seen by the
   * next process). A failed read is tried again by the next call; a server that is not MariaDB rejects every call
   * with `assertMariaDb`'s error.
   */
  ready(table: string): Promise<void>;
}

/** The server's version with the columns of the table (one row, the version alone, when none is found). */
const READ_COLUMNS =
  'SELECT VERSION() AS `version`, c.COLUMN_NAME AS `column`, c.DATA_TYPE AS `type`, ' +
  'c.CHARACTER_SET_NAME AS `charset`, c.COLLATION_NAME AS `collation` FROM (SELECT 1) AS `one` ' +
  'LEFT JOIN information_schema.COLUMNS AS c ON c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME = ?';

/**
 * The text columns of the repositories on one database read through `read` (see `mysqlReaderOf`), to be kept one per
 * database (so that an order by a to-one path sees the related table's columns once its repository read them).
 */
export function createMysqlTextColumns(read: MysqlReader): MysqlTextColumns {
  const orders = new Map<string, ReadonlyMap<string, TextOrder>>();
  const reads = new Map<string, Promise<void>>();
  const apply = (table: string, rows: readonly SqlRow[]) => {
    assertMariaDb(String(rows[0]?.['version'] ?? ''));
    const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
    const found = rows.filter((row) => text(row['column']) !== null && text(row['type']) !== null);
    const described = (row: SqlRow) => ({
      type: String(row['type']),
      charset: text(row['charset']),
      collation: text(row['collation']),
    });
    orders.set(table, new Map(found.map((row) => [String(row['column']), textOrderOf(described(row))])));
  };
  return Object.freeze({
    orderOf: (table: string, column: string) => orders.get(table)?.get(column) ?? 'convert',
    ready(table: string) {
      const done =
        reads.get(table) ??
        read(READ_COLUMNS, [table]).then(
          (rows) => apply(table, rows),
          (error: unknown) => {
            reads.delete(table);
            throw error;
          },
        );
      reads.set(table, done);
      return done;
    },
  });
}
