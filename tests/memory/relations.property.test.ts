/**
 * Relation filters and to-one path sorts of the memory repository against the reference (`compilePredicate` with a
 * `RelatedLookup` over plain arrays, `compileComparator` over rows carrying the path values): random authors, books
 * and reviews, scopes on both sides, any/all/none, pages and cursor walks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, type Repository } from '../../src/index';
import {
  authors,
  books,
  decodeCursorValues,
  groupsArbitrary,
  idsOf,
  normalizedOf,
  orderArbitrary,
  referenceOf,
  reviews,
  scopesArbitrary,
  seedArbitrary,
  stamped,
  type Author,
  type Book,
  type QueryShape,
  type Review,
  type Scopes,
  type Seed,
} from './relation-fixtures';

interface Repositories {
  readonly authors: Repository<Author>;
  readonly books: Repository<Book>;
  readonly reviews: Repository<Review>;
}

const repositoriesOf = (seed: Seed): Repositories => ({
  authors: createMemoryRepository(authors, { records: seed.authors }),
  books: createMemoryRepository(books, { records: seed.books }),
  reviews: createMemoryRepository(reviews, { records: seed.reviews }),
});

/** Which relations are bound to a repository that is not a memory one (read through the kit fallback). */
type Foreign = 'none' | 'author' | 'reviews' | 'both';

/**
 * A repository the memory repository does not know as one of its own (a copy of its methods, as another store's
 * adapter would be): `bare` leaves out listByValues and countByValues, so the kit reads by cursor.
 */
const foreignOf = <T>(repository: Repository<T>, bare: boolean): Repository<unknown> =>
  (bare
    ? { list: repository.list, listByCursor: repository.listByCursor, get: repository.get }
    : { ...repository }) as unknown as Repository<unknown>;

/** The options of a listing of books: the books' scope, and both relations bound with their scopes. */
const optionsOf = (repos: Repositories, scopes: Scopes, foreign: Foreign = 'none') => ({
  scope: scopes.books,
  relations: {
    author: {
      repository:
        foreign === 'author' || foreign === 'both'
          ? foreignOf(repos.authors, foreign === 'both')
          : (repos.authors as Repository<unknown>),
      scope: scopes.author,
    },
    reviews: {
      repository:
        foreign === 'reviews' || foreign === 'both'
          ? foreignOf(repos.reviews, false)
          : (repos.reviews as Repository<unknown>),
      scope: scopes.reviews,
    },
  },
});

/** Every stored record of the three repositories, in id order (to check that reads change nothing). */
async function snapshot(repos: Repositories): Promise<unknown[]> {
  return [
    (await repos.authors.list({ limit: 100 })).items,
    (await repos.books.list({ limit: 100 })).items,
    (await repos.reviews.list({ limit: 100 })).items,
  ];
}

const shapeArbitrary = fc.record({
  groups: groupsArbitrary,
  order: orderArbitrary,
  limit: fc.integer({ min: 1, max: 6 }),
  search: fc.option(fc.constantFrom('e', 'DUNE', 'x'), { nil: undefined, freq: 4 }),
  withRelationScopes: fc.boolean(),
});

/** Walks listByCursor from the start, returning every id visited (stops after 100 pages). */
async function walk(repos: Repositories, shape: QueryShape, scopes: Scopes, foreign: Foreign): Promise<string[]> {
  const visited: string[] = [];
  let after: readonly unknown[] | null = null;
  let cursorScope: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const query = stamped(normalizedOf(shape, after, cursorScope), 'cursor');
    const page = await repos.books.listByCursor(query, optionsOf(repos, scopes, foreign));
    visited.push(...idsOf(page.items));
    if (page.nextCursor === null) return visited;
    const decoded = decodeCursorValues(page.nextCursor);
    after = decoded.values;
    cursorScope = decoded.scopeTag;
  }
  throw new Error('the walk did not end');
}

describe('createMemoryRepository (relations)', () => {
  it('returns the pages and totals of the reference for relation filters and to-one sorts (native or kit fallback)', async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArbitrary,
        scopesArbitrary,
        shapeArbitrary,
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<Foreign>('none', 'none', 'author', 'reviews', 'both'),
        async (seed, scopes, shape, page, foreign) => {
          const repos = repositoriesOf(seed);
          const before = await snapshot(repos);
          const full: QueryShape = { ...shape, page, scopes };
          const expected = referenceOf(seed, scopes).listed(full);
          const actual = await repos.books.list(stamped(normalizedOf(full), 'page'), optionsOf(repos, scopes, foreign));
          expect(actual.total).toBe(expected.length);
          expect(idsOf(actual.items)).toStrictEqual(
            idsOf(expected.slice((page - 1) * shape.limit, page * shape.limit)),
          );
          // Relation filters and sorts never change a stored record, nor add the path values to the items.
          expect(await snapshot(repos)).toStrictEqual(before);
          for (const item of actual.items) expect(Object.keys(item).sort()).toStrictEqual(Object.keys(bookSchemaKeys));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('walks listByCursor through every matching book once, in the reference order (native or kit fallback)', async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArbitrary,
        scopesArbitrary,
        shapeArbitrary,
        fc.constantFrom<Foreign>('none', 'none', 'author', 'both'),
        async (seed, scopes, shape, foreign) => {
          const repos = repositoriesOf(seed);
          const full: QueryShape = { ...shape, scopes };
          const expected = idsOf(referenceOf(seed, scopes).listed(full));
          expect(await walk(repos, full, scopes, foreign)).toStrictEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('returns the reference after random writes to every store (the relating index kept in step)', async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArbitrary,
        seedArbitrary,
        scopesArbitrary,
        shapeArbitrary,
        async (seed, later, scopes, shape) => {
          const repos = repositoriesOf(seed);
          const full: QueryShape = { ...shape, scopes };
          // A first read builds the relating index; the writes below must keep it in step.
          await repos.books.list(stamped(normalizedOf(full), 'page'), optionsOf(repos, scopes));
          const model: Seed = { authors: [...seed.authors], books: [...seed.books], reviews: [...seed.reviews] };
          for (const review of later.reviews) {
            const at = model.reviews.findIndex((r) => r.id === review.id);
            if (at === -1) {
              await repos.reviews.create(review);
              model.reviews.push(review);
            } else if (review.rating % 2 === 0) {
              await repos.reviews.delete(review.id);
              model.reviews.splice(at, 1);
            } else {
              const updated = await repos.reviews.update(review.id, { bookId: review.bookId, tenant: review.tenant });
              model.reviews[at] = updated;
            }
          }
          for (const author of later.authors) {
            const at = model.authors.findIndex((a) => a.id === author.id);
            if (at === -1) {
              await repos.authors.create(author);
              model.authors.push(author);
            } else model.authors[at] = await repos.authors.replace(author.id, author);
          }
          const expected = referenceOf(model, scopes).listed(full);
          const actual = await repos.books.list(stamped(normalizedOf(full), 'page'), optionsOf(repos, scopes));
          expect(actual.total).toBe(expected.length);
          expect(idsOf(actual.items)).toStrictEqual(idsOf(expected.slice(0, shape.limit)));
        },
      ),
      { numRuns: 150 },
    );
  });
});

const bookSchemaKeys = { authorId: 0, id: 0, tenant: 0, title: 0, year: 0 };
