import type { DrizzleDialect } from './drizzle-dialect';
import { MYSQL_DIALECT } from './mysql-dialect';
import { PG_DIALECT } from './pg-dialect';
import { SQLITE_DIALECT } from './sqlite-dialect';

/** The dialects `pagelope/drizzle` supports, tried in turn. */
export const DIALECTS: readonly DrizzleDialect[] = Object.freeze([PG_DIALECT, SQLITE_DIALECT, MYSQL_DIALECT]);
