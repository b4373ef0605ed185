/**
 * Relations on PostgreSQL beyond the filter property: sorting by a to-one path (one LEFT JOIN, its related scope in
 * the ON, cursors carrying the related value), listByValues and countByValues, statement counts, hostile related
 * values, related dates in two time zones, unbound and non-native relations, and createTableSql's `indexes`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileComparator, compilePredicate, HttpError, normalizeScope, type OrderTerm } from '../../src/kit/index';
import { createMemoryRepository } from '../../src/index';
import { createTableSql } from '../../src/postgres/index';
import { testDatabases, type TestDatabase } from './pg-clients';
import {
  authorDef,
  authors,
  bookQuery,
  books,
  countingClient,
  createLibrary,
  on,
  reviewDef,
  reviews,
  stamped,
  term,
  type Author,
  type Book,
  type Library,
  type Review,
} from './relation-fixtures';

const DATES = ['1950-01-01T00:00:00Z', '1980-06-15T23:30:00Z', '1980-06-16T00:30:00Z'].map((d) => new Date(d));

/** The values a cursor carries (its payload after the binding), dates revived for the date paths of `order`. */
function afterOf(cursor: string, order: readonly OrderTerm[]): unknown[] {
  const payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
  return payload
    .slice(1)
    .map((value, i) => (order[i]?.field === 'author.bornAt' && value !== null ? new Date(value as string) : value));
}

