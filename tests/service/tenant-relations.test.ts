/**
 * The tenant relations contract (tests/contracts/tenant-relations-contract.ts) on every store: memory, PostgreSQL
 * (PGlite, and the server when DATABASE_URL is set), SQLite through pagelope/drizzle (sql.js) and MariaDB (when
 * MYSQL_URL is set).
 */
import { createMemoryRepository } from '../../src/index';
import { describeTenantRelationsContract } from '../contracts/tenant-relations-contract';
import { describeMysqlLeg } from '../drizzle/mysql-leg';
import { describeSqliteLeg } from '../drizzle/sqlite-legs';
import { describePostgresLegs } from '../postgres/pg-clients';

describeTenantRelationsContract('memory', async (resource, records) => createMemoryRepository(resource, { records }));
describePostgresLegs((name, makeRepository) => describeTenantRelationsContract(name, makeRepository));
describeSqliteLeg((name, makeRepository) => describeTenantRelationsContract(name, makeRepository));
describeMysqlLeg((name, makeRepository) => describeTenantRelationsContract(name, makeRepository));
