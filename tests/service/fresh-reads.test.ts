/**
 * A service's writes over a repository whose read client lags (a second database that never receives the writes
 * stands for a replica): the reads a write makes (the version it guards, a scope check, the kept fields of a replace,
 * the records of a batch) are `fresh`, on the store of record, so every write succeeds without `transaction: true`;
 * lists still read the lagging one. On PostgreSQL (`readClient`, two PGlite databases) and SQLite (`readDb`, two sql.js
 * databases).
 */
import { drizzle as drizzleSqlJs } from 'drizzle-orm/sql-js';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import initSqlJs from 'sql.js';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, type Repository } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { openPglite, type TestDatabase } from '../postgres/pg-clients';

const notes = defineResource({
  name: 'notes',
  schema: z.object({
    id: z.string(),
    title: z.string(),
    owner: z.string().default('ann'),
    version: z.number().int(),
    deletedAt: z.coerce.date().nullable(),
  }),
  filterable: ['title', 'owner'],
  sortable: ['title'],
  readOnly: ['owner'],
  clientIds: true,
  softDelete: { field: 'deletedAt' },
  version: 'version',
});
type Note = z.infer<typeof notes.schema>;

/** Every write of a service without `transaction: true` on `repository`, whose reads lag behind its writes. */
async function writesOverLaggingReads(repository: Repository<Note>): Promise<void> {
  const service = createResourceService({
    resource: notes,
    repository,
    scope: () => ({ owner: 'ann' }),
  });
  await service.create({ id: 'a', title: 'one' });
  expect((await service.list()).items).toEqual([]); // the lagging side
  expect(await service.update('a', { title: 'two' })).toMatchObject({ title: 'two', version: 2 });
  expect(await service.update('a', { title: 'three' }, { ifMatch: '"2"' })).toMatchObject({ version: 3 });
  expect(await service.replace('a', { id: 'a', title: 'four' })).toMatchObject({ owner: 'ann', version: 4 });
  await service.delete('a');
  await expect(service.get('a')).rejects.toMatchObject({ statusCode: 404 });
  expect(await service.restore('a')).toMatchObject({ title: 'four', deletedAt: null, version: 6 });
  await service.createMany([
    { id: 'b', title: 'five' },
    { id: 'c', title: 'six' },
  ]);
  const updated = await service.updateMany([
    { id: 'b', title: 'seven' },
    { id: 'c', title: 'eight' },
  ]);
  expect(updated.map((note) => note.version)).toEqual([2, 2]);
  expect((await service.deleteMany(['b', 'c'])).map((note) => note.id)).toEqual(['b', 'c']);
  await expect(service.update('b', { title: 'gone' })).rejects.toMatchObject({ statusCode: 404 });
}

describe('a service over a lagging read client', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
  }, 120_000);

  it('writes on PostgreSQL (readClient) without transaction: true, every read of a write on client', async () => {
    const [primary, behind] = await Promise.all([openPglite(), openPglite()]);
    opened.push(primary, behind);
    for (const db of [primary, behind]) await db.exec(createTableSql(notes, { table: 'notes' }));
    await writesOverLaggingReads(
      createPostgresRepository(notes, { client: primary.client, readClient: behind.client, table: 'notes' }),
    );
  }, 120_000);

  it('writes on SQLite (readDb) without transaction: true, every read of a write on db', async () => {
    const SQL = await initSqlJs();
    const [primary, behind] = [new SQL.Database(), new SQL.Database()];
    const table = sqliteTable('notes', {
      id: text('id').primaryKey(),
      title: text('title').notNull(),
      owner: text('owner').notNull(),
      version: integer('version').notNull(),
      deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    });
    const ddl =
      'CREATE TABLE notes (id text PRIMARY KEY, title text NOT NULL, owner text NOT NULL, version integer NOT NULL, ' +
      'deleted_at integer)';
    for (const db of [primary, behind]) db.run(ddl);
    try {
      await writesOverLaggingReads(
        createDrizzleRepository(notes, { db: drizzleSqlJs(primary), readDb: drizzleSqlJs(behind), table }),
      );
    } finally {
      primary.close();
      behind.close();
    }
  });
});
