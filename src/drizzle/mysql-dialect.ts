import { getTableColumns, is, type Column } from 'drizzle-orm';
import { getTableConfig, MySqlTable } from 'drizzle-orm/mysql-core';
import type { Repository } from 'pagelope/kit';
import type { DrizzleDialect } from './drizzle-dialect';
import { mysqlFieldSchema } from './mysql-field-schema';

/**
 * MariaDB and MySQL (`drizzle-orm/mysql-core`): its tables, their columns and the fields of their columns (see
 * `mysqlFieldSchema`). The repository over them is not there yet.
 */
export const MYSQL_DIALECT: DrizzleDialect = Object.freeze({
  name: 'MariaDB',
  owns: (table: unknown) => is(table, MySqlTable),
  tableName: (table: unknown) => getTableConfig(table as MySqlTable).name,
  columns: (table: unknown) => getTableColumns(table as MySqlTable) as Readonly<Record<string, Column>>,
  fieldSchema: (table: unknown, property: string, column: Column) =>
    mysqlFieldSchema(getTableConfig(table as MySqlTable).name, property, column),
  createRepository<TRecord>(): Repository<TRecord> {
    throw new TypeError(
      'createDrizzleRepository: tables of drizzle-orm/mysql-core (MySQL, MariaDB) are not supported yet; ' +
        'only drizzle-orm/pg-core (PostgreSQL) tables are',
    );
  },
});
