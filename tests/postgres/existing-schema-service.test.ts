/**
 * The resource service over the existing schema, with a tenant scope, on PGlite and on the server: query strings as
 * a client sends them (every operator of every column type, hostile values in each), path ids and cursors answer
 * 200, 400 or 404 and never a 5xx; the tenant scope holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceService, parseCursorQuery, parseListQuery, type ResourceService } from '../../src/index';
import {
  AUTHOR_A,
  BOOKS,
  books,
  existingRepositories,
  existingSchemaSql,
  statusOf,
  type Book,
} from './existing-schema';
import { HOSTILE_UUID_IDS } from './existing-schema-hostile';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

interface Locals {
  readonly tenant: string;
}

const enc = encodeURIComponent;
const HOSTILE_TEXT = ['abc', '', '%00', 'a%00b', '2147483648', '1e400', '-1e400', 'NaN', 'Infinity', '+275760-09-13'];
const HOSTILE_TEXT_DECODED = HOSTILE_TEXT.map((text) => decodeURIComponent(text));

/** Query strings of every operator a field takes, each with each hostile value (a list operator with two values). */
function hostileQueries(): string[] {
  const queries: string[] = [];
  for (const [field, def] of books.fields) {
    if (def.kind === 'other') continue;
    for (const value of HOSTILE_TEXT) {
      const ops = def.kind === 'string' ? ['eq', 'ne', 'cont', 'starts', 'eql', 'contl'] : ['eq', 'ne', 'gt', 'lte'];
      for (const op of ops) queries.push(`${field}[${op}]=${value}`);
      for (const op of ['in', 'notin']) queries.push(`${field}[${op}]=${value}&${field}[${op}]=${enc(AUTHOR_A)}`);
      if (def.kind !== 'string' && def.kind !== 'boolean') queries.push(`${field}[between]=${value},${value}`);
    }
  }
  return queries;
}

for (const [name, open] of testDatabases()) {
  describe(`createResourceService over an existing schema on ${name}`, () => {
    let db: TestDatabase;
    const names = { books: uniqueTable('books'), counters: uniqueTable('counters'), bigCounters: uniqueTable('big') };
    let service: ResourceService<Book, Locals>;
    const as = (tenant: string) => ({ locals: { tenant } });
    beforeAll(async () => {
      db = await open();
      await db.exec(existingSchemaSql(names));
      const { books: repository } = existingRepositories(db.client, names);
      for (const book of BOOKS) await repository.create(book);
      service = createResourceService<Book, Locals>({
        resource: books,
        repository,
        scope: ({ locals }) => ({ tenantId: locals?.tenant ?? '' }),
      });
    }, 60_000); // opening a database and loading it can outlast 10 s on a busy machine
    afterAll(async () => {
      await db.dropTables(Object.values(names));
      await db.close();
    });

    it('lists the tenant newest first, and filters authorId[in] on a uuid column', async () => {
      const page = await service.list(
        parseListQuery(`authorId[in]=${AUTHOR_A}&authorId[in]=${AUTHOR_A}`, books),
        as('t1'),
      );
      expect(page.items.map((book) => book.id)).toEqual([BOOKS[3]?.id, BOOKS[1]?.id]);
      const dated = await service.list(parseListQuery('publishedOn[eq]=2000-01-05', books), as('t1'));
      expect(dated.items.map((book) => book.id)).toEqual([BOOKS[1]?.id]);
    });

    it('answers 200 or 400, never a 5xx, for every operator with every hostile value', async () => {
      const statuses = new Set<number>();
      for (const query of hostileQueries()) {
        const status = await statusOf(async () => {
          await service.list(parseListQuery(query, books), as('t1'));
          await service.listByCursor(parseCursorQuery(query, books), as('t1'));
        });
        expect([200, 400], query).toContain(status);
        statuses.add(status);
      }
      expect([...statuses].sort()).toEqual([200, 400]);
    }, 120_000);

    it.each(HOSTILE_TEXT_DECODED.concat(HOSTILE_UUID_IDS))('answers 404 for the path id %j', async (id) => {
      expect(await statusOf(() => service.get(id, as('t1')))).toBe(404);
      expect(await statusOf(() => service.delete(id, as('t1')))).toBe(404);
      expect(await statusOf(() => service.update(id, { title: 'x' }, as('t1')))).toBe(404);
    });

    // (A NUL or over 1024 characters in a scope value is the kit's refusal of an invalid scope, a server fault, not a client's value.)
    it.each(['abc', '', ' ', '__proto__', 'é'.repeat(500)])(
      'lists nothing and finds nothing for the tenant %j',
      async (tenant) => {
        expect(await statusOf(() => service.list({}, as(tenant)))).toBe(200);
        expect((await service.list({}, as(tenant))).items).toEqual([]);
        expect(await statusOf(() => service.get(BOOKS[0]?.id ?? '', as(tenant)))).toBe(404);
      },
    );

    it('answers 404 for a record of another tenant, and walks the cursor of its own', async () => {
      expect(await statusOf(() => service.get(BOOKS[4]?.id ?? '', as('t1')))).toBe(404);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await service.listByCursor(
          parseCursorQuery({ limit: '1', ...(cursor ? { cursor } : {}) }, books),
          as('t1'),
        );
        seen.push(...page.items.map((book) => book.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual([0, 1, 2, 3].map((i) => BOOKS[i]?.id));
    });
  });
}
