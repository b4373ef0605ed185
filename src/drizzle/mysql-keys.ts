import { getTableConfig, type MySqlTable } from 'drizzle-orm/mysql-core';
import type { Column } from 'drizzle-orm';
import { sqlMessageOf } from './mysql-sql-dialect';
import { withKeyColumns, type SqlDialect } from './sql/index';
import { uniqueKeysOf } from './unique-keys-of';

/**
 * The SQL columns of each unique key of `table` by the name MariaDB reports it under (`Duplicate entry 'x' for key
 * 'PRIMARY'`): `PRIMARY` for the primary key, and the unique constraints, unique columns and unique indexes Drizzle
 * declares (see `uniqueKeysOf`; a table declared without its primary key: the `idColumn`). `sqlName` gives a column's
 * SQL name as the database writes it.
 */
export function mysqlUniqueKeys(
  table: MySqlTable,
  sqlName: (column: Column) => string,
  idColumn?: string,
): ReadonlyMap<string, readonly string[]> {
  return uniqueKeysOf(getTableConfig(table), sqlName, { primary: 'PRIMARY', idColumn });
}

/**
 * `dialect` for one table: a duplicate entry names the columns of the key it broke (MariaDB's message names only the
 * key: `for key 'PRIMARY'`, MySQL 8 writes `'table.name'`), see `withKeyColumns`.
 */
export function withUniqueKeys(
  dialect: SqlDialect,
  table: string,
  keys: ReadonlyMap<string, readonly string[]>,
): SqlDialect {
  return withKeyColumns(dialect, table, keys, (error) =>
    /for key '([^']+)'$/.exec(sqlMessageOf(error))?.[1]?.split('.').pop(),
  );
}