const worldArb = fc.record({
  authors: fc.uniqueArray(
    fc.record({
      id: fc.constantFrom('a0', 'a1', 'a2', 'a3', 'a4'),
      fullName: fc.constantFrom('Ann', 'ann', 'Bob', 'Émile', 'Zoë', 'B'),
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

for (const [name, open] of testDatabases()) {
  describe(`${name}: relations`, () => {
    let db: TestDatabase;
    let library: Library;
    let counted: Library;
    let statements: string[];
    beforeAll(async () => {
      db = await open();
      library = await createLibrary(db.client, db.exec);
      const counting = countingClient(db.client);
      statements = counting.statements;
      counted = await createLibrary(counting.client, db.exec);
    }, 120_000);
    afterAll(async () => {
      await db.dropTables([...library.tables, ...counted.tables]);
      await db.close();
    }, 120_000);

    const store = async (world: {
      authors: readonly Author[];
      books: readonly Book[];
      reviews?: readonly Review[];
    }) => {
      await db.exec(`DELETE FROM ${library.tables.map((t) => `"${t}"`).join('; DELETE FROM ')}`);
      for (const author of world.authors) await library.authors.create(author);
      for (const book of world.books) await library.books.create(book);
      for (const review of world.reviews ?? []) await library.reviews.create(review);
    };

    describe('list and listByCursor ordered by a to-one path', () => {
      it('returns the reference order (absent authors last ascending, first descending) on pages and cursor walks', async () => {
        await fc.assert(
          fc.asyncProperty(
            worldArb,
            fc.constantFrom('author.fullName', 'author.bornAt'),
            fc.constantFrom('asc' as const, 'desc' as const),
            fc.option(fc.constantFrom('t1', 't2'), { nil: undefined }),
            fc.integer({ min: 1, max: 3 }),
            async (world, path, direction, tenant, limit) => {
              await store(world);
              const scope = tenant === undefined ? undefined : { tenant };
              const inScope = compilePredicate(normalizeScope(scope, authors));
              const field = path.slice('author.'.length);
              const order: OrderTerm[] = [
                { field: path, direction },
                { field: 'id', direction: 'asc' },
              ];
              const decorated = world.books.map((book) => {
                const author = world.authors.find((a) => a.id === book.authorId && inScope(a));
                return { ...book, [path]: author ? author[field as keyof Author] : null };
              });
              const kinds = new Map([[path, { kind: field === 'bornAt' ? 'date' : 'string' }]]);
              const expected = decorated.sort(compileComparator(order, kinds)).map((b) => b.id);
              const relations = { author: { repository: library.authors, scope } };

              const page = await library.books.list({ orderBy: order, limit: 100 } as never, { relations });
              expect(page.items.map((b) => b.id)).toEqual(expected);

              // Each next page from the cursor the previous one returned (decoded and checked by the kit).
              const walked: string[] = [];
              let cursor: string | null = null;
              for (let i = 0; i <= expected.length; i++) {
                const result = await library.books.listByCursor({ orderBy: order, limit, cursor } as never, {
                  relations,
                });
                walked.push(...result.items.map((b) => b.id));
                cursor = result.nextCursor;
                if (!cursor) break;
              }
              expect(walked).toEqual(expected);
            },
          ),
          { numRuns: 30 },
        );
      }, 120_000);

      it('returns the related value in the cursor, null for a book without an author in scope', async () => {
        await store({
          authors: [{ id: 'a1', fullName: 'Ann', tenant: 't2', bornAt: null }],
          books: [
            { id: 'b1', title: 'Dune', authorId: 'a1' },
            { id: 'b2', title: 'Emma', authorId: null },
          ],
        });
        const order: OrderTerm[] = [
          { field: 'author.fullName', direction: 'desc' },
          { field: 'id', direction: 'asc' },
        ];
        const first = await library.books.listByCursor(stamped(bookQuery({ order, limit: 1 }), 'cursor'), {
          relations: { author: { repository: library.authors, scope: { tenant: 't1' } } },
        });
        expect(first.items.map((b) => b.id)).toEqual(['b1']);
        expect(afterOf(first.nextCursor as string, order)).toEqual([null, 'b1']);
        const unscoped = await library.books.listByCursor(
          stamped(
            bookQuery({ order: [{ field: 'author.fullName', direction: 'asc' }, order[1] as OrderTerm], limit: 1 }),
            'cursor',
          ),
          { relations: { author: { repository: library.authors } } },
        );
        expect(unscoped.items.map((b) => b.id)).toEqual(['b1']);
        expect(afterOf(unscoped.nextCursor as string, order)).toEqual(['Ann', 'b1']);
      });
    });

    describe('statements', () => {
      const relations = () => ({
        author: { repository: counted.authors, scope: { tenant: 't1' } },
        reviews: { repository: counted.reviews, scope: { tenant: 't1' } },
      });
      beforeAll(async () => {
        await counted.authors.create({ id: 'a1', fullName: 'Ann', tenant: 't1', bornAt: null });
        for (let i = 0; i < 100; i++) {
          await counted.books.create({ id: `b${String(i).padStart(3, '0')}`, title: 'Dune', authorId: 'a1' });
          await counted.reviews.create({
            id: `r${String(i)}`,
            bookId: `b${String(i).padStart(3, '0')}`,
            rating: i % 5,
            tenant: 't1',
            at: DATES[0] as Date,
          });
        }
        // The catalog of each table is read once, on its first statement.
        await counted.authors.list();
        await counted.reviews.list();
      }, 120_000);

      it.each([
        { limit: 200, expected: 1, items: 80 },
        { limit: 10, expected: 2, items: 10 },
      ])(
        'runs $expected statement(s) for a page of $limit with filters on both relations and a to-one sort',
        async ({ limit, expected, items }) => {
          statements.length = 0;
          const query = bookQuery({
            limit,
            groups: [
              [
                term('author', [on(authorDef('fullName'), 'eq', 'Ann')]),
                term('reviews', [on(reviewDef('rating'), 'gte', 1)], 'all'),
              ],
            ],
            order: [
              { field: 'author.fullName', direction: 'asc' },
              { field: 'id', direction: 'asc' },
            ],
          });
          const page = await counted.books.list(stamped(query), { relations: relations() });
          expect(page.items).toHaveLength(items);
          expect(page.total).toBe(80);
          expect(statements).toHaveLength(expected);
          expect(statements[0]).toMatch(/LEFT JOIN .*EXISTS .* NOT EXISTS/);
        },
      );

      it.each([1, 100])('runs one statement for listByValues and one for countByValues over %i values', async (n) => {
        const ids = Array.from({ length: n }, (_, i) => `b${String(i).padStart(3, '0')}`);
        statements.length = 0;
        const listed = await counted.reviews.listByValues?.('bookId', ids, { scope: { tenant: 't1' }, perValue: 1 });
        expect(statements).toHaveLength(1);
        expect(listed?.map((r) => r.bookId).sort()).toEqual(ids);
        statements.length = 0;
        const counts = await counted.reviews.countByValues?.('bookId', ids, { scope: { tenant: 't1' } });
        expect(statements).toHaveLength(1);
        expect([...(counts ?? new Map<string, number>()).values()]).toEqual(ids.map(() => 1));
      });
    });

    describe('listByValues and countByValues', () => {
      const at = DATES[0] as Date;
      beforeAll(async () => {
        await store({
          authors: [],
          books: [],
          reviews: [
            { id: 'r1', bookId: 'b1', rating: 3, tenant: 't1', at },
            { id: 'r2', bookId: 'b1', rating: 5, tenant: 't1', at },
            { id: 'r3', bookId: 'b1', rating: null, tenant: 't1', at },
            { id: 'r4', bookId: 'b1', rating: 4, tenant: 't2', at },
            { id: 'r5', bookId: 'b2', rating: 1, tenant: 't1', at },
            { id: 'r6', bookId: 'b3', rating: 2, tenant: 't1', at },
          ],
        });
      });

      it('returns the records of the values in the default order then id, at most perValue each, within the scope', async () => {
        const all = await library.reviews.listByValues?.('bookId', ['b1', 'b2', 'nobody']);
        // rating desc, nulls first descending, then id.
        expect(all?.map((r) => r.id)).toEqual(['r3', 'r2', 'r4', 'r1', 'r5']);
        const capped = await library.reviews.listByValues?.('bookId', ['b1', 'b2'], {
          perValue: 2,
          scope: { tenant: 't1' },
        });
        expect(capped?.map((r) => r.id)).toEqual(['r3', 'r2', 'r5']);
      });

      it('returns counts keyed by the values given, within the scope, leaving out values no record holds', async () => {
        const counts = await library.reviews.countByValues?.('bookId', ['b1', 'b2', 'b9'], { scope: { tenant: 't1' } });
        expect(counts).toEqual(
          new Map([
            ['b1', 3],
            ['b2', 1],
          ]),
        );
      });

      it.each([
        { name: 'a NUL character', value: 'b1\u0000' },
        { name: 'a quote', value: "b1' OR '1'='1" },
        { name: 'a statement', value: 'b1"; DROP TABLE x; --' },
      ])('matches nothing for a value with $name, without an error', async ({ value }) => {
        expect(await library.reviews.listByValues?.('bookId', [value])).toEqual([]);
        expect(await library.reviews.countByValues?.('bookId', [value])).toEqual(new Map());
      });

      it('returns nothing, without a statement error, for no values or a scope no record can meet', async () => {
        expect(await library.reviews.listByValues?.('bookId', [])).toEqual([]);
        expect(await library.reviews.countByValues?.('bookId', ['b1'], { scope: { tenant: 'x\u0000' } })).toEqual(
          new Map(),
        );
      });

      it.each([
        { name: 'an unknown field', call: () => library.reviews.listByValues?.('nope' as never, ['b1']) },
        { name: 'perValue 0', call: () => library.reviews.listByValues?.('bookId', ['b1'], { perValue: 0 }) },
        { name: 'perValue 1.5', call: () => library.reviews.listByValues?.('bookId', ['b1'], { perValue: 1.5 }) },
      ])('throws a TypeError for $name', async ({ call }) => {
        await expect(call()).rejects.toThrow(TypeError);
      });
    });

    describe('relation filters with hostile related values', () => {
      beforeAll(async () => {
        await store({
          authors: [
            { id: 'a1', fullName: "O'Brien; DROP TABLE books; --", tenant: 't1', bornAt: DATES[1] as Date },
            { id: 'a2', fullName: '100%_\\', tenant: 't1', bornAt: null },
          ],
          books: [
            { id: 'b1', title: 'Dune', authorId: 'a1' },
            { id: 'b2', title: 'Emma', authorId: 'a2' },
          ],
        });
      });
      const list = (conditions: Parameters<typeof term>[1]) =>
        library.books.list(stamped(bookQuery({ groups: [[term('author', conditions)]] })), {
          relations: { author: { repository: library.authors } },
        });

      it.each([
        {
          name: 'a quote and a statement',
          condition: on(authorDef('fullName'), 'eq', "O'Brien; DROP TABLE books; --"),
          ids: ['b1'],
        },
        { name: 'LIKE wildcards', condition: on(authorDef('fullName'), 'cont', '%_'), ids: ['b2'] },
        { name: 'a backslash', condition: on(authorDef('fullName'), 'ends', '\\'), ids: ['b2'] },
        { name: 'a wildcard that must stay literal', condition: on(authorDef('fullName'), 'contl', '_'), ids: ['b2'] },
        {
          name: 'a list with a quote',
          condition: on(authorDef('fullName'), 'in', ["'", "O'Brien; DROP TABLE books; --"]),
          ids: ['b1'],
        },
      ])('returns the literal matches for $name', async ({ condition, ids }) => {
        const page = await list([condition]);
        expect(page.items.map((b) => b.id)).toEqual(ids);
      });

      it.each([
        {
          name: 'a NUL character',
          condition: on(authorDef('fullName'), 'eq', 'a\u0000'),
          message: 'author.fullName[eq]: must not contain a NUL character',
        },
        {
          name: 'a date of the year 20000',
          condition: on(authorDef('bornAt'), 'gte', new Date('+020000-01-01T00:00:00Z')),
          message: 'author.bornAt[gte]: must be a date from the year 0001 to 9999',
        },
        {
          name: 'an invalid date',
          condition: on(authorDef('bornAt'), 'lt', new Date(Number.NaN)),
          message: 'author.bornAt[lt]: must be a date',
        },
      ])('throws a 400 naming the related path for $name', async ({ condition, message }) => {
        const error = await list([condition]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HttpError);
        expect((error as HttpError).statusCode).toBe(400);
        expect((error as HttpError).message).toContain(message);
      });

      it('matches no related record, without an error, under a related scope its columns cannot hold', async () => {
        const page = await library.books.list(
          stamped(bookQuery({ groups: [[term('author', [on(authorDef('fullName'), 'notnull')])]] })),
          {
            relations: {
              author: { repository: library.authors, scope: { bornAt: { gte: new Date('+020000-01-01T00:00:00Z') } } },
            },
          },
        );
        expect(page.items).toEqual([]);
      });
    });

    describe('related dates', () => {
      it.each(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles'])(
        'returns the same books in the time zone %s',
        async (zone) => {
          await store({
            authors: [
              { id: 'a1', fullName: 'Ann', tenant: 't1', bornAt: DATES[1] as Date },
              { id: 'a2', fullName: 'Bob', tenant: 't1', bornAt: DATES[2] as Date },
            ],
            books: [
              { id: 'b1', title: 'Dune', authorId: 'a1' },
              { id: 'b2', title: 'Emma', authorId: 'a2' },
            ],
          });
          const previous = process.env['TZ'];
          process.env['TZ'] = zone;
          try {
            const page = await library.books.list(
              stamped(
                bookQuery({
                  groups: [[term('author', [on(authorDef('bornAt'), 'gte', new Date('1980-06-16T00:00:00Z'))])]],
                }),
              ),
              { relations: { author: { repository: library.authors } } },
            );
            expect(page.items.map((b) => b.id)).toEqual(['b2']);
          } finally {
            if (previous === undefined) delete process.env['TZ'];
            else process.env['TZ'] = previous;
          }
        },
      );
    });

    describe('bindings', () => {
      const query = () => stamped(bookQuery({ groups: [[term('author', [on(authorDef('fullName'), 'eq', 'Ann')])]] }));
      it('throws an Error (a server fault) for a relation without a binding', async () => {
        const error = await library.books.list(query(), {}).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(Error);
        expect(error).not.toBeInstanceOf(HttpError);
        expect((error as Error).message).toMatch(/relation "author"/);
      });

      it('returns the same books through the kit fallback for a relation bound to a memory repository', async () => {
        const world = {
          authors: [
            { id: 'a1', fullName: 'Ann', tenant: 't1', bornAt: null },
            { id: 'a2', fullName: 'Ann', tenant: 't2', bornAt: null },
            { id: 'a3', fullName: 'Bob', tenant: 't1', bornAt: null },
          ],
          books: [
            { id: 'b1', title: 'Dune', authorId: 'a1' },
            { id: 'b2', title: 'Emma', authorId: 'a2' },
            { id: 'b3', title: 'Emma', authorId: 'a3' },
            { id: 'b4', title: 'Emma', authorId: null },
          ],
          reviews: [{ id: 'r1', bookId: 'b3', rating: 2, tenant: 't1', at: DATES[0] as Date }],
        };
        await store(world);
        const memory = createMemoryRepository(authors, { records: world.authors });
        const groups = [
          [term('author', [on(authorDef('fullName'), 'eq', 'Ann')])],
          [term('reviews', [on(reviewDef('rating'), 'lt', 3)])],
        ];
        const page = await library.books.list(stamped(bookQuery({ groups })), {
          relations: {
            author: { repository: memory, scope: { tenant: 't1' } },
            reviews: { repository: library.reviews },
          },
        });
        expect(page.items.map((b) => b.id)).toEqual(['b1', 'b3']);
      });

      it('returns the books sorted through the related values read ahead for a relation bound to a memory repository', async () => {
        await store({
          authors: [],
          books: [
            { id: 'b1', title: 'Dune', authorId: 'a1' },
            { id: 'b2', title: 'Emma', authorId: null },
            { id: 'b3', title: 'Emma', authorId: 'a2' },
          ],
        });
        const order: OrderTerm[] = [
          { field: 'author.fullName', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ];
        const memory = createMemoryRepository(authors, {
          records: [
            { id: 'a1', fullName: 'Zoë', tenant: 't1', bornAt: null },
            { id: 'a2', fullName: 'Ann', tenant: 't1', bornAt: null },
          ],
        });
        const page = await library.books.list(stamped(bookQuery({ order })), {
          relations: { author: { repository: memory } },
        });
        expect(page.items.map((b) => b.id)).toEqual(['b3', 'b1', 'b2']);
      });

      it('reads a programmatic where on both relations, with the related scopes', async () => {
        await store({
          authors: [
            { id: 'a1', fullName: 'Ann', tenant: 't1', bornAt: null },
            { id: 'a2', fullName: 'Ann', tenant: 't2', bornAt: null },
          ],
          books: [
            { id: 'b1', title: 'Dune', authorId: 'a1' },
            { id: 'b2', title: 'Emma', authorId: 'a2' },
            { id: 'b3', title: 'Emma', authorId: null },
          ],
          reviews: [
            { id: 'r1', bookId: 'b1', rating: 5, tenant: 't1', at: DATES[0] as Date },
            { id: 'r2', bookId: 'b3', rating: 1, tenant: 't1', at: DATES[0] as Date },
            { id: 'r3', bookId: 'b3', rating: 5, tenant: 't2', at: DATES[0] as Date },
          ],
        });
        const relations = {
          author: { repository: library.authors, scope: { tenant: 't1' } },
          reviews: { repository: library.reviews, scope: { tenant: 't1' } },
        };
        const byAuthor = await library.books.list({ where: { author: { fullName: 'Ann' } } } as never, { relations });
        expect(byAuthor.items.map((b) => b.id)).toEqual(['b1']);
        const allGood = await library.books.list({ where: { reviews: { all: { rating: { gte: 4 } } } } } as never, {
          relations,
        });
        expect(allGood.items.map((b) => b.id)).toEqual(['b1']);
        const noAuthor = await library.books.list({ where: { author: null } } as never, { relations });
        expect(noAuthor.items.map((b) => b.id)).toEqual(['b2', 'b3']);
      });

      it('reads a relation natively through a repository bound to a transaction', async () => {
        await store({
          authors: [{ id: 'a1', fullName: 'Ann', tenant: 't1', bornAt: null }],
          books: [{ id: 'b1', title: 'Dune', authorId: 'a1' }],
        });
        const transaction = library.books.transaction;
        if (!transaction) throw new Error('no transaction on this client');
        const ids = await transaction(async (tx) => {
          const page = await tx.repository(library.books).list(query(), {
            relations: { author: { repository: tx.repository(library.authors) } },
          });
          return page.items.map((b) => b.id);
        });
        expect(ids).toEqual(['b1']);
      });
    });
  });
}

describe('createTableSql indexes', () => {
  it('returns one index per named field, on its column', () => {
    const sql = createTableSql(books, { table: 'books', indexes: ['authorId'], columnNaming: 'snake_case' });
    expect(sql).toContain('CREATE INDEX IF NOT EXISTS "books_author_id_idx" ON "books" ("author_id");');
  });

  it.each([
    { name: 'an unknown field', indexes: ['nope'], message: 'indexes: "nope" is not a field' },
    { name: 'a relation path', indexes: ['author.fullName'], message: 'is not a field' },
    { name: '__proto__', indexes: ['__proto__'], message: 'is not a field' },
    { name: 'a string', indexes: 'authorId', message: 'indexes must be an array of field names' },
  ])('throws a TypeError for $name', ({ indexes, message }) => {
    expect(() => createTableSql(reviews, { indexes: indexes as never })).toThrow(message);
  });
});
