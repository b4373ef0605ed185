import { afterAll, beforeAll, describe } from 'vitest';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import type { Repository, Resource } from '../../src/index';
import { describeServiceScopeContract } from '../contracts/service-scope-contract';
import { DATABASE_URL, openPglite, openServer, uniqueTable, type TestDatabase } from './pg-clients';

const legs: [string, () => Promise<TestDatabase>][] = [['PGlite', openPglite]];
const serverUrl = DATABASE_URL;
if (serverUrl) legs.push(['PostgreSQL server', () => openServer(serverUrl)]);

for (const [name, open] of legs) {
  describe(name, () => {
    let db: TestDatabase | undefined;
    const tables: string[] = [];
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      if (!db) return;
      for (const table of tables) await db.exec(`DROP TABLE IF EXISTS "${table}"`);
      await db.close();
    });

    /** A fresh table of `resource` holding `records`; the previous table of this leg is dropped first. */
    const makeRepository = async <TRecord>(
      resource: Resource<TRecord>,
      records: readonly TRecord[],
    ): Promise<Repository<TRecord>> => {
      if (!db) throw new Error('database not open');
      const previous = tables.pop();
      if (previous) await db.exec(`DROP TABLE IF EXISTS "${previous}"`);
      const table = uniqueTable(resource.name);
      tables.push(table);
      await db.exec(createTableSql(resource, { table }));
      const repository = createPostgresRepository(resource, { client: db.client, table });
      for (const record of records) await repository.create(record as never);
      return repository;
    };

    describeServiceScopeContract(`createPostgresRepository on ${name}`, makeRepository, { numRuns: 15 });
  });
}
