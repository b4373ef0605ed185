/**
 * The repository on an existing schema (raw DDL, snake_case columns, uuid, integer and bigint keys, a date column),
 * on PGlite and on the server: records read back as they were written whatever the time zone, list operators bind
 * each column's type, and no hostile filter value, path id or cursor value reaches the database: 400s and 404s only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/postgres/index';
import {
  AUTHOR_A,
  AUTHOR_B,
  BOOKS,
  existingRepositories,
  existingSchemaSql,
  messagesOf,
  statusOf,
} from './existing-schema';
import {
  HOSTILE_CURSOR_VALUES,
  HOSTILE_FILTERS,
  HOSTILE_INTEGER_IDS,
  HOSTILE_UUID_IDS,
  INT4_OVERFLOW_IDS,
} from './existing-schema-hostile';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const retag = (cursor: string, values: readonly unknown[]) => {
  const [binding] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
  return Buffer.from(JSON.stringify([binding, ...values]), 'utf8').toString('base64url');
};

for (const [name, open] of testDatabases()) {
  describe(`createPostgresRepository on an existing schema on ${name}`, () => {
    let db: TestDatabase;
    const names = { books: uniqueTable('books'), counters: uniqueTable('counters'), bigCounters: uniqueTable('big') };
    const sent: string[] = [];
    let repos: ReturnType<typeof existingRepositories>;
    beforeAll(async () => {
      db = await open();
      await db.exec(existingSchemaSql(names));
      const client: SqlClient = { query: (text, values) => (sent.push(text), db.client.query(text, values)) };
      repos = existingRepositories(client, names);
      for (const book of BOOKS) await repos.books.create(book);
      // Ids given: the database's own identity values are pgtx's `databaseDefaults`.
      await repos.counters.create({ id: '1', label: 'a', hits: 0 });
      await repos.counters.create({ id: '2', label: 'b', hits: 0 });
      await repos.bigCounters.create({ id: '9000000000', label: 'a', hits: 0 });
    }, 60_000); // opening a database and loading it can outlast 10 s on a busy machine
    afterAll(async () => {
      await db.dropTables(Object.values(names));
      await db.close();
    });

    it('reads every record back as written, a date column as 00:00 UTC of its day', async () => {
      const page = await repos.books.list({ orderBy: [{ field: 'id', direction: 'asc' }], limit: 100 });
      expect(page.items).toEqual(BOOKS);
      expect(await repos.books.get(BOOKS[0]?.id ?? '')).toEqual(BOOKS[0]);
    });

    it('reads integer and bigint keys back as the text of the key', async () => {
      expect((await repos.counters.list()).items.map((c) => c.id)).toEqual(['1', '2']);
      expect((await repos.bigCounters.get('9000000000')).label).toBe('a');
      expect((await repos.counters.update('2', { hits: 7 })).hits).toBe(7);
    });

    it.each([
      { where: { authorId: { in: [AUTHOR_A, AUTHOR_B] } }, ids: [0, 1, 3, 4] },
      { where: { authorId: { notin: [AUTHOR_A] } }, ids: [0, 4] },
      { where: { id: { in: [BOOKS[1]?.id, BOOKS[2]?.id] } }, ids: [1, 2] },
      { where: { pageCount: { in: [101, 103] } }, ids: [1, 3] },
      { where: { wordCount: { notin: [9_000_000_000] } }, ids: [1, 2, 3, 4] },
      { where: { price: { in: [10.5, 12.5] } }, ids: [1, 3] },
      { where: { rating: { in: [0, 2] } }, ids: [0, 4] },
      { where: { inPrint: { in: [false] } }, ids: [1, 3, 5] },
      { where: { publishedOn: { eq: new Date('2000-01-05T00:00:00Z') } }, ids: [1, 4] },
      {
        where: { publishedOn: { in: [new Date('2000-01-04T00:00:00Z'), new Date('2000-01-06T00:00:00Z')] } },
        ids: [0, 2, 3],
      },
      { where: { publishedOn: { gte: new Date('2000-01-05T00:00:00Z') } }, ids: [1, 2, 4] },
      { where: { createdAt: { in: [BOOKS[2]?.createdAt] } }, ids: [2] },
      { where: { tenantId: { in: ['t2'] } }, ids: [4, 5] },
      { where: { title: { in: ['apple', 'Apple'] } }, ids: [1, 4] },
      { where: { title: { starts: 'a' } }, ids: [1] },
      { where: { title: { contl: 'APP' } }, ids: [1, 4] },
      { where: { id: { cont: '-8000-' } }, ids: [0, 1, 2, 3, 4, 5] },
    ])('matches $where with values bound as each column type', async ({ where, ids }) => {
      const page = await repos.books.list({ where, orderBy: [{ field: 'id', direction: 'asc' }] } as never);
      expect(page.items.map((book) => BOOKS.findIndex((b) => b.id === book.id))).toEqual(ids);
      const walk = await repos.books.listByCursor({ where, limit: 100 } as never);
      expect(walk.items.length).toBe(ids.length);
    });

    it.each(HOSTILE_FILTERS)('answers 400 for $field[$op] $value', async ({ field, op, value, message }) => {
      const where = { [field]: { [op]: value } };
      for (const call of [
        () => repos.books.list({ where } as never),
        () => repos.books.listByCursor({ where } as never),
      ]) {
        // The repository's own check names the parameter (`authorId[eq]: must be a uuid`); the kit refuses some
        // values before it (a NUL, a fraction for an int field), naming them `where.authorId.eq`.
        const text = (await messagesOf(call)).join('\n');
        expect(text.includes(message) || text.startsWith(`where.${field}.${op}`)).toBe(true);
      }
    });

    it.each(HOSTILE_UUID_IDS)('answers 404 for the uuid id %j on get, update, replace and delete', async (id) => {
      const [book] = BOOKS;
      expect(await statusOf(() => repos.books.get(id))).toBe(404);
      expect(await statusOf(() => repos.books.update(id, { title: 'x' }))).toBe(404);
      expect(await statusOf(() => repos.books.replace(id, { ...book, id } as never))).toBe(404);
      expect(await statusOf(() => repos.books.delete(id))).toBe(404);
      expect(await statusOf(() => repos.books.get(id, { scope: { tenantId: 't1' } }))).toBe(404);
    });

    it.each([...HOSTILE_INTEGER_IDS, ...INT4_OVERFLOW_IDS])('answers 404 for the integer id %j', async (id) => {
      expect(await statusOf(() => repos.counters.get(id))).toBe(404);
      expect(await statusOf(() => repos.counters.update(id, { hits: 1 }))).toBe(404);
      expect(await statusOf(() => repos.counters.delete(id))).toBe(404);
      expect(await statusOf(() => repos.bigCounters.get(id))).toBe(404);
    });

    it.each(HOSTILE_CURSOR_VALUES)('answers 400 for a cursor holding %j', async (...values) => {
      const first = await repos.books.listByCursor({ limit: 2 });
      const cursor = retag(first.nextCursor ?? '', values);
      expect(await statusOf(() => repos.books.listByCursor({ limit: 2, cursor }))).toBe(400);
      const scoped = await repos.books.listByCursor({ limit: 1 }, { scope: { tenantId: 't1' } });
      const scopedCursor = retag(scoped.nextCursor ?? '', values);
      expect(
        await statusOf(() =>
          repos.books.listByCursor({ limit: 2, cursor: scopedCursor }, { scope: { tenantId: 't1' } }),
        ),
      ).toBe(400);
    });

    it.each([
      { authorId: 'abc' },
      { authorId: '' },
      { pageCount: 2147483648 },
      { publishedOn: new Date('+020000-01-01') },
    ])('matches nothing under the scope %j that no column can hold', async (scope) => {
      expect((await repos.books.list({}, { scope } as never)).items).toEqual([]);
      expect((await repos.books.listByCursor({}, { scope } as never)).items).toEqual([]);
      expect(await statusOf(() => repos.books.get(BOOKS[0]?.id ?? '', { scope } as never))).toBe(404);
    });

    it('answers 400 naming the field for a written value its column cannot hold', async () => {
      const [book] = BOOKS;
      const bad = [
        { authorId: 'abc' },
        { pageCount: 2147483648 },
        { publishedOn: new Date('+020000-01-01T00:00:00Z') },
        { title: 'a\u0000b' },
      ];
      for (const patch of bad) {
        const messages = await messagesOf(() => repos.books.update(book?.id ?? '', patch as never));
        expect(messages.join()).toContain(Object.keys(patch)[0]);
      }
      expect(await repos.books.get(book?.id ?? '')).toEqual(book);
    });

    it('compares the tenant and other equality conditions without COLLATE, and orders text in code-point order', async () => {
      sent.length = 0;
      const page = await repos.books.listByCursor(
        { where: { title: { ne: 'x' } }, orderBy: [{ field: 'title', direction: 'asc' }], limit: 10 },
        { scope: { tenantId: 't1' } },
      );
      expect(page.items.map((book) => book.title)).toEqual(['Zebra', 'apple', 'banana', 'Émile']);
      const [statement] = sent.filter((text) => text.includes('"tenant_id"'));
      expect(statement).toContain('"tenant_id" = $');
      expect(statement).toContain('"title" <> $');
      expect(statement).toContain('ORDER BY "title" COLLATE "C"');
      expect(statement).not.toContain('"tenant_id" COLLATE');
    });
  });
}
