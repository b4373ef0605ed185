/**
 * The existing-schema HTTP contract: a table made by raw DDL (uuid key defaulted by `gen_random_uuid()`, snake_case
 * columns, a foreign key, a unique column, a check constraint, `integer`, `numeric`, `boolean`, `date` and
 * `timestamptz default now()` columns, a text tenant column in the database's collation) behind the PostgreSQL
 * repository on PGlite, mounted by one framework adapter. Every hostile value per column type in path ids, filter
 * values of every operator, cursors and bodies answers a 4xx envelope (404 for ids), never a 5xx, and a refused
 * write leaves both tables as they were. Call `describeExistingSchemaHttpContract(name, mount)` from an adapter's
 * test file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, defineRoutes, OPERATORS } from '../../src/index';
import { createPostgresRepository } from '../../src/postgres/index';
import { openPglite, type TestDatabase } from '../postgres/pg-clients';
import type { MountAdapter, MountedApp } from './adapter-contract';

const AUTHOR = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const BOOK = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

const books = defineResource({
  name: 'books',
  schema: z.object({
    id: z.string(),
    tenantId: z.string(),
    authorId: z.string(),
    title: z.string(),
    isbn: z.string(),
    pageCount: z.number().int(),
    price: z.number(),
    inPrint: z.boolean(),
    publishedOn: z.iso.date(),
    createdAt: z.date(),
  }),
  filterable: ['id', 'authorId', 'title', 'pageCount', 'price', 'inPrint', 'publishedOn', 'createdAt'],
  sortable: ['pageCount', 'price', 'publishedOn', 'createdAt', 'title'],
  readOnly: ['tenantId', 'createdAt'],
});

const DDL = `
  CREATE TABLE authors (id uuid PRIMARY KEY, name text NOT NULL);
  CREATE TABLE books (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id text NOT NULL,
    author_id uuid NOT NULL REFERENCES authors (id),
    title varchar(40) NOT NULL,
    isbn text NOT NULL UNIQUE,
    page_count integer NOT NULL CHECK (page_count > 0),
    price numeric(8, 2) NOT NULL,
    in_print boolean NOT NULL,
    published_on date NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX books_tenant_idx ON books (tenant_id, created_at DESC, id);
  INSERT INTO authors VALUES ('${AUTHOR}', 'Ursula');
  INSERT INTO books (id, tenant_id, author_id, title, isbn, page_count, price, in_print, published_on)
    VALUES ('${BOOK}', 't1', '${AUTHOR}', 'Earthsea', '978-0', 200, 9.99, true, '1968-11-01');`;

/** Hostile texts any parameter may receive, and those that break one column type each. */
const HOSTILE = [
  'abc',
  'a\u0000b',
  '\u0000',
  '2147483648',
  '1e400',
  '-0',
  'NaN',
  '20000-01-01',
  '2000-02-30',
  'x'.repeat(5000),
  '__proto__',
  '%',
  "'; DROP TABLE books; --",
];
const IDS = [
  'abc',
  'a%00b',
  '%00',
  `${BOOK}%00`,
  BOOK.toUpperCase().replace('A', 'G'),
  '1',
  '__proto__',
  'x'.repeat(300),
];

const validBook = (extra: Record<string, unknown> = {}) => ({
  authorId: AUTHOR,
  title: 'A Wizard',
  isbn: `isbn-${Math.random()}`,
  pageCount: 120,
  price: 12.5,
  inPrint: true,
  publishedOn: '2001-01-01',
  ...extra,
});

/** Writes the database refuses or the repository refuses first, with the status each answers. */
const BAD_WRITES: readonly { name: string; method: string; path: string; body: unknown; status: number }[] = [
  {
    name: 'an author that does not exist',
    method: 'POST',
    path: '/books',
    body: validBook({ authorId: BOOK }),
    status: 409,
  },
  {
    name: 'an author id that is no uuid',
    method: 'POST',
    path: '/books',
    body: validBook({ authorId: 'abc' }),
    status: 400,
  },
  { name: 'a duplicate isbn', method: 'POST', path: '/books', body: validBook({ isbn: '978-0' }), status: 409 },
  {
    name: 'a page count the check refuses',
    method: 'POST',
    path: '/books',
    body: validBook({ pageCount: 0 }),
    status: 400,
  },
  {
    name: 'a page count over integer',
    method: 'POST',
    path: '/books',
    body: validBook({ pageCount: 2 ** 31 }),
    status: 400,
  },
  {
    name: 'a title over varchar(40)',
    method: 'POST',
    path: '/books',
    body: validBook({ title: 'x'.repeat(41) }),
    status: 400,
  },
  { name: 'a price over numeric(8, 2)', method: 'POST', path: '/books', body: validBook({ price: 1e7 }), status: 400 },
  { name: 'a NUL in the title', method: 'POST', path: '/books', body: validBook({ title: 'a\u0000b' }), status: 400 },
  {
    name: 'a day that does not exist',
    method: 'POST',
    path: '/books',
    body: validBook({ publishedOn: '2001-02-30' }),
    status: 400,
  },
  {
    name: 'the year 20000',
    method: 'POST',
    path: '/books',
    body: validBook({ publishedOn: '20000-01-01' }),
    status: 400,
  },
  {
    name: 'a patch to a missing author',
    method: 'PATCH',
    path: `/books/${BOOK}`,
    body: { authorId: BOOK },
    status: 409,
  },
  { name: 'a patch to a NUL title', method: 'PATCH', path: `/books/${BOOK}`, body: { title: '\u0000' }, status: 400 },
  {
    name: 'a replace with a page count of -1',
    method: 'PUT',
    path: `/books/${BOOK}`,
    body: validBook({ pageCount: -1 }),
    status: 400,
  },
  {
    name: 'a delete of an author a book refers to',
    method: 'DELETE',
    path: `/authors/${AUTHOR}`,
    body: undefined,
    status: 409,
  },
];

