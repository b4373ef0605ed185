import { is, Column } from 'drizzle-orm';
import { getTableConfig, type MySqlTable } from 'drizzle-orm/mysql-core';
import { sqlMessageOf } from './mysql-sql-dialect';
import type { ConstraintViolation, SqlDialect } from './sql/index';

/**
 * The SQL columns of each unique key of `table` by the name MariaDB reports it under (`Duplicate entry 'x' for key
 * 'PRIMARY'`): `PRIMARY` for the primary key, and the unique constraints, unique columns and unique indexes Drizzle
 * declares. `sqlName` gives a column's SQL name as the database writes it.
 */
export function mysqlUniqueKeys(
  table: MySqlTable,
  sqlName: (column: Column) => string,
): ReadonlyMap<string, readonly string[]> {
  const config = getTableConfig(table);
  const keys = new Map<string, readonly string[]>();
  const names = (columns: readonly unknown[]) =>
    columns.every((column) => is(column, Column)) ? (columns as Column[]).map(sqlName) : undefined;
  const add = (name: string | undefined, columns: readonly string[] | undefined) => {
    if (name !== undefined && columns && columns.length > 0) keys.set(name, columns);
  };
  add('PRIMARY', names(config.columns.filter((column) => column.primary)));
  for (const key of config.primaryKeys) add('PRIMARY', names(key.columns));
  for (const column of config.columns) if (column.isUnique) add(column.uniqueName, [sqlName(column)]);
  for (const constraint of config.uniqueConstraints) add(constraint.getName(), names(constraint.columns));
  for (const index of config.indexes) if (index.config.unique) add(index.config.name, names(index.config.columns));
  return keys;
}

/** The key a duplicate-entry message names (`for key 'PRIMARY'`; MySQL 8 writes `'table.name'`), if one. */
function keyOf(error: unknown): string | undefined {
  return /for key '([^']+)'$/.exec(sqlMessageOf(error))?.[1]?.split('.').pop();
}

/**
 * `dialect` for one table: a duplicate entry names the columns of the key it broke (MariaDB's message names only the
 * key), so that the repository tells a duplicate id (409 naming the id) from another unique value.
 */
export function withUniqueKeys(
  dialect: SqlDialect,
  table: string,
  keys: ReadonlyMap<string, readonly string[]>,
): SqlDialect {
  return Object.freeze({
    ...dialect,
    constraintViolation(error: unknown): ConstraintViolation | undefined {
      const violation = dialect.constraintViolation(error);
      if (violation?.kind !== 'unique' || violation.columns) return violation;
      const key = keyOf(error);
      const columns = key === undefined ? undefined : keys.get(key);
      return columns ? { kind: 'unique', columns, table } : violation;
    },
  });
}
