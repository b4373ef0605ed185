import { getTableColumns, is, type Column } from 'drizzle-orm';
import { BaseSQLiteDatabase, getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Repository, Resource } from 'pagelope/kit';
import { columnSqlName } from './column-sql-name';
import type { DrizzleDialect } from './drizzle-dialect';
import { createSqlRepository, SQLITE_SQL_DIALECT, type SqlColumn, type SqlValueKind } from './sql/index';
import { sqliteFieldSchema, sqliteHasDatabaseDefault } from './sqlite-field-schema';
import { sqliteReaderOf, sqliteRunnerOf, type DrizzleSQLiteDatabase } from './sqlite-runner';
import { createColumnCheck } from './create-column-check';

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
  const defaultValue = column.defaultFn;
  const own = MAPPED_BY_DRIZZLE.has(column.columnType);
  return Object.freeze({
    name,
    toDriver: own
      ? (value: unknown) => column.mapToDriverValue(value)
      : (value: unknown) => SQLITE_SQL_DIALECT.toDriver(value, kind),
    fromDriver: own
      ? (value: unknown) => column.mapFromDriverValue(value)
      : (value: unknown) => SQLITE_SQL_DIALECT.fromDriver(value, kind),
    text: (kind === 'string' || kind === 'enum' || kind === 'isoDate') && column.columnType === 'SQLiteText',
    ...(defaultValue && { defaultValue: () => defaultValue() }),
  });
}

/**
 * SQLite (`drizzle-orm/sqlite-core`): the repository is `createSqlRepository` in `SQLITE_SQL_DIALECT`, its
 * statements run through the Drizzle database (sync or async) by `sqliteRunnerOf`.
 */
export const SQLITE_DIALECT: DrizzleDialect = Object.freeze({
  name: 'SQLite',
  owns: (table: unknown) => is(table, SQLiteTable),
  tableName: (table: unknown) => getTableConfig(table as SQLiteTable).name,
  columns: (table: unknown) => getTableColumns(table as SQLiteTable) as Readonly<Record<string, Column>>,
  fieldSchema: (table: unknown, property: string, column: Column) =>
    sqliteFieldSchema(getTableConfig(table as SQLiteTable).name, property, column),
  createRepository<TRecord>(
    resource: Resource<TRecord>,
    db: unknown,
    table: unknown,
    fields: ReadonlyMap<string, Column>,
    readDb?: unknown,
  ): Repository<TRecord> {
    if (readDb !== undefined && !is(readDb, BaseSQLiteDatabase)) {
      throw new TypeError('createDrizzleRepository: readDb must be a Drizzle SQLite database');
    }
    const columns = new Map<string, SqlColumn>();
    const databaseDefaults: string[] = [];
    for (const [field, column] of fields) {
      const kind = (resource as Resource).fields.get(field)?.kind ?? 'other';
      columns.set(field, sqlColumnOf(columnSqlName(db, column), column, kind));
      if (sqliteHasDatabaseDefault(column)) databaseDefaults.push(field);
    }
    const tableName = getTableConfig(table as SQLiteTable).name;
    const read = sqliteReaderOf(db as DrizzleSQLiteDatabase);
    const sqlNames = new Map([...columns].map(([field, column]) => [field, column.name]));
    const check = createColumnCheck(tableName, sqlNames, async () =>
      (await read('SELECT "name" AS "name" FROM pragma_table_info(?)', [tableName])).map((row) => String(row['name'])),
    );
    return createSqlRepository(resource, {
      dialect: SQLITE_SQL_DIALECT,
      // Every field's column is in the table, checked before the first call (and by `ready()`).
      prepare: check,
      runner: sqliteRunnerOf(db as DrizzleSQLiteDatabase),
      readRunner: readDb === undefined ? undefined : sqliteRunnerOf(readDb as DrizzleSQLiteDatabase),
      table: tableName,
      columns,
      databaseDefaults,
    });
  },
});
