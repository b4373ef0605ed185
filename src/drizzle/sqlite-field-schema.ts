import type { Column } from 'drizzle-orm';
import { z } from 'zod';
import { COLUMN_KINDS, integerKind } from '../sql/index';
import { textKindOf, type ColumnBases } from './column-field-schema';

/**
 * The base of a field on each column type of `drizzle-orm/sqlite-core`, which gives its zod schema and its kind (see
 * `fieldSchemaOf` and `columnKindOf`): text as a string (at most its `length`; with `enum`, that enum), integer as a
 * safe integer, `integer({ mode: 'boolean' })` as a boolean, `integer({ mode: 'timestamp' | 'timestamp_ms' })` as a
 * `Date`, real and numeric in `number` mode as numbers, numeric (`string` mode) as decimal text, text and blob in
 * `json` mode as JSON values; `.nullable()` when the column is (and `.optional()` without a default, see
 * `columnFieldSchema`). Any other type (blob in `buffer` or `bigint` mode, numeric in `bigint` mode, custom types)
 * has no base: its field schema throws a TypeError naming the column.
 */
export const SQLITE_COLUMN_BASES: ColumnBases = {
  SQLiteText: textKindOf,
  // A numeric column in `string` mode takes the decimal text SQLite's NUMERIC affinity reads, exponents included.
  SQLiteNumeric: () => z.string().regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, 'a decimal number'),
  SQLiteInteger: integerKind(8),
  SQLiteReal: COLUMN_KINDS.float,
  SQLiteNumericNumber: COLUMN_KINDS.float,
  SQLiteBoolean: COLUMN_KINDS.boolean,
  SQLiteTimestamp: COLUMN_KINDS.timestamp,
  SQLiteTextJson: COLUMN_KINDS.json,
  SQLiteBlobJson: COLUMN_KINDS.json,
};

/**
 * Whether SQLite fills a column an INSERT leaves out: a `.default(...)`, or an `integer` primary key (the rowid,
 * autoincrement or not). A `$defaultFn` is computed by the repository before the INSERT.
 */
export function sqliteHasDatabaseDefault(column: Column): boolean {
  return (
    column.default !== undefined ||
    column.defaultFn !== undefined ||
    (column.primary && column.columnType === 'SQLiteInteger')
  );
}
