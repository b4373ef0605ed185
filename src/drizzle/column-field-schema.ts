import type { Column } from 'drizzle-orm';
import type { z } from 'zod';
import { columnKindSchema, timestampSchema, type SqlColumnKind } from '../sql/index';

/** The milliseconds of a day: a day column's `Date` is a whole number of them since the epoch (midnight UTC). */
const DAY_MS = 86_400_000;

/**
 * The schema of a `Date` field on a day column (`date` in `date` mode on PostgreSQL and MariaDB): a midnight UTC, the
 * instant Drizzle reads the day as. Another instant is refused rather than stored as its day, which would change
 * the value the client sent.
 */
export const dayFieldSchema = (): z.ZodType =>
  timestampSchema().refine((date) => date.getTime() % DAY_MS === 0, { message: 'Must be a midnight UTC' });

/**
 * The SQL engine's kind of a text column that may list its values (`text('c', { enum })`, `varchar`, an enum type):
 * that enum when it lists some, else text of at most `length` characters when it has one.
 */
export function textKindOf(column: Column): SqlColumnKind {
  const values = column.enumValues;
  if (Array.isArray(values) && values.length > 0) return { kind: 'text', values };
  const { length } = column as Column & { readonly length?: unknown };
  return typeof length === 'number' ? { kind: 'text', maxLength: length } : { kind: 'text' };
}

/**
 * The zod schema of the field on `column` of `tableName`: `base` (a kind's schema, see the SQL engine's
 * `columnKindSchema`), made `.nullable()` when the column is, and `.optional()` as well when the column has no default
 * either (an INSERT that leaves it out stores NULL, so a create may leave it out).
 *
 * @throws TypeError naming the column (its property, table and SQL type) when `base` is `undefined`: no field type
 *   fits the column.
 */
function columnFieldSchema(
  tableName: string,
  property: string,
  column: Column,
  base: SqlColumnKind | z.ZodType | undefined,
): z.ZodType {
  const schema = base === undefined || 'safeParse' in base ? base : columnKindSchema(base);
  if (!schema) {
    throw new TypeError(
      `resourceFromTable: column "${property}" of "${tableName}" (${column.getSQLType()}, ${column.columnType}) ` +
        'has no field type: pass a schema of your own to defineResource instead',
    );
  }
  if (column.notNull) return schema;
  return column.hasDefault ? schema.nullable() : schema.nullable().optional();
}

/**
 * A base whose field schema is not its kind's: the kind of the column (what a filter value bound for it is checked
 * against, as `checkQueryValues` does) and the schema of the field (a day column's midnight-UTC `Date`).
 */
export interface KindWithSchema {
  readonly columnKind: SqlColumnKind;
  readonly schema: z.ZodType | undefined;
}

/**
 * The base of a field on a column of one Drizzle dialect, by the column's `columnType`: a kind, or a function of the
 * column that gives a kind, a schema (the column's kind then unknown), a kind with a schema, or `undefined` when none
 * fits it; a type absent fits no field.
 */
export type ColumnBases = Readonly<
  Record<string, SqlColumnKind | ((column: Column) => SqlColumnKind | z.ZodType | KindWithSchema | undefined)>
>;

/** The base `bases` give `column`, called when a function of it. */
function baseOf(bases: ColumnBases, column: Column): SqlColumnKind | z.ZodType | KindWithSchema | undefined {
  const base = Object.hasOwn(bases, column.columnType) ? bases[column.columnType] : undefined;
  return typeof base === 'function' ? base(column) : base;
}

/**
 * The field schema of a dialect whose column types' bases are `bases`: the zod schema of the field on `column` of
 * `tableName` (see {@link columnFieldSchema}).
 *
 * @throws TypeError naming the column for a type of no base.
 */
export function fieldSchemaOf(bases: ColumnBases): (tableName: string, property: string, column: Column) => z.ZodType {
  return (tableName, property, column) => {
    const base = baseOf(bases, column);
    const given = base !== undefined && 'columnKind' in base ? base.schema : base;
    return columnFieldSchema(tableName, property, column, given);
  };
}

/**
 * The kind of a column of a dialect whose column types' bases are `bases` (`undefined`: a type of no base, or one
 * whose base is a schema alone), which the repository checks filter values against.
 */
export function columnKindOf(bases: ColumnBases): (column: Column) => SqlColumnKind | undefined {
  return (column) => {
    const base = baseOf(bases, column);
    if (base === undefined || 'safeParse' in base) return undefined;
    return 'columnKind' in base ? base.columnKind : base;
  };
}
