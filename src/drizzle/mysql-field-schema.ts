import type { Column } from 'drizzle-orm';
import { z } from 'zod';
import { columnFieldSchema, integerField, textField, timestampField } from './column-field-schema';

const SAFE: readonly [number, number] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

/** The signed range of each integer type (the unsigned one is `[0, max - min]`, at most the safe integers). */
const INTEGER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  MySqlTinyInt: [-128, 127],
  MySqlSmallInt: [-32768, 32767],
  MySqlMediumInt: [-8388608, 8388607],
  MySqlInt: [-2147483648, 2147483647],
  MySqlBigInt53: SAFE,
};

/** The range of an integer column of `drizzle-orm/mysql-core`, or `undefined` for any other column. */
function integerRange(column: Column): readonly [number, number] | undefined {
  // serial is BIGINT UNSIGNED AUTO_INCREMENT, read in `number` mode.
  if (column.columnType === 'MySqlSerial') return [0, Number.MAX_SAFE_INTEGER];
  const range = Object.hasOwn(INTEGER_RANGES, column.columnType) ? INTEGER_RANGES[column.columnType] : undefined;
  if (!range || !isUnsigned(column)) return range;
  return [0, Math.min(range[1] - range[0], Number.MAX_SAFE_INTEGER)];
}

/** Whether a numeric column is `unsigned` (its SQL type says so). */
const isUnsigned = (column: Column): boolean => column.getSQLType().endsWith(' unsigned');

/** The digits of a second's fraction a DATETIME or TIMESTAMP column keeps (`fsp`, 0 by default). */
const fractionDigits = (column: Column): number => {
  const { fsp } = column as Column & { readonly fsp?: unknown };
  return typeof fsp === 'number' ? fsp : 0;
};

/** A `Date` field of a DATETIME or TIMESTAMP column, refused when it has milliseconds the column would drop. */
function instantField(column: Column): z.ZodType {
  const step = 10 ** (3 - Math.min(fractionDigits(column), 3));
  return timestampField().refine((date) => date.getTime() % step === 0, {
    message: `Must be a whole multiple of ${step} ms (the column keeps ${fractionDigits(column)} fraction digits)`,
  });
}

/**
 * `'YYYY-MM-DD hh:mm:ss[.f]'` text of a DATETIME or TIMESTAMP column in `string` mode, with exactly the fraction
 * digits the column keeps (as MariaDB writes it back) and naming a real instant.
 */
function instantTextField(column: Column): z.ZodType {
  const digits = fractionDigits(column);
  const pattern = new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}${digits > 0 ? `\\.\\d{${digits}}` : ''}$`);
  return z
    .string()
    .regex(pattern, { message: `Must be 'YYYY-MM-DD hh:mm:ss${digits > 0 ? `.${'f'.repeat(digits)}` : ''}' text` })
    .refine((text) => z.iso.datetime({ local: true, precision: digits }).safeParse(text.replace(' ', 'T')).success, {
      message: 'Must name a real date and time',
    });
}

/** A `Date` field of a DATE column in `date` mode: midnight UTC, the instant Drizzle reads the day as. */
const dayField = (): z.ZodType =>
  timestampField().refine((date) => date.getTime() % 86_400_000 === 0, { message: 'Must be a midnight UTC' });

/** CHAR text: what the column gives back, so never ending in a space (MariaDB drops trailing spaces of CHAR). */
const charField = (column: Column): z.ZodType =>
  textField(column).refine((text) => !text.endsWith(' '), { message: 'Must not end with a space' });

/** The base zod schema of a column of `drizzle-orm/mysql-core`, before nullability, or `undefined` when none fits. */
function baseSchema(column: Column): z.ZodType | undefined {
  const range = integerRange(column);
  if (range) return integerField(range);
  switch (column.columnType) {
    case 'MySqlText':
    case 'MySqlVarChar':
    case 'MySqlEnumColumn':
      return textField(column);
    case 'MySqlChar':
      return charField(column);
    case 'MySqlDouble':
    case 'MySqlFloat':
    case 'MySqlReal':
    case 'MySqlDecimalNumber':
      return isUnsigned(column) ? z.number().min(0) : z.number();
    case 'MySqlBoolean':
      return z.boolean();
    case 'MySqlDateTime':
    case 'MySqlTimestamp':
      return instantField(column);
    case 'MySqlDateTimeString':
    case 'MySqlTimestampString':
      return instantTextField(column);
    case 'MySqlDate':
      return dayField();
    case 'MySqlDateString':
      return z.iso.date();
    case 'MySqlJson':
      return z.json();
    default:
      return undefined;
  }
}

/**
 * The zod schema of a field on a column of `drizzle-orm/mysql-core`: text, varchar (at most its length) and char (not
 * ending in a space) as strings, any of them with `enum` and `mysqlEnum` as that enum, the integers (tinyint to int,
 * bigint in `number` mode, serial) as integers within the column's range (signed or unsigned), double, float, real
 * and decimal in `number` mode as numbers, boolean, datetime and timestamp in `date` mode as `Date`s (no finer than
 * the column's fraction digits), in `string` mode as `'YYYY-MM-DD hh:mm:ss[.f]'` text, date in `date` mode as a
 * midnight-UTC `Date` and in `string` mode as `'YYYY-MM-DD'` text, json as JSON values; `.nullable()` when the column
 * is.
 *
 * @throws TypeError naming the column for any other type (decimal in `string` or `bigint` mode, bigint in `bigint`
 *   mode, binary, varbinary, time, year, custom types, ...).
 */
export function mysqlFieldSchema(tableName: string, property: string, column: Column): z.ZodType {
  return columnFieldSchema(tableName, property, column, baseSchema(column));
}

/** Whether the database fills a column that an INSERT leaves out: a default, `AUTO_INCREMENT`, a serial. */
export function hasMysqlDatabaseDefault(column: Column): boolean {
  const { autoIncrement } = column as Column & { readonly autoIncrement?: unknown };
  return column.default !== undefined || autoIncrement === true || column.columnType === 'MySqlSerial';
}
