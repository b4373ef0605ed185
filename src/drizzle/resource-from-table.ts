import type { MySqlTable } from 'drizzle-orm/mysql-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { defineResource, type Resource, type ResourceConfig } from 'pagelope';
import { z } from 'zod';
import { dialectOf } from './drizzle-dialect';
import { DIALECTS } from './dialects';

/** A table `resourceFromTable` takes: of `drizzle-orm/pg-core`, `drizzle-orm/sqlite-core` or `drizzle-orm/mysql-core`. */
export type DrizzleTable = PgTable | SQLiteTable | MySqlTable;

/** Whether a column is nullable without a default: an INSERT that leaves it out stores NULL. */
type NullByDefault<TColumn> = TColumn extends { readonly _: { readonly notNull: false; readonly hasDefault: false } }
  ? true
  : false;

/**
 * The zod object schema `resourceFromTable` derives from a table: a field per column, of the column's type, optional
 * where the column is nullable without a default (as the schema built at run time is).
 */
export type TableSchema<TTable extends DrizzleTable> = z.ZodObject<{
  [K in keyof TTable['_']['columns'] & string]: NullByDefault<TTable['_']['columns'][K]> extends true
    ? z.ZodOptional<z.ZodType<TTable['$inferSelect'][K]>>
    : z.ZodType<TTable['$inferSelect'][K]>;
}>;

/** Options of `resourceFromTable`: `defineResource`'s, but the schema, and the name defaulting to the table's. */
export type ResourceFromTableOptions<TTable extends DrizzleTable> = Omit<
  ResourceConfig<TableSchema<TTable>>,
  'schema' | 'name'
> & {
  /** The resource's name (default: the table's SQL name). */
  readonly name?: string;
};

/**
 * Defines a resource whose schema is derived from a Drizzle table, so that the table is declared once: a field per
 * column, named by its property (see `pgFieldSchema`, `SQLITE_COLUMN_BASES` and `MYSQL_COLUMN_BASES` for the
 * types), nullable where the column is, and optional as well when it has no default (an INSERT without it stores NULL). A column with a
 * database default stays required in the schema: `createDrizzleRepository` lists it in the repository's
 * `databaseDefaults`, which lets a create leave it out. `options` are `defineResource`'s others (allow-lists,
 * policies, relations, lifecycle).
 *
 * @throws TypeError naming the column when a column's type has no field type (declare the schema yourself and pass
 *   it to `defineResource` then), or when `table` is not a `drizzle-orm/pg-core`, `drizzle-orm/sqlite-core` or `drizzle-orm/mysql-core` table; whatever `defineResource`
 *   throws of the options.
 * @example
 * ```ts
 * const books = pgTable('books', { id: uuid().primaryKey().defaultRandom(), title: varchar({ length: 200 }).notNull() });
 * const resource = resourceFromTable(books, { filterable: ['title'], sortable: ['title'] });
 * ```
 */
export function resourceFromTable<const TTable extends DrizzleTable>(
  table: TTable,
  options: ResourceFromTableOptions<TTable> = {},
): Resource<z.output<TableSchema<TTable>>, TableSchema<TTable>> {
  const dialect = dialectOf('resourceFromTable', table, DIALECTS);
  const shape: Record<string, z.ZodType> = {};
  for (const [property, column] of Object.entries(dialect.columns(table))) {
    shape[property] = dialect.fieldSchema(table, property, column);
  }
  const schema = z.object(shape) as unknown as TableSchema<TTable>;
  const { name = dialect.tableName(table), ...rest } = options;
  return defineResource({ ...rest, name, schema });
}
