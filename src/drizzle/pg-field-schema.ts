import type { Column } from 'drizzle-orm';
import { COLUMN_KINDS, integerKind } from '../sql/index';
import { dayFieldSchema, fieldSchemaOf, textKindOf, type ColumnBases } from './column-field-schema';

/** The SQL engine's kind of each column type of `drizzle-orm/pg-core`. */
const KINDS: ColumnBases = {
  PgText: textKindOf,
  PgVarchar: textKindOf,
  PgEnumColumn: textKindOf,
  PgSmallInt: integerKind(2),
  PgSmallSerial: integerKind(2),
  PgInteger: integerKind(4),
  PgSerial: integerKind(4),
  PgBigInt53: integerKind(8),
  PgBigSerial53: integerKind(8),
  PgUUID: COLUMN_KINDS.uuid,
  PgReal: COLUMN_KINDS.float,
  PgDoublePrecision: COLUMN_KINDS.float,
  PgNumericNumber: COLUMN_KINDS.float,
  PgBoolean: COLUMN_KINDS.boolean,
  PgTimestamp: COLUMN_KINDS.timestamp,
  // A date in `date` mode is a `Date` at midnight UTC, bound as its UTC day.
  PgDate: dayFieldSchema,
  PgDateString: COLUMN_KINDS.date,
  PgJsonb: COLUMN_KINDS.json,
};

/**
 * The zod schema of a field on a column of `drizzle-orm/pg-core`: text and varchar as strings (at most the varchar's
 * length), a text or varchar with `enum` and a `pgEnum` as that enum, the integers (and bigint in `number` mode,
 * serials) as integers within the column's range, real, double precision and numeric in `number` mode as numbers,
 * boolean and timestamp as `Date`s, date in `date` mode as a midnight-UTC `Date` and in `string` mode as `'YYYY-MM-DD'` text, uuid, jsonb as
 * JSON values; `.nullable()` when the column is.
 *
 * @throws TypeError naming the column for any other type (char, numeric in `string` mode, bigint in `bigint` mode,
 *   timestamp in `string` mode, json, arrays, custom types, ...).
 */
export const pgFieldSchema = fieldSchemaOf(KINDS);

/** Whether the database fills a column that an INSERT leaves out: a default, a serial, an identity. */
export function hasDatabaseDefault(column: Column): boolean {
  return (
    column.default !== undefined ||
    column.generatedIdentity !== undefined ||
    /^PgSmallSerial$|^PgSerial$|^PgBigSerial/.test(column.columnType)
  );
}
