/**
 * The repository contract of the built `pagelope/testing` (short mode) against the built `pagelope/postgres` on PGlite:
 * the smoke project's storage leg on every supported Node line. The full contract on PGlite runs on the sources in
 * tests/postgres/postgres-repository.test.ts.
 */
import { repositoryContract } from 'pagelope/testing';
import { createPostgresRepository, createTableSql } from 'pagelope/postgres';
import { afterAll, beforeAll } from 'vitest';
import { openPglite, uniqueTable, type TestDatabase } from '../postgres/pg-clients';

let db: TestDatabase | undefined;
beforeAll(async () => {
  db = await openPglite();
}, 120_000);
afterAll(() => db?.close());

repositoryContract(
  'the built createPostgresRepository on PGlite',
  async (resource, records) => {
    if (!db) throw new Error('database not open');
    const table = uniqueTable(resource.name);
    await db.exec(createTableSql(resource, { table }));
    const repository = createPostgresRepository(resource, { client: db.client, table });
    for (const record of records) await repository.create(record as never);
    return repository;
  },
  { mode: 'short', numRuns: 20, readsAbsentNullableAsNull: true, relations: true },
);
