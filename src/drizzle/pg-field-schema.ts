import type { Column } from 'drizzle-orm';
import { z } from 'zod';
import { columnFieldSchema, integerField, textField, timestampField } from './column-field-schema';

const INTEGER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  PgSmallInt: [-32768, 32767],
  PgSmallSerial: [-32768, 32767],
  PgInteger: [-2147483648, 2147483647],
  PgSerial: [-2147483648, 2147483647],
  PgBigInt53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  PgBigSerial53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** The base zod schema of a column of `drizzle-orm/pg-core`, before nullability, or `undefined` when none fits. */
function baseSchema(column: Column): z.ZodType | undefined {
  const { columnType } = column;
  const range = Object.hasOwn(INTEGER_RANGES, columnType) ? INTEGER_RANGES[columnType] : undefined;
  if (range) return integerField(range);
  switch (columnType) {
    case 'PgText':
    case 'PgVarchar':
    case 'PgEnumColumn':
      return textField(column);
    case 'PgUUID':
      return z.guid();
    case 'PgReal':
    case 'PgDoublePrecision':
    case 'PgNumericNumber':
      return z.number();
    case 'PgBoolean':
      return z.boolean();
    case 'PgTimestamp':
    case 'PgDate':
      return timestampField();
    case 'PgDateString':
      return z.iso.date();
    case 'PgJsonb':
      return z.json();
    default:
      return undefined;
  }
}

/**
 * The zod schema of a field on a column of `drizzle-orm/pg-core`: text and varchar as strings (at most the varchar's
 * length), a text or varchar with `enum` and a `pgEnum` as that enum, the integers (and bigint in `number` mode,
 * serials) as integers within the column's range, real, double precision and numeric in `number` mode as numbers,
 * boolean, timestamp and date in `date` mode as `Date`s, date in `string` mode as `'YYYY-MM-DD'` text, uuid, jsonb as
 * JSON values; `.nullable()` when the column is.
 *
 * @throws TypeError naming the column for any other type (char, numeric in `string` mode, bigint in `bigint` mode,
 *   timestamp in `string` mode, json, arrays, custom types, ...).
 */
export function pgFieldSchema(tableName: string, property: string, column: Column): z.ZodType {
  return columnFieldSchema(tableName, property, column, baseSchema(column));
}

/** Whether the database fills a column that an INSERT leaves out: a default, a serial, an identity. */
export function hasDatabaseDefault(column: Column): boolean {
  return (
    column.default !== undefined ||
    column.generatedIdentity !== undefined ||
    /^PgSmallSerial$|^PgSerial$|^PgBigSerial/.test(column.columnType)
  );
}
