// The dialect-parameterised SQL of `pagelope/drizzle` for dialects without `pagelope/postgres` (SQLite, MySQL).
export { POSITIONAL_SQL, type ConstraintViolation, type SqlDialect, type SqlValueKind } from './sql-dialect';
export type { SqlRow, SqlRunner } from './sql-runner';
export { SQLITE_SQL_DIALECT } from './sqlite-sql-dialect';
export { createSqlRepository } from './create-sql-repository';
export type { SqlColumn } from './sql-repository-options';
export { dayOf, fromDriverValue, fromUtcText, toDriverValue, type DriverReaders } from './driver-values';
export { createDrizzleRunners, type DrizzleRunners } from './create-drizzle-runners';
export { drizzleClientOf } from './drizzle-client-of';
export { withKeyColumns } from './with-key-columns';
