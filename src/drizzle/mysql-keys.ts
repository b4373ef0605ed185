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
  const add = (name: string | undefined, columns: readonly unknown[]) => {
    if (name !== undefined && columns.length > 0 && columns.every((column) => is(column, Column)))
      keys.set(name, (columns as Column[]).map(sqlName));
  };
  add(
    'PRIMARY',
    config.columns.filter((column) => column.primary),
  );
  for (const key of config.primaryKeys) add('PRIMARY', key.columns);
  for (const column of config.columns) if (column.isUnique) add(column.uniqueName, [column]);
  for (const constraint of config.uniqueConstraints) add(constraint.getName(), constraint.columns);
  for (const index of config.indexes) if (index.config.unique) add(index.config.name, index.config.columns);
  return keys;
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
      // The key the message names (`for key 'PRIMARY'`; MySQL 8 writes `'table.name'`).
      const columns = keys.get(/for key '([^']+)'$/.exec(sqlMessageOf(error))?.[1]?.split('.').pop() ?? '');
      return columns ? { kind: 'unique', columns, table } : violation;
    },
  });
}
