/**
 * Columns named otherwise than their fields, on PGlite and on the server: two fields on each other's column names,
 * and a `date` column named as its field (read through `to_char`): ORDER BY and keyset predicates still compare the
 * columns, not the output names of the select list, so pages and cursor walks match the memory repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, type Repository } from '../../src/index';
import { createPostgresRepository } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const schema = z.object({ id: z.string(), a: z.string(), b: z.number(), day: z.date() });
type Row = z.output<typeof schema>;
const rows = defineResource({ name: 'rows', schema, filterable: ['a', 'b', 'day'], sortable: ['a', 'b', 'day'] });

const RECORDS: Row[] = Array.from({ length: 9 }, (_, i) => ({
  id: `r${i}`,
  a: ['b', 'B', 'a', 'é', 'Z', 'a', 'c', 'C', 'b'][i] ?? '',
  b: (i * 7) % 5,
  day: new Date(Date.UTC(1999, 11, 30 + (i % 4))),
}));

const ORDERS = [
  [{ field: 'a', direction: 'asc' }],
  [{ field: 'b', direction: 'desc' }],
  [{ field: 'day', direction: 'desc' }],
  [
    { field: 'day', direction: 'asc' },
    { field: 'a', direction: 'desc' },
  ],
] as const;

async function walk(repository: Repository<Row>, orderBy: unknown): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await repository.listByCursor({ orderBy, limit: 2, cursor } as never);
    seen.push(...page.items.map((row) => row.id));
    cursor = page.nextCursor;
  } while (cursor !== null && seen.length < 50);
  return seen;
}

for (const [name, open] of testDatabases()) {
  describe(`createPostgresRepository with swapped column names on ${name}`, () => {
    let db: TestDatabase;
    const table = uniqueTable('rows');
    let repository: Repository<Row>;
    const memory = createMemoryRepository(rows, { records: RECORDS });
    beforeAll(async () => {
      db = await open();
      // Field `a` (text) is on column "b", field `b` (a number) on column "a"; `day` is a date column.
      await db.exec(
        `CREATE TABLE "${table}" (id text PRIMARY KEY, b text NOT NULL, a integer NOT NULL, day date NOT NULL)`,
      );
      repository = createPostgresRepository(rows, { client: db.client, table, columns: { a: 'b', b: 'a' } });
      for (const record of RECORDS) await repository.create(record);
    }, 60_000); // opening a database and loading it can outlast 10 s on a busy machine
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    });

    it.each(ORDERS.map((orderBy) => ({ orderBy })))(
      'orders and walks by $orderBy as in memory',
      async ({ orderBy }) => {
        const expected = (await memory.list({ orderBy, limit: 100 })).items.map((row) => row.id);
        expect((await repository.list({ orderBy, limit: 100 })).items.map((row) => row.id)).toEqual(expected);
        expect((await repository.list({ orderBy, limit: 3, page: 2 })).items.map((row) => row.id)).toEqual(
          expected.slice(3, 6),
        );
        expect(await walk(repository, orderBy)).toEqual(expected);
      },
    );

    it('reads records back under their field names, the date at 00:00 UTC', async () => {
      expect((await repository.list({ limit: 100, orderBy: [{ field: 'id', direction: 'asc' }] })).items).toEqual(
        RECORDS,
      );
      const where = { day: { eq: new Date('1999-12-31T00:00:00Z') }, b: { gte: 1 } };
      const expected = (await memory.list({ where, limit: 100 })).items;
      expect((await repository.list({ where, limit: 100 })).items).toEqual(expected);
    });
  });
}

const eventSchema = z.object({ id: z.string(), at: z.date(), on: z.date().nullable() });
const events = defineResource({ name: 'events', schema: eventSchema, filterable: ['at', 'on'], sortable: ['at'] });
const EVENTS = [
  { id: 'e1', at: new Date('2000-01-05T23:30:00.000Z'), on: new Date('2000-01-05T00:00:00.000Z') },
  { id: 'e2', at: new Date('2000-01-06T00:30:00.000Z'), on: null },
];

for (const [name, open] of testDatabases()) {
  describe(`createPostgresRepository on timestamp and date columns on ${name}`, () => {
    let db: TestDatabase;
    const table = uniqueTable('events');
    beforeAll(async () => {
      db = await open();
      // The session's own time zone must not matter either.
      await db.exec(`CREATE TABLE "${table}" (id text PRIMARY KEY, at timestamp NOT NULL, "on" date)`);
    }, 60_000); // opening a database and loading it can outlast 10 s on a busy machine
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    });

    it('takes a timestamp without time zone as UTC and a date as its UTC day, reading both back as written', async () => {
      const repository = createPostgresRepository(events, { client: db.client, table });
      for (const event of EVENTS) await repository.create(event);
      expect((await repository.list({ orderBy: [{ field: 'at', direction: 'asc' }] })).items).toEqual(EVENTS);
      const stored = await db.client.query(`SELECT at::text AS at, "on"::text AS "on" FROM "${table}" ORDER BY id`);
      expect(stored.rows).toEqual([
        { at: '2000-01-05 23:30:00', on: '2000-01-05' },
        { at: '2000-01-06 00:30:00', on: null },
      ]);
      const where = { at: { lt: new Date('2000-01-06T00:00:00Z') }, on: { eq: new Date('2000-01-05T00:00:00Z') } };
      expect((await repository.list({ where })).items.map((event) => event.id)).toEqual(['e1']);
    });
  });
}
