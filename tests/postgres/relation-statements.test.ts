/**
 * The statement counter of issue 19 on PostgreSQL, through the service: a page with `include` of R relations and
 * `counts` of C runs at most 1 + R + C statements plus the count, for page sizes 1 and 100 (books with a to-one
 * author and to-many reviews, every service on a PostgreSQL repository of one counting client), on PGlite and on the
 * server when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceService, type ResourceService } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';
import { authors, books, countingClient, reviews, type Author, type Book, type Review } from './relation-fixtures';

interface Locals {
  readonly tenant: string;
}

const AT = new Date('2000-01-01T00:00:00Z');
const bookId = (i: number) => `b${String(i).padStart(3, '0')}`;

type Embedded = Book & {
  readonly author: Author | null;
  readonly reviews: readonly Review[];
  readonly _count: { readonly reviews: number };
};

for (const [name, open] of testDatabases()) {
  describe(`${name}: createResourceService list, listByCursor and get with include and counts`, () => {
    let db: TestDatabase;
    const tables = { authors: uniqueTable('authors'), books: uniqueTable('books'), reviews: uniqueTable('reviews') };
    let statements: string[];
    let service: ResourceService<Book, Locals>;
    const as = { locals: { tenant: 't1' } };

    beforeAll(async () => {
      db = await open();
      await db.exec(createTableSql(authors, { table: tables.authors }));
      await db.exec(createTableSql(books, { table: tables.books, indexes: ['authorId'] }));
      await db.exec(createTableSql(reviews, { table: tables.reviews, indexes: ['bookId'] }));
      const counting = countingClient(db.client);
      statements = counting.statements;
      const client = counting.client;
      const repositories = {
        authors: createPostgresRepository(authors, { client, table: tables.authors }),
        books: createPostgresRepository(books, { client, table: tables.books }),
        reviews: createPostgresRepository(reviews, { client, table: tables.reviews }),
      };
      // Ten authors (a0 in tenant t2, out of scope), 100 books (every tenth without an author), three reviews a
      // book (one of them in t2).
      for (let i = 0; i < 10; i++) {
        await repositories.authors.create({
          id: `a${String(i)}`,
          fullName: `A${String(i)}`,
          tenant: i === 0 ? 't2' : 't1',
          bornAt: null,
        });
      }
      for (let i = 0; i < 100; i++) {
        await repositories.books.create({
          id: bookId(i),
          title: 'Dune',
          authorId: i % 10 === 9 ? null : `a${String(i % 10)}`,
        });
        for (let j = 0; j < 3; j++) {
          await repositories.reviews.create({
            id: `r${String(i)}_${String(j)}`,
            bookId: bookId(i),
            rating: j,
            tenant: j === 2 ? 't2' : 't1',
            at: AT,
          });
        }
      }
      const scope = ({ locals }: { readonly locals?: Locals | undefined }) => ({ tenant: locals?.tenant ?? '' });
      const authorsService = createResourceService<Author, Locals>({
        resource: authors,
        repository: repositories.authors,
        scope,
      });
      const reviewsService = createResourceService<Review, Locals>({
        resource: reviews,
        repository: repositories.reviews,
        scope,
      });
      service = createResourceService<Book, Locals>({
        resource: books,
        repository: repositories.books,
        relations: { author: authorsService, reviews: () => reviewsService },
      });
      // Each repository reads its table's catalog once, on its first statement: not part of a page's count.
      await service.list({ include: ['author', 'reviews'], counts: ['reviews'], limit: 1 }, as);
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(Object.values(tables));
      await db.close();
    }, 120_000);

    /** The embeds of a book as the scope t1 sees them. */
    const expectEmbeds = (item: Embedded) => {
      const i = Number(item.id.slice(1));
      const author = i % 10 === 9 || i % 10 === 0 ? null : `a${String(i % 10)}`;
      expect(item.author?.id ?? null).toBe(author);
      expect(item.reviews.map((r) => r.id)).toEqual([`r${String(i)}_1`, `r${String(i)}_0`]);
      expect(item._count).toEqual({ reviews: 2 });
    };

    it.each([
      { limit: 1, include: ['author', 'reviews'], counts: ['reviews'], expected: 1 + 2 + 1 + 1 },
      { limit: 100, include: ['author', 'reviews'], counts: ['reviews'], expected: 1 + 2 + 1 + 1 },
      { limit: 1, include: ['author'], counts: [], expected: 1 + 1 + 1 },
      { limit: 100, include: [], counts: ['reviews'], expected: 1 + 1 + 1 },
      { limit: 100, include: [], counts: [], expected: 1 + 1 },
    ])(
      'runs $expected statements for list of $limit with include $include and counts $counts',
      async ({ limit, include, counts, expected }) => {
        statements.length = 0;
        const page = await service.list({ include, counts, limit }, as);
        expect(statements).toHaveLength(expected);
        expect(page.items).toHaveLength(limit);
        expect(page.total).toBe(100);
        if (include.length === 2) for (const item of page.items) expectEmbeds(item as Embedded);
      },
    );

    it.each([1, 100])(
      'runs at most 1 + 2 + 1 statements for listByCursor of %i with include author,reviews and counts reviews',
      async (limit) => {
        statements.length = 0;
        const page = await service.listByCursor({ include: ['author', 'reviews'], counts: ['reviews'], limit }, as);
        expect(statements).toHaveLength(1 + 2 + 1);
        expect(page.items).toHaveLength(limit);
        for (const item of page.items) expectEmbeds(item as Embedded);
        if (limit === 1) {
          statements.length = 0;
          const next = await service.listByCursor(
            { include: ['author', 'reviews'], counts: ['reviews'], limit, cursor: page.nextCursor },
            as,
          );
          expect(statements).toHaveLength(1 + 2 + 1);
          expect(next.items.map((b) => b.id)).toEqual([bookId(1)]);
        }
      },
    );

    it('runs 1 + 2 + 1 statements for get with include author,reviews and counts reviews', async () => {
      statements.length = 0;
      const book = await service.get(bookId(3), { include: ['author', 'reviews'], counts: ['reviews'], ...as });
      expect(statements).toHaveLength(1 + 2 + 1);
      expectEmbeds(book as Embedded);
    });

    it('runs at most 1 + 2 + 1 statements for an empty page', async () => {
      statements.length = 0;
      const page = await service.list(
        { where: { id: { in: ['nobody'] } }, include: ['author', 'reviews'], counts: ['reviews'] },
        as,
      );
      expect(page.items).toEqual([]);
      expect(statements.length).toBeLessThanOrEqual(1 + 2 + 1);
    });
  });
}
