import type { Column } from 'drizzle-orm';
import { COLUMN_KINDS, columnKindSchema, integerKind } from '../sql/index';
import { dayFieldSchema, textKindOf, type ColumnBases, type KindWithSchema } from './column-field-schema';
import { instantFieldSchema, instantTextFieldSchema } from './instant-field-schemas';

/** Whether a numeric column is `unsigned` (its SQL type says so). */
const isUnsigned = (column: Column): boolean => column.getSQLType().endsWith(' unsigned');

/** An integer column of `bytes` bytes (serial is BIGINT UNSIGNED AUTO_INCREMENT, read in `number` mode). */
const integer = (bytes: 1 | 2 | 3 | 4 | 8) => (column: Column) =>
  integerKind(bytes, column.columnType === 'MySqlSerial' || isUnsigned(column));

/** A floating or decimal column in `number` mode. */
const float = (column: Column) =>
  isUnsigned(column) ? { kind: 'float' as const, unsigned: true } : COLUMN_KINDS.float;

/** The digits of a second's fraction a DATETIME or TIMESTAMP column keeps (`fsp`, 0 by default). */
const fractionDigits = (column: Column): number => {
  const { fsp } = column as Column & { readonly fsp?: unknown };
  return typeof fsp === 'number' ? fsp : 0;
};

/** CHAR text: what the column gives back, so never ending in a space (MariaDB drops trailing spaces of CHAR). */
const charField = (column: Column): KindWithSchema => ({
  columnKind: textKindOf(column),
  schema: columnKindSchema(textKindOf(column))?.refine((text) => typeof text !== 'string' || !text.endsWith(' '), {
    message: 'Must not end with a space',
  }),
});

/**
 * The base of a field on each column type of `drizzle-orm/mysql-core`, which gives its zod schema and its kind (see
 * `fieldSchemaOf` and `columnKindOf`): text, varchar (at most its length) and char (not ending in a space) as strings,
 * any of them with `enum` and `mysqlEnum` as that enum, the integers (tinyint to int, bigint in `number` mode, serial)
 * as integers within the column's range (signed or unsigned), double, float, real and decimal in `number` mode as
 * numbers, boolean, datetime and timestamp in `date` mode as `Date`s (no finer than the column's fraction digits), in
 * `string` mode as `'YYYY-MM-DD hh:mm:ss[.f]'` text, date in `date` mode as a midnight-UTC `Date` and in `string`
 * mode as `'YYYY-MM-DD'` text, json as JSON values; `.nullable()` when the column is. Any other type (decimal in
 * `string` or `bigint` mode, bigint in `bigint` mode, binary, varbinary, time, year, custom types, ...) has no base:
 * its field schema throws a TypeError naming the column.
 */
export const MYSQL_COLUMN_BASES: ColumnBases = {
  MySqlTinyInt: integer(1),
  MySqlSmallInt: integer(2),
  MySqlMediumInt: integer(3),
  MySqlInt: integer(4),
  MySqlBigInt53: integer(8),
  MySqlSerial: integer(8),
  MySqlText: textKindOf,
  MySqlVarChar: textKindOf,
  MySqlEnumColumn: textKindOf,
  MySqlChar: charField,
  MySqlDouble: float,
  MySqlFloat: float,
  MySqlReal: float,
  MySqlDecimalNumber: float,
  MySqlBoolean: COLUMN_KINDS.boolean,
  MySqlDateTime: (column) => instantFieldSchema(fractionDigits(column)),
  MySqlTimestamp: (column) => instantFieldSchema(fractionDigits(column)),
  // In `string` mode: 'YYYY-MM-DD hh:mm:ss[.f]' text, as MariaDB writes it back.
  MySqlDateTimeString: (column) => instantTextFieldSchema(fractionDigits(column)),
  MySqlTimestampString: (column) => instantTextFieldSchema(fractionDigits(column)),
  MySqlDate: () => ({ columnKind: COLUMN_KINDS.date, schema: dayFieldSchema() }),
  MySqlDateString: COLUMN_KINDS.date,
  MySqlJson: COLUMN_KINDS.json,
};

/** Whether the database fills a column that an INSERT leaves out: a default, `AUTO_INCREMENT`, a serial. */
export function hasMysqlDatabaseDefault(column: Column): boolean {
  const { autoIncrement } = column as Column & { readonly autoIncrement?: unknown };
  return column.default !== undefined || autoIncrement === true || column.columnType === 'MySqlSerial';
}
