import type { Column } from 'drizzle-orm';
import { z } from 'zod';

/** A timestamp field: a `Date`, or ISO 8601 text with an offset (a JSON body's), read as the `Date` it names. */
export const timestampField = (): z.ZodType<Date> =>
  z.union([z.date(), z.iso.datetime({ offset: true })]).pipe(z.coerce.date());

/** An integer field within `[min, max]`. */
export const integerField = ([min, max]: readonly [number, number]): z.ZodType<number> =>
  z.number().int().min(min).max(max);

/**
 * The field of a text column that may list its values (`text('c', { enum })`, `varchar`, an enum type): that enum when
 * it lists some, else text of at most `length` characters when it has one.
 */
export function textField(column: Column): z.ZodType<string> {
  const values = column.enumValues;
  if (Array.isArray(values) && values.length > 0) return z.enum(values as [string, ...string[]]);
  const { length } = column as Column & { readonly length?: unknown };
  return typeof length === 'number' ? z.string().max(length) : z.string();
}

/**
 * The zod schema of the field on `column` of `tableName`: `base`, made `.nullable()` when the column is, and
 * `.optional()` as well when the column has no default either (an INSERT that leaves it out stores NULL, so a create
 * may leave it out).
 *
 * @throws TypeError naming the column (its property, table and SQL type) when `base` is `undefined`: no field type
 *   fits the column.
 */
export function columnFieldSchema(
  tableName: string,
  property: string,
  column: Column,
  base: z.ZodType | undefined,
): z.ZodType {
  if (!base) {
    throw new TypeError(
      `resourceFromTable: column "${property}" of "${tableName}" (${column.getSQLType()}, ${column.columnType}) ` +
        'has no field type: pass a schema of your own to defineResource instead',
    );
  }
  if (column.notNull) return base;
  return column.hasDefault ? base.nullable() : base.nullable().optional();
}
