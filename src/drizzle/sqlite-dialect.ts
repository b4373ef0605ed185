import type { Column } from 'drizzle-orm';
import { BaseSQLiteDatabase, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { createSqlDrizzleDialect } from './create-sql-drizzle-dialect';
import { SQLITE_SQL_DIALECT, type SqlColumn, type SqlValueKind } from './sql/index';
import { SQLITE_COLUMN_BASES, sqliteHasDatabaseDefault } from './sqlite-field-schema';
import { SQLITE_RUNNERS, type DrizzleSQLiteDatabase } from './sqlite-runner';

/** The column types whose values Drizzle maps itself (`mapToDriverValue` / `mapFromDriverValue`). */
const MAPPED_BY_DRIZZLE = new Set([
  'SQLiteTimestamp',
  'SQLiteBoolean',
  'SQLiteTextJson',
  'SQLiteBlobJson',
  'SQLiteBlobBuffer',
  'SQLiteBigInt',
  'SQLiteNumericNumber',
  'SQLiteNumericBigInt',
  'SQLiteCustomColumn',
]);

/** How the values of a field of `kind` go to and come from `column`: Drizzle's own mapping, else SQLite's. */
function sqlColumnOf(name: string, column: Column, kind: SqlValueKind): SqlColumn {
  const own = MAPPED_BY_DRIZZLE.has(column.columnType);
  return Object.freeze({
    name,
    toDriver: own
      ? (value: unknown) => column.mapToDriverValue(value)
      : (value: unknown) => SQLITE_SQL_DIALECT.toDriver(value, kind),
    fromDriver: own
      ? (value: unknown) => column.mapFromDriverValue(value)
      : (value: unknown) => SQLITE_SQL_DIALECT.fromDriver(value, kind),
    ...((kind === 'string' || kind === 'enum' || kind === 'isoDate') &&
      column.columnType === 'SQLiteText' && { ordered: (expression: string) => `${expression} COLLATE BINARY` }),
  });
}

/**
 * SQLite (`drizzle-orm/sqlite-core`): the repository is `createSqlRepository` in `SQLITE_SQL_DIALECT`, its
 * statements run through the Drizzle database (sync or async) by `SQLITE_RUNNERS`.
 */
export const SQLITE_DIALECT = createSqlDrizzleDialect<DrizzleSQLiteDatabase>({
  name: 'SQLite',
  tableClass: SQLiteTable,
  databaseClass: BaseSQLiteDatabase,
  databaseName: 'SQLite',
  bases: SQLITE_COLUMN_BASES,
  hasDatabaseDefault: sqliteHasDatabaseDefault,
  columnNames: 'SELECT "name" AS "name" FROM pragma_table_info(?)',
  runners: SQLITE_RUNNERS,
  open: () => ({ column: sqlColumnOf, dialect: () => SQLITE_SQL_DIALECT }),
});
