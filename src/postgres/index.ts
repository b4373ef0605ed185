export { createPostgresRepository } from './create-postgres-repository';
export type { PostgresRepositoryOptions } from './postgres-repository-options';
export type { PostgresRepository } from './postgres-repository';
export { createTableSql, type CreateTableSqlOptions } from './create-table-sql';
export { escapeLike } from '../sql/index';
export type { SelfTransactingClient, SqlClient } from './sql-client';
export type { TextCollation } from './text-collation';
export { toColumnMap, toSnakeCase, type ColumnNaming, type ColumnNamingOptions } from './column-map';
