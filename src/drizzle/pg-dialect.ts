import { is, type Column } from 'drizzle-orm';
import { getTableConfig, PgDatabase, PgTable } from 'drizzle-orm/pg-core';
import type { Repository, Resource } from 'pagelope/kit';
import { createPostgresRepository } from 'pagelope/postgres';
import { columnSqlName as sqlName } from './column-sql-name';
import { drizzleTables, type DrizzleDialect } from './drizzle-dialect';
import { hasDatabaseDefault, pgFieldSchema } from './pg-field-schema';
import { toPgSqlClient, type DrizzlePgDatabase } from './pg-sql-client';

/** `readDb` as a Drizzle PostgreSQL database. */
function checkReadDb(readDb: unknown): DrizzlePgDatabase {
  if (!is(readDb, PgDatabase)) {
    throw new TypeError('createDrizzleRepository: readDb must be a Drizzle PostgreSQL database (drizzle(replicaPool))');
  }
  return readDb as DrizzlePgDatabase;
}

/**
 * PostgreSQL (`drizzle-orm/pg-core`): the repository is `pagelope/postgres`'s, on the table and columns the Drizzle
 * table names, its statements run through the Drizzle database.
 */
export const PG_DIALECT: DrizzleDialect = Object.freeze({
  name: 'PostgreSQL',
  ...drizzleTables(PgTable, pgFieldSchema),
  createRepository<TRecord>(
    resource: Resource<TRecord>,
    db: unknown,
    table: unknown,
    fields: ReadonlyMap<string, Column>,
    readDb?: unknown,
  ): Repository<TRecord> {
    const pgDb = db as DrizzlePgDatabase;
    const { name, schema } = getTableConfig(table as PgTable);
    const columns: Record<string, string> = {};
    const databaseDefaults: string[] = [];
    for (const [field, column] of fields) {
      columns[field] = sqlName(pgDb, column);
      if (hasDatabaseDefault(column)) databaseDefaults.push(field);
    }
    return createPostgresRepository(resource, {
      client: toPgSqlClient(pgDb),
      readClient: readDb === undefined ? undefined : toPgSqlClient(checkReadDb(readDb)),
      table: schema === undefined ? name : `${schema}.${name}`,
      columns,
      databaseDefaults,
    });
  },
});
