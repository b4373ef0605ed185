import type { Column } from 'drizzle-orm';
import { z } from 'zod';
import { COLUMN_KINDS, columnKindSchema, integerKind, timestampSchema, type SqlColumnKind } from '../sql/index';
import { columnFieldSchema, textKindOf } from './column-field-schema';

/** The bytes of each integer type (serial is BIGINT UNSIGNED AUTO_INCREMENT, read in `number` mode). */
const INTEGER_BYTES: Readonly<Record<string, 1 | 2 | 3 | 4 | 8>> = {
  MySqlTinyInt: 1,
  MySqlSmallInt: 2,
  MySqlMediumInt: 3,
  MySqlInt: 4,
  MySqlBigInt53: 8,
  MySqlSerial: 8,
};

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
  return timestampSchema().refine((date) => date.getTime() % step === 0, {
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
  timestampSchema().refine((date) => date.getTime() % 86_400_000 === 0, { message: 'Must be a midnight UTC' });

/** CHAR text: what the column gives back, so never ending in a space (MariaDB drops trailing spaces of CHAR). */
const charField = (column: Column): z.ZodType | undefined =>
  columnKindSchema(textKindOf(column))?.refine((text) => typeof text !== 'string' || !text.endsWith(' '), {
    message: 'Must not end with a space',
  });

/** The base of a field on a column of `drizzle-orm/mysql-core`: its kind or its schema, `undefined` when none fits. */
function baseOf(column: Column): SqlColumnKind | z.ZodType | undefined {
  const { columnType } = column;
  const bytes = Object.hasOwn(INTEGER_BYTES, columnType) ? INTEGER_BYTES[columnType] : undefined;
  if (bytes) return integerKind(bytes, columnType === 'MySqlSerial' || isUnsigned(column));
  switch (columnType) {
    case 'MySqlText':
    case 'MySqlVarChar':
    case 'MySqlEnumColumn':
      return textKindOf(column);
    case 'MySqlChar':
      return charField(column);
    case 'MySqlDouble':
    case 'MySqlFloat':
    case 'MySqlReal':
    case 'MySqlDecimalNumber':
      return isUnsigned(column) ? { kind: 'float', unsigned: true } : COLUMN_KINDS.float;
    case 'MySqlBoolean':
      return COLUMN_KINDS.boolean;
    case 'MySqlDateTime':
    case 'MySqlTimestamp':
      return instantField(column);
    case 'MySqlDateTimeString':
    case 'MySqlTimestampString':
      return instantTextField(column);
    case 'MySqlDate':
      return dayField();
    case 'MySqlDateString':
      return COLUMN_KINDS.date;
    case 'MySqlJson':
      return COLUMN_KINDS.json;
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
  return columnFieldSchema(tableName, property, column, baseOf(column));
}

/** Whether the database fills a column that an INSERT leaves out: a default, `AUTO_INCREMENT`, a serial. */
export function hasMysqlDatabaseDefault(column: Column): boolean {
  const { autoIncrement } = column as Column & { readonly autoIncrement?: unknown };
  return column.default !== undefined || autoIncrement === true || column.columnType === 'MySqlSerial';
}
