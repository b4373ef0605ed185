export { createDrizzleRepository, type DrizzleRepositoryOptions } from './create-drizzle-repository';
export {
  resourceFromTable,
  type DrizzleTable,
  type ResourceFromTableOptions,
  type TableSchema,
} from './resource-from-table';
export type { DrizzleMySqlDatabase } from './mysql-runner';
export type { DrizzlePgDatabase } from './pg-sql-client';
export type { DrizzleSQLiteDatabase } from './sqlite-runner';
