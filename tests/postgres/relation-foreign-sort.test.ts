/**
 * Sorting PostgreSQL books by a to-one path whose relation is bound elsewhere (a memory repository, or a PostgreSQL
 * repository on another client): the related values are read ahead and joined as parameter arrays. Pages and cursor
 * walks are checked against the memory reference (memory books over memory authors), on PGlite and the server.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, type OrderTerm, type Repository } from '../../src/kit/index';
import { createMemoryRepository } from '../../src/index';
import { createPostgresRepository } from '../../src/postgres/index';
import { testDatabases, type TestDatabase } from './pg-clients';
import {
  authors,
  books,
  countingClient,
  createLibrary,
  type Author,
  type Book,
  type Library,
} from './relation-fixtures';

const DATES = ['1950-01-01T00:00:00Z', '1980-06-15T23:30:00Z', '1980-06-16T00:30:00Z'].map((d) => new Date(d));

const worldArb = fc.record({
  authors: fc.uniqueArray(
    fc.record({
      id: fc.constantFrom('a0', 'a1', 'a2', 'a3', 'a4'),
      fullName: fc.constantFrom('Ann', 'ann', 'Bob', 'Émile', 'Zoë', 'B', '\u{1F600}', '\uFF21'),
      tenant: fc.constantFrom('t1', 't2'),
      bornAt: fc.option(fc.constantFrom(...DATES), { nil: null }),
    }),
    { selector: (a) => a.id, maxLength: 5 },
  ),
  books: fc.uniqueArray(
    fc.record({
      id: fc.constantFrom('b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'),
      title: fc.constantFrom('Dune', 'Emma'),
      authorId: fc.constantFrom('a0', 'a1', 'a2', 'a3', 'a4', 'ghost', null),
    }),
    { selector: (b) => b.id, maxLength: 8 },
  ),
});

type Input = Record<string, unknown>;

/** Every id of a cursor walk of `limit` from the start, each page from the previous page's cursor. */
async function walk(repository: Repository<Book>, input: Input, limit: number, options: object): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const page = await repository.listByCursor({ ...input, limit, cursor } as never, options);
    ids.push(...page.items.map((b) => b.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

for (const [name, open] of testDatabases()) {
  describe(`${name}: list and listByCursor sorted by a to-one path bound elsewhere`, () => {
    let db: TestDatabase;
    let library: Library;
    /** The authors table through another client: a PostgreSQL repository that is not native to the books'. */
    let elsewhere: Repository<Author>;
    let statements: string[];
    beforeAll(async () => {
      db = await open();
      library = await createLibrary(db.client, db.exec);
      const counting = countingClient(db.client);
      statements = counting.statements;
      elsewhere = createPostgresRepository(authors, { client: counting.client, table: library.tables[0] as string });
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(library.tables);
      await db.close();
    }, 120_000);

    const store = async (world: { authors: readonly Author[]; books: readonly Book[] }) => {
      await db.exec(`DELETE FROM ${library.tables.map((t) => `"${t}"`).join('; DELETE FROM ')}`);
      for (const author of world.authors) await library.authors.create(author);
      for (const book of world.books) await library.books.create(book);
    };

    it('returns the memory reference order on pages and cursor walks (absent authors last ascending, first descending)', async () => {
      await fc.assert(
        fc.asyncProperty(
          worldArb,
          fc.constantFrom('author.fullName', 'author.bornAt'),
          fc.constantFrom('asc' as const, 'desc' as const),
          fc.option(fc.constantFrom('t1', 't2'), { nil: undefined }),
          fc.option(fc.constantFrom('Dune', 'Emma'), { nil: undefined }),
          fc.integer({ min: 1, max: 3 }),
          fc.constantFrom('memory', 'another client'),
          async (world, path, direction, tenant, title, limit, kind) => {
            await store(world);
            const scope = tenant === undefined ? undefined : { tenant };
            const order: OrderTerm[] = [
              { field: path, direction },
              { field: 'id', direction: 'asc' },
            ];
            const input: Input = { orderBy: order, ...(title && { where: { title } }) };
            const memoryAuthors = createMemoryRepository(authors, { records: world.authors });
            const reference = createMemoryRepository(books, { records: world.books });
            const referenceOptions = { relations: { author: { repository: memoryAuthors, scope } } };
            const bound = kind === 'memory' ? memoryAuthors : elsewhere;
            const options = { relations: { author: { repository: bound, scope } } };

            const expected = await reference.list({ ...input, limit: 100 } as never, referenceOptions);
            const page = await library.books.list({ ...input, limit: 100 } as never, options);
            expect(page.items.map((b) => b.id)).toEqual(expected.items.map((b) => b.id));
            expect(page.total).toBe(expected.total);
            const second = await library.books.list({ ...input, limit, page: 2 } as never, options);
            const expectedSecond = await reference.list({ ...input, limit, page: 2 } as never, referenceOptions);
            expect(second.items.map((b) => b.id)).toEqual(expectedSecond.items.map((b) => b.id));

            const walked = await walk(library.books, input, limit, options);
            expect(walked).toEqual(await walk(reference, input, limit, referenceOptions));
          },
        ),
        { numRuns: 40, seed: 19 },
      );
    }, 240_000);

    it('returns the cursor of the native join, carrying the related value (null without an author in scope)', async () => {
      await store({
        authors: [{ id: 'a1', fullName: 'Ann', tenant: 't2', bornAt: DATES[0] as Date }],
        books: [
          { id: 'b1', title: 'Dune', authorId: 'a1' },
          { id: 'b2', title: 'Emma', authorId: null },
          { id: 'b3', title: 'Emma', authorId: 'a1' },
        ],
      });
      const input = {
        orderBy: [
          { field: 'author.bornAt', direction: 'desc' },
          { field: 'id', direction: 'asc' },
        ],
        limit: 1,
      };
      for (const scope of [{ tenant: 't1' }, undefined]) {
        const native = await library.books.listByCursor(input as never, {
          relations: { author: { repository: library.authors, scope } },
        });
        const memory = createMemoryRepository(authors, { records: [await library.authors.get('a1')] });
        const joined = await library.books.listByCursor(input as never, {
          relations: { author: { repository: memory, scope } },
        });
        expect(joined.items).toEqual(native.items);
        expect(joined.nextCursor).toBe(native.nextCursor);
        const next = await library.books.listByCursor({ ...input, cursor: joined.nextCursor } as never, {
          relations: { author: { repository: memory, scope } },
        });
        expect(next.items.map((b) => b.id)).toEqual([scope ? 'b2' : 'b1']);
      }
    });

    it('runs the filtered parents’ relating values, the related read and the page: one statement more than native', async () => {
      await store({
        authors: [{ id: 'a1', fullName: 'Ann', tenant: 't1', bornAt: null }],
        books: [
          { id: 'b1', title: 'Dune', authorId: 'a1' },
          { id: 'b2', title: 'Emma', authorId: 'a2' },
        ],
      });
      await elsewhere.list(); // the catalog of the authors table is read once, on the first statement
      statements.length = 0;
      const page = await library.books.list(
        { where: { title: 'Dune' }, orderBy: [{ field: 'author.fullName', direction: 'asc' }] } as never,
        { relations: { author: { repository: elsewhere } } },
      );
      expect(page.items.map((b) => b.id)).toEqual(['b1']);
      // On the other client: only the related read (one listByValues statement), for the one id the filter leaves.
      expect(statements).toHaveLength(1);
    });

    it.each([
      { name: 'a NUL character in a related value', fullName: 'Ann\u0000' },
      { name: 'a NUL character alone', fullName: '\u0000' },
    ])('throws a 400 naming the path for $name', async ({ fullName }) => {
      await store({ authors: [], books: [{ id: 'b1', title: 'Dune', authorId: 'a1' }] });
      const memory = createMemoryRepository(authors, { records: [{ id: 'a1', fullName, tenant: 't1', bornAt: null }] });
      const error = await library.books
        .list({ orderBy: [{ field: 'author.fullName', direction: 'asc' }] } as never, {
          relations: { author: { repository: memory } },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toContain('author.fullName');
    });

    it('throws a 400 for a cursor value the joined type cannot hold', async () => {
      await store({
        authors: [],
        books: [
          { id: 'b1', title: 'Dune', authorId: 'a1' },
          { id: 'b2', title: 'Dune', authorId: 'a1' },
        ],
      });
      const order = [
        { field: 'author.bornAt', direction: 'asc' },
        { field: 'id', direction: 'asc' },
      ];
      const memory = createMemoryRepository(authors, {
        records: [{ id: 'a1', fullName: 'Ann', tenant: 't1', bornAt: DATES[0] as Date }],
      });
      const relations = { author: { repository: memory } };
      const first = await library.books.listByCursor({ orderBy: order, limit: 1 } as never, { relations });
      // The same cursor with the date moved to the year 20000, which no timestamptz holds.
      const payload = JSON.parse(Buffer.from(first.nextCursor as string, 'base64url').toString('utf8')) as unknown[];
      const forged = payload.map((value) =>
        value === DATES[0]?.toISOString() ? '+020000-01-01T00:00:00.000Z' : value,
      );
      expect(forged).not.toEqual(payload);
      const cursor = Buffer.from(JSON.stringify(forged), 'utf8').toString('base64url');
      const error = await library.books
        .listByCursor({ orderBy: order, limit: 1, cursor } as never, { relations })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect(String((error as HttpError).message)).toBe(
        'cursor: its value of author.bornAt must be a date from the year 0001 to 9999',
      );
    });

    it('throws a 400 when the parents name more related ids than RELATED_READ_LIMIT', async () => {
      await store({ authors: [], books: [] });
      await db.exec(
        `INSERT INTO "${library.tables[1] as string}" ("id", "title", "authorId") ` +
          "SELECT 'x' || g, 'Dune', 'a' || g FROM generate_series(1, 10001) AS g",
      );
      const error = await library.books
        .list({ orderBy: [{ field: 'author.fullName', direction: 'asc' }] } as never, {
          relations: { author: { repository: createMemoryRepository(authors) } },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toMatch(/sorting by "author.fullName" reads more than 10000/);
      // A filter that leaves fewer parents reads only theirs.
      const page = await library.books.list(
        { where: { id: { in: ['x1', 'x2'] } }, orderBy: [{ field: 'author.fullName', direction: 'asc' }] } as never,
        { relations: { author: { repository: createMemoryRepository(authors) } } },
      );
      expect(page.items.map((b) => b.id)).toEqual(['x1', 'x2']);
    }, 60_000);
  });
}
