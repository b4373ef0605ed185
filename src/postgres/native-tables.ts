import { createTableRegistry, type SqlJoinedTable } from '../sql/index';
import type { SqlClient } from './sql-client';

/**
 * The tables of PostgreSQL repositories (and of the wrappers of one, such as a transaction's bound repository), each
 * with the database client it was made on (a transaction's connection resolves to its pool or client): what another
 * repository of the same database reads inside its own statements (relation filters as EXISTS subqueries, relation
 * sorts as a join, embeds). Never exported from the package.
 */
export const NATIVE_TABLES = createTableRegistry<SqlClient, SqlJoinedTable>();
