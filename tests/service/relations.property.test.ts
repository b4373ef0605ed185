/**
 * Embeds and counts of the service against a naive model: random authors, books and reviews in two tenants, a scope
 * on every service, the related repositories with their own listByValues/countByValues (memory) or without them (the
 * kit fallbacks).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, type Repository } from '../../src/index';
import {
  as,
  authors,
  books,
  createRelationServices,
  reviews,
  type Author,
  type Book,
  type Review,
} from './relation-fixtures';

/** The repository's methods but listByValues and countByValues. */
function withoutByValues<T>(inner: Repository<T>): Repository<T> {
  const rest: Partial<Repository<T>> = { ...inner };
  delete rest.listByValues;
  delete rest.countByValues;
  return rest as Repository<T>;
}

const tenantArb = fc.constantFrom('a', 'b');
const worldArb = fc.record({
  authors: fc.array(fc.record({ name: fc.constantFrom('Ann', 'Bo', 'Cy'), tenant: tenantArb }), { maxLength: 5 }),
  books: fc.array(fc.record({ author: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }), tenant: tenantArb }), {
    maxLength: 8,
  }),
  reviews: fc.array(
    fc.record({ book: fc.integer({ min: 0, max: 8 }), rating: fc.integer({ min: 1, max: 4 }), tenant: tenantArb }),
    { maxLength: 25 },
  ),
  native: fc.boolean(),
  tenant: tenantArb,
  limit: fc.integer({ min: 1, max: 10 }),
});

describe('createResourceService include and counts', () => {
  it('returns the related records and counts of the naive model, within the related scopes', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const authorRows: Author[] = world.authors.map((a, i) => ({
          id: `au${i}`,
          fullName: a.name,
          tenant: a.tenant,
          secret: `s${i}`,
        }));
        const bookRows: Book[] = world.books.map((b, i) => ({
          id: `b${i}`,
          title: `t${i}`,
          authorId: b.author === null ? null : `au${b.author}`,
          tenant: b.tenant,
        }));
        const reviewRows: Review[] = world.reviews.map((r, i) => ({
          id: `r${String(i).padStart(2, '0')}`,
          bookId: `b${r.book}`,
          rating: r.rating,
          tenant: r.tenant,
          note: `n${i}`,
        }));
        const wrap = <T>(repository: Repository<T>) => (world.native ? repository : withoutByValues(repository));
        const { bookService } = createRelationServices({
          authors: wrap(createMemoryRepository(authors, { records: authorRows })),
          books: createMemoryRepository(books, { records: bookRows }),
          reviews: wrap(createMemoryRepository(reviews, { records: reviewRows })),
        });
        const page = await bookService.list(
          { include: ['author', 'reviews'], counts: ['reviews'], limit: world.limit },
          as(world.tenant),
        );

        const t = world.tenant;
        const expected = bookRows
          .filter((book) => book.tenant === t)
          .slice(0, world.limit)
          .map((book) => {
            const author = authorRows.find((a) => a.id === book.authorId && a.tenant === t);
            const children = reviewRows
              .filter((r) => r.bookId === book.id && r.tenant === t)
              .sort((x, y) => y.rating - x.rating || (x.id < y.id ? -1 : 1));
            return {
              ...book,
              author: author ? { id: author.id, fullName: author.fullName, tenant: author.tenant } : null,
              reviews: children
                .slice(0, 2)
                .map((r) => ({ id: r.id, bookId: r.bookId, rating: r.rating, tenant: r.tenant })),
              _count: { reviews: children.length },
            };
          });
        expect(page.items).toEqual(expected);
      }),
      { seed: 19, numRuns: 80 },
    );
  });
});
