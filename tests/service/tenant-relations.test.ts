/**
 * The tenant relations contract (tests/contracts/tenant-relations-contract.ts) on every store: memory, PostgreSQL
 * (PGlite, and the server when DATABASE_URL is set), SQLite through pagelope/drizzle (sql.js) and MariaDB (when
 * MYSQL_URL is set).
 */
import { createMemoryRepository } from '../../src/index';
import { describeTenantRelationsContract } from '../contracts/tenant-relations-contract';
import { describeMysqlLeg } from '../drizzle/mysql-leg';
import { describeSqliteLeg } from '../drizzle/sqlite-legs';
import { describePostgresLegs, EMBEDDED_LEGS } from '../postgres/pg-clients';

// Under PAGELOPE_LEGS=servers (the servers project of npm run test:extended) npm test ran the memory leg already.
if (EMBEDDED_LEGS)
  describeTenantRelationsContract('memory', async (resource, records) => createMemoryRepository(resource, { records }));
describePostgresLegs((name, makeRepository) => describeTenantRelationsContract(name, makeRepository));
describeSqliteLeg((name, makeRepository) => describeTenantRelationsContract(name, makeRepository));
describeMysqlLeg((name, makeRepository) => describeTenantRelationsContract(name, makeRepository));
