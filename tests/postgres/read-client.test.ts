/**
 * `createPostgresRepository`'s `readClient`, without a replica (tests/postgres/read-replica.test.ts has the real
 * one): which statements go to the read client and which to `client` (counted on two handles of one PGlite), a bad
 * `readClient` refused at creation, a refused read connection answered as the primary's is (a 503 with
 * `retry-after`). The repository contract with a read client runs against the replica there.
 */
import pg from 'pg';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, errorResponse, type Repository } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import { openPglite, uniqueTable, type TestDatabase } from './pg-clients';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string() }),
  filterable: ['title'],
  sortable: ['title'],
});
type Note = z.infer<typeof notes.schema>;

/** A handle of `client` (the same database) that records the statements it runs. */
function recorded(client: SqlClient): { readonly client: SqlClient; readonly texts: string[] } {
  const texts: string[] = [];
  return {
    client: {
      query: (text, values) => {
        texts.push(text.split(' ')[0] as string);
        return client.query(text, values);
      },
    },
    texts,
  };
}

describe('createPostgresRepository with readClient', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(() => db.close());

  /** A repository whose read client records its statements (and, with `recordPrimary`, its client: no transactions). */
  const make = async (recordPrimary = false) => {
    const table = uniqueTable('notes');
    await db.exec(createTableSql(notes, { table }));
    const reads = recorded(db.client);
    const primary = recorded(db.client);
    const client = recordPrimary ? primary.client : db.client;
    const repository = createPostgresRepository(notes, { client, readClient: reads.client, table });
    await repository.create({ id: 'a', title: 'one' }); // reads the catalog (on client) once
    reads.texts.length = 0;
    primary.texts.length = 0;
    return { repository, reads, primary };
  };

  it.each([
    ['list (a full page: its count too)', (r: Repository<Note>) => r.list({ limit: 1 })],
    ['listByCursor', (r: Repository<Note>) => r.listByCursor({ limit: 5 })],
    ['listByValues', (r: Repository<Note>) => r.listByValues?.('title', ['one'])],
    ['countByValues', (r: Repository<Note>) => r.countByValues?.('title', ['one'])],
    ['a get that finds the record', (r: Repository<Note>) => r.get('a')],
  ])('runs %s on the read client, none of it on client', async (_, call) => {
    const { repository, reads, primary } = await make(true);
    await call(repository);
    expect(reads.texts.length).toBeGreaterThan(0);
    expect(primary.texts).toEqual([]);
  });

  it.each([
    ['create', (r: Repository<Note>) => r.create({ id: 'b', title: 'two' })],
    ['update', (r: Repository<Note>) => r.update('a', { title: 'two' })],
    ['replace', (r: Repository<Note>) => r.replace('a', { id: 'a', title: 'two' })],
    ['delete', (r: Repository<Note>) => r.delete('a')],
    ['createMany', (r: Repository<Note>) => r.createMany?.([{ id: 'b', title: 'two' }])],
    ['updateMany', (r: Repository<Note>) => r.updateMany?.([{ id: 'a', patch: { title: 'two' } }])],
    ['deleteMany', (r: Repository<Note>) => r.deleteMany?.(['a'])],
    [
      'every call in a transaction',
      (r: Repository<Note>) =>
        r.transaction?.(async (tx) => {
          const bound = tx.repository(r);
          await bound.list();
          await bound.listByCursor();
          await bound.get('a');
          await bound.countByValues?.('title', ['one']);
          await bound.listByValues?.('title', ['one']);
        }),
    ],
  ])('runs %s on client, none of it on the read client', async (_, call) => {
    const { repository, reads } = await make();
    await call(repository);
    expect(reads.texts).toEqual([]);
  });

  it('asks client for a record the read client does not have, and answers 404 when neither has it', async () => {
    const { repository, reads, primary } = await make(true);
    const table = uniqueTable('notes');
    await db.exec(createTableSql(notes, { table }));
    const other = await openPglite(); // a "replica" that never receives the record
    try {
      await other.exec(createTableSql(notes, { table }));
      const lagging = createPostgresRepository(notes, { client: db.client, readClient: other.client, table });
      await lagging.create({ id: 'new', title: 'just created' });
      expect(await lagging.get('new')).toEqual({ id: 'new', title: 'just created' });
      expect((await lagging.list()).items).toEqual([]);
      await expect(lagging.get('missing')).rejects.toMatchObject({ statusCode: 404 });
    } finally {
      await other.close();
    }
    await expect(repository.get('missing')).rejects.toMatchObject({ statusCode: 404 });
    expect([reads.texts, primary.texts]).toEqual([['SELECT'], ['SELECT']]); // the read client first, then client
  });

  it('reads once when readClient is client itself', async () => {
    const primary = recorded(db.client);
    const table = uniqueTable('notes');
    await db.exec(createTableSql(notes, { table }));
    const repository = createPostgresRepository(notes, { client: primary.client, readClient: primary.client, table });
    await repository.list();
    primary.texts.length = 0;
    await expect(repository.get('missing')).rejects.toMatchObject({ statusCode: 404 });
    expect(primary.texts).toEqual(['SELECT']);
  });

  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'postgres://replica'],
    ['an object without query', {}],
    ['query that is not a function', { query: 'SELECT 1' }],
    ['an object with __proto__ holding query', JSON.parse('{"__proto__": {"query": 1}}') as unknown],
  ])('throws a TypeError at creation for a readClient that is %s', (_, readClient) => {
    expect(() =>
      createPostgresRepository(notes, { client: db.client, readClient: readClient as SqlClient, table: 'notes' }),
    ).toThrow(TypeError);
  });

  it('answers a refused read connection with a 503 and retry-after, as for client, and keeps writing', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const refused = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/none`, max: 1 });
    try {
      const table = uniqueTable('notes');
      await db.exec(createTableSql(notes, { table }));
      const repository = createPostgresRepository(notes, {
        client: db.client,
        readClient: refused as unknown as SqlClient,
        table,
      });
      await repository.create({ id: 'a', title: 'one' });
      for (const call of [() => repository.list(), () => repository.listByCursor(), () => repository.get('a')]) {
        const error = await call().then(
          () => undefined,
          (caught: unknown) => caught,
        );
        const response = errorResponse(error);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBeDefined();
      }
    } finally {
      await refused.end();
    }
  });
});
