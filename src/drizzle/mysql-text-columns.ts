import { assertMariaDb } from './assert-maria-db';
import { textOrderOf, type ColumnCollation, type TextOrder } from './mysql-text-order';
import type { SqlRow } from './sql/index';

/** Runs one statement as it is and resolves its rows. */
export type MysqlReader = (text: string, params: readonly unknown[]) => Promise<readonly SqlRow[]>;

/** The text columns of the tables of one MariaDB database's repositories, and how each orders by code point. */
export interface MysqlTextColumns {
  /**
   * Records that the columns `columns` (SQL names) of `table` hold text fields: they order `'convert'` until read
   * (right for any character set; a relation's subquery may use a table before its own repository read it).
   */
  register(table: string, columns: Iterable<string>): void;
  /** How the column `column` of `table` orders by code point, or `undefined` when it holds no text field. */
  orderOf(table: string, column: string): TextOrder | undefined;
  /**
   * Resolves once the server is known to be MariaDB and the columns of `table` are read: one statement for `table`
   * and every registered table not read yet, shared by every call until it settles, and not repeated after (a
   * migration that changes a collation later is seen by the next process). A failed read is tried again by the next
   * call; a server that is not MariaDB rejects every call with `assertMariaDb`'s error.
   */
  ready(table: string): Promise<void>;
}

/** The server's version with the columns of the tables listed (one row, the version alone, when none is found). */
const readStatement = (tables: number) =>
  'SELECT VERSION() AS `version`, c.TABLE_NAME AS `table`, c.COLUMN_NAME AS `column`, c.DATA_TYPE AS `type`, ' +
  'c.CHARACTER_SET_NAME AS `charset`, c.COLLATION_NAME AS `collation` FROM (SELECT 1) AS `one` ' +
  'LEFT JOIN information_schema.COLUMNS AS c ON c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME IN ' +
  `(${Array.from({ length: tables }, () => '?').join(', ')})`;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/**
 * The text columns of the repositories on one database read through `read` (see `mysqlReaderOf`), to be kept one per
 * database (so that an order by a to-one path sees the related table's columns).
 */
export function createMysqlTextColumns(read: MysqlReader): MysqlTextColumns {
  const texts = new Map<string, Set<string>>();
  const orders = new Map<string, Map<string, TextOrder>>();
  const reads = new Map<string, Promise<void>>();
  const apply = (rows: readonly SqlRow[], tables: readonly string[]) => {
    assertMariaDb(String(rows[0]?.['version'] ?? ''));
    for (const table of tables) orders.set(table, new Map());
    for (const row of rows) {
      const [table, column, type] = [text(row['table']), text(row['column']), text(row['type'])];
      if (table === null || column === null || type === null) continue;
      const described: ColumnCollation = { type, charset: text(row['charset']), collation: text(row['collation']) };
      orders.get(table)?.set(column, textOrderOf(described));
    }
  };
  return Object.freeze({
    register(table: string, columns: Iterable<string>) {
      let known = texts.get(table);
      if (!known) texts.set(table, (known = new Set()));
      for (const column of columns) known.add(column);
    },
    orderOf(table: string, column: string) {
      if (texts.get(table)?.has(column) !== true) return undefined;
      return orders.get(table)?.get(column) ?? textOrderOf(undefined);
    },
    ready(table: string) {
      const known = reads.get(table);
      if (known) return known;
      const tables = [...new Set([table, ...texts.keys()])].filter((name) => !reads.has(name));
      const done = read(readStatement(tables.length), tables).then(
        (rows) => apply(rows, tables),
        (error: unknown) => {
          for (const name of tables) reads.delete(name);
          throw error;
        },
      );
      for (const name of tables) reads.set(name, done);
      return done;
    },
  });
}