export function describeExistingSchemaHttpContract(name: string, mount: MountAdapter): void {
  describe(`${name} on an existing PostgreSQL schema`, () => {
    let db: TestDatabase;
    let app: MountedApp;
    const snapshot = async () => {
      const authors = await db.client.query('SELECT * FROM authors ORDER BY id', []);
      const rows = await db.client.query('SELECT * FROM books ORDER BY id', []);
      return JSON.stringify([authors.rows, rows.rows]);
    };
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${app.url}${path}`, {
        method,
        headers: { 'x-tenant': 't1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    beforeAll(async () => {
      db = await openPglite();
      await db.exec(DDL);
      const repository = createPostgresRepository(books, {
        client: db.client,
        columnNaming: 'snake_case',
        databaseDefaults: ['id', 'createdAt'],
      });
      const service = createResourceService<z.output<typeof books.schema>, { tenant?: string }>({
        resource: books,
        repository,
        scope: ({ locals }) => ({ tenantId: locals.tenant ?? '' }),
      });
      const authors = defineResource({ name: 'authors', schema: z.object({ id: z.uuid(), name: z.string() }) });
      const authorService = createResourceService({
        resource: authors,
        repository: createPostgresRepository(authors, { client: db.client }),
      });
      app = await mount([defineRoutes(service), defineRoutes(authorService, { routes: { DELETE: true } })], {});
    }, 60_000);
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    it('lists, reads and creates on the schema as it is', async () => {
      const list = await send('GET', '/books?publishedOn[eq]=1968-11-01&orderBy=createdAt');
      expect(list.status).toBe(200);
      expect(((await list.json()) as { items: { id: string }[] }).items.map((book) => book.id)).toEqual([BOOK]);
      const created = await send('POST', '/books', validBook());
      expect(created.status).toBe(201);
      const record = (await created.json()) as { id: string; tenantId: string; createdAt: string };
      expect(record.tenantId).toBe('t1');
      expect(Date.parse(record.createdAt)).not.toBeNaN();
      expect((await send('DELETE', `/books/${record.id}`)).status).toBe(204);
    });

    it.each(IDS)('answers 404 for the path id %j on every method', async (id) => {
      for (const [method, body] of [['GET'], ['PATCH', { title: 'x' }], ['PUT', validBook()], ['DELETE']] as const) {
        const response = await send(method, `/books/${id}`, body);
        expect([404, 414]).toContain(response.status);
      }
    });

    it('answers every hostile filter value of every operator with a 200 or a 400, never a 5xx', async () => {
      const statuses = new Set<number>();
      for (const def of books.fields.values()) {
        if (!books.filterable.has(def.name)) continue;
        for (const op of books.filterable.get(def.name) ?? []) {
          const arity = OPERATORS[op].arity;
          for (const value of HOSTILE) {
            const text = encodeURIComponent(value);
            const query =
              arity === 'none'
                ? `${def.name}[${op}]=${text}`
                : arity === 'one'
                  ? `${def.name}[${op}]=${text}`
                  : `${def.name}[${op}]=${text}&${def.name}[${op}]=${text}`;
            const response = await send('GET', `/books?${query}`);
            statuses.add(response.status);
            expect([200, 400, 414], `${query} answered ${response.status}`).toContain(response.status);
          }
        }
      }
      expect(statuses.has(400)).toBe(true);
    });

    it.each(HOSTILE)('answers a 400 for the cursor %j', async (value) => {
      const response = await send('GET', `/books/cursor?cursor=${encodeURIComponent(value)}`);
      expect(response.status).toBe(400);
    });

    it.each(BAD_WRITES)('answers $status for $name and changes nothing', async ({ method, path, body, status }) => {
      const before = await snapshot();
      const response = await send(method, path, body);
      expect(response.status).toBe(status);
      const envelope = (await response.json()) as { message: unknown; correlationId?: string };
      expect(JSON.stringify(envelope)).not.toMatch(/books_|authors_|constraint|INSERT|UPDATE|DELETE FROM|violates/);
      expect(await snapshot()).toBe(before);
    });
  });
}
