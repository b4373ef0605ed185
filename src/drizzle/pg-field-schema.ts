import type { Column } from 'drizzle-orm';
import { z } from 'zod';

/** A timestamp field: a `Date`, or ISO 8601 text with an offset (a JSON body's), read as the `Date` it names. */
const timestamp = () => z.union([z.date(), z.iso.datetime({ offset: true })]).pipe(z.coerce.date());

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
  const values = column.enumValues;
  if (Array.isArray(values) && values.length > 0) {
    if (columnType === 'PgText' || columnType === 'PgVarchar' || columnType === 'PgEnumColumn') {
      return z.enum(values as [string, ...string[]]);
    }
  }
  const range = Object.hasOwn(INTEGER_RANGES, columnType) ? INTEGER_RANGES[columnType] : undefined;
  if (range) return z.number().int().min(range[0]).max(range[1]);
  switch (columnType) {
    case 'PgText':
      return z.string();
    case 'PgVarchar': {
      const { length } = column as Column & { readonly length?: number };
      return typeof length === 'number' ? z.string().max(length) : z.string();
    }
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
      return timestamp();
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
  const base = baseSchema(column);
  if (!base) {
    throw new TypeError(
      `resourceFromTable: column "${property}" of "${tableName}" (${column.getSQLType()}, ${column.columnType}) ` +
        'has no field type: pass a schema of your own to defineResource instead',
    );
  }
  return column.notNull ? base : base.nullable();
}

/** Whether the database fills a column that an INSERT leaves out: a default, a serial, an identity. */
export function hasDatabaseDefault(column: Column): boolean {
  return (
    column.default !== undefined ||
    column.generatedIdentity !== undefined ||
    /^PgSmallSerial$|^PgSerial$|^PgBigSerial/.test(column.columnType)
  );
}
