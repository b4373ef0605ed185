import {
  Table,
  entityKind,
  getTableColumns,
  getTableName,
  is,
  type Column,
  type DrizzleEntityClass,
} from 'drizzle-orm';
import type { Repository, Resource } from 'pagelope/kit';
import type { z } from 'zod';

/**
 * What `pagelope/drizzle` needs of one SQL dialect of Drizzle (pg-core, sqlite-core and mysql-core):
 * which tables are its, their columns, the field schema of a column, and the repository over a table.
 */
export interface DrizzleDialect {
  /** The dialect's name, for messages. */
  readonly name: string;
  /** Whether `table` is a table of this dialect. */
  owns(table: unknown): boolean;
  /** The table's SQL name (without its schema). */
  tableName(table: unknown): string;
  /** The table's columns by property name. */
  columns(table: unknown): Readonly<Record<string, Column>>;
  /** The zod schema of the field on `column`; throws a TypeError naming it when none fits. */
  fieldSchema(table: unknown, property: string, column: Column): z.ZodType;
  /**
   * The repository of `resource` over `table` of `db`, each field on the column `fields` maps it to, its reads on
   * `readDb` (a database of the same dialect on a read replica) when given.
   *
   * @throws TypeError when `readDb` is given and is not a Drizzle database of the dialect.
   */
  createRepository<TRecord>(
    resource: Resource<TRecord>,
    db: unknown,
    table: unknown,
    fields: ReadonlyMap<string, Column>,
    readDb?: unknown,
  ): Repository<TRecord>;
}

/**
 * What a dialect whose tables are of `tableClass` knows of them: whether one is its, its SQL name and columns, and
 * each column's field schema by `fieldSchema` (given the table's SQL name).
 */
export function drizzleTables(
  tableClass: DrizzleEntityClass<Table>,
  fieldSchema: (table: string, property: string, column: Column) => z.ZodType,
): Pick<DrizzleDialect, 'owns' | 'tableName' | 'columns' | 'fieldSchema'> {
  return {
    owns: (table: unknown) => is(table, tableClass),
    tableName: (table: unknown) => getTableName(table as Table),
    columns: (table: unknown) => getTableColumns(table as Table) as Readonly<Record<string, Column>>,
    fieldSchema: (table: unknown, property: string, column: Column) =>
      fieldSchema(getTableName(table as Table), property, column),
  };
}

/** The module each kind of Drizzle table that no dialect here supports comes from. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  SingleStoreTable: 'drizzle-orm/singlestore-core (SingleStore)',
  GelTable: 'drizzle-orm/gel-core (Gel)',
};

/**
 * The dialect of `table` among `dialects`.
 *
 * @throws TypeError when `table` is not a Drizzle table, or is one of a dialect not supported yet.
 */
export function dialectOf(caller: string, table: unknown, dialects: readonly DrizzleDialect[]): DrizzleDialect {
  const dialect = dialects.find((candidate) => candidate.owns(table));
  if (dialect) return dialect;
  if (!is(table, Table))
    throw new TypeError(`${caller}: table must be a Drizzle table (pgTable(...), sqliteTable(...), mysqlTable(...))`);
  const kind = String((table.constructor as unknown as Record<symbol, unknown>)[entityKind]);
  const source = Object.hasOwn(UNSUPPORTED, kind) ? UNSUPPORTED[kind] : kind;
  throw new TypeError(
    `${caller}: tables of ${source} are not supported yet; only drizzle-orm/pg-core (PostgreSQL), drizzle-orm/sqlite-core (SQLite) and drizzle-orm/mysql-core (MariaDB) tables are`,
  );
}
