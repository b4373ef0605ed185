import type { Column } from 'drizzle-orm';
import { z } from 'zod';
import { columnFieldSchema } from './column-field-schema';

/** A timestamp field: a `Date`, or ISO 8601 text with an offset (a JSON body's), read as the `Date` it names. */
const timestamp = () => z.union([z.date(), z.iso.datetime({ offset: true })]).pipe(z.coerce.date());

/** The base zod schema of a column of `drizzle-orm/sqlite-core`, before nullability, or `undefined` when none fits. */
function baseSchema(column: Column): z.ZodType | undefined {
  const values = column.enumValues;
  switch (column.columnType) {
    case 'SQLiteText': {
      if (Array.isArray(values) && values.length > 0) return z.enum(values as [string, ...string[]]);
      const { length } = column as Column & { readonly length?: number };
      return typeof length === 'number' ? z.string().max(length) : z.string();
    }
    case 'SQLiteInteger':
      return z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
    case 'SQLiteReal':
    case 'SQLiteNumericNumber':
      return z.number();
    case 'SQLiteNumeric':
      return z.string().regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, 'a decimal number');
    case 'SQLiteBoolean':
      return z.boolean();
    case 'SQLiteTimestamp':
      return timestamp();
    case 'SQLiteTextJson':
    case 'SQLiteBlobJson':
      return z.json();
    default:
      return undefined;
  }
}

/**
 * The zod schema of a field on a column of `drizzle-orm/sqlite-core`: text as a string (at most its `length`; with
 * `enum`, that enum), integer as a safe integer, `integer({ mode: 'boolean' })` as a boolean,
 * `integer({ mode: 'timestamp' | 'timestamp_ms' })` as a `Date`, real and numeric in `number` mode as numbers,
 * numeric (`string` mode) as decimal text, text and blob in `json` mode as JSON values; `.nullable()` when the column
 * is (and `.optional()` without a default, see `columnFieldSchema`).
 *
 * @throws TypeError naming the column for any other type (blob in `buffer` or `bigint` mode, numeric in `bigint`
 *   mode, custom types).
 */
export function sqliteFieldSchema(tableName: string, property: string, column: Column): z.ZodType {
  return columnFieldSchema(tableName, property, column, baseSchema(column));
}

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
