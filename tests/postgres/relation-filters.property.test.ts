/**
 * Relation filters on PostgreSQL (EXISTS / NOT EXISTS subqueries with the related scope inside) against the kit's
 * reference predicate over the same rows, for random authors, books, reviews, related scopes and filters.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePredicate, normalizeScope, type Condition, type FilterTerm } from '../../src/kit/index';
import { testDatabases, type TestDatabase } from './pg-clients';
import {
  authorDef,
  authors,
  bookQuery,
  books,
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

const NAMES = ['Ann Lee', 'ann', 'Bob', 'Émile Zola', 'Zoë'];
const DATES = ['1950-01-01T00:00:00Z', '1980-06-15T12:00:00Z', '2000-01-01T00:00:00Z'].map((d) => new Date(d));

const authorArb = (i: number) =>
  fc.record({
    id: fc.constant(`a${String(i)}`),
    fullName: fc.constantFrom(...NAMES),
    tenant: fc.constantFrom('t1', 't2'),
    bornAt: fc.option(fc.constantFrom(...DATES), { nil: null }),
  });
const reviewArb = (i: number) =>
  fc.record({
    id: fc.constant(`r${String(i)}`),
    bookId: fc.constantFrom('b0', 'b1', 'b2', 'b3'),
    rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    tenant: fc.constantFrom('t1', 't2'),
    at: fc.constantFrom(...DATES),
  });
const bookArb = (i: number) =>
  fc.record({
    id: fc.constant(`b${String(i)}`),
    title: fc.constantFrom('Dune', 'Emma', 'Ulysses'),
    authorId: fc.constantFrom('a0', 'a1', 'a2', 'a3', 'ghost', null),
  });
const listOf = <T>(make: (i: number) => fc.Arbitrary<T>, max: number) =>
  fc.integer({ min: 0, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => make(i))));

const authorCondition: fc.Arbitrary<Condition> = fc.oneof(
  fc.constantFrom(...NAMES).map((name) => on(authorDef('fullName'), 'eq', name)),
  fc.constantFrom('ann', 'o', 'é').map((text) => on(authorDef('fullName'), 'contl', text)),
  fc.constantFrom('Ann', 'Z').map((text) => on(authorDef('fullName'), 'starts', text)),
  fc.constantFrom(...NAMES).map((name) => on(authorDef('fullName'), 'ne', name)),
  fc.constantFrom(...DATES).map((date) => on(authorDef('bornAt'), 'gte', date)),
  fc.constant(on(authorDef('bornAt'), 'isnull')),
  fc.constant(on(authorDef('id'), 'isnull')),
  fc.constant(on(authorDef('bornAt'), 'notnull')),
);
const reviewCondition: fc.Arbitrary<Condition> = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map((n) => on(reviewDef('rating'), 'gte', n)),
  fc.integer({ min: 1, max: 5 }).map((n) => on(reviewDef('rating'), 'ne', n)),
  fc.constant(on(reviewDef('rating'), 'isnull')),
  fc.constantFrom(...DATES).map((date) => on(reviewDef('at'), 'lt', date)),
  fc.constant(on(reviewDef('rating'), 'in', [1, 5])),
);
const termArb: fc.Arbitrary<FilterTerm> = fc.oneof(
  fc.array(authorCondition, { maxLength: 2 }).map((conditions) => term('author', conditions)),
  fc
    .tuple(
      fc.array(reviewCondition, { maxLength: 2 }),
      fc.constantFrom('any' as const, 'all' as const, 'none' as const),
    )
    .map(([conditions, match]) => term('reviews', conditions, match)),
  fc.constantFrom('Dune', 'Emma').map((title) => on(books.fields.get('title') as never, 'eq', title)),
);
const groupsArb = fc.array(fc.array(termArb, { maxLength: 3 }), { minLength: 1, maxLength: 2 });
const scopeArb = fc.option(fc.constantFrom('t1', 't2'), { nil: undefined });

interface World {
  readonly authors: readonly Author[];
  readonly books: readonly Book[];
  readonly reviews: readonly Review[];
}

async function store(library: Library, db: TestDatabase, world: World): Promise<void> {
  await db.exec(`DELETE FROM ${library.tables.map((t) => `"${t}"`).join('; DELETE FROM ')}`);
  for (const author of world.authors) await library.authors.create(author);
  for (const book of world.books) await library.books.create(book);
  for (const review of world.reviews) await library.reviews.create(review);
}

for (const [name, open] of testDatabases()) {
  describe(`${name}: relation filters`, () => {
    let db: TestDatabase;
    let library: Library;
    beforeAll(async () => {
      db = await open();
      library = await createLibrary(db.client, db.exec);
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(library.tables);
      await db.close();
    }, 120_000);

    it('returns exactly the books the reference predicate selects, for random filters and related scopes', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ authors: listOf(authorArb, 4), books: listOf(bookArb, 6), reviews: listOf(reviewArb, 12) }),
          fc.array(fc.record({ groups: groupsArb, authorTenant: scopeArb, reviewTenant: scopeArb }), {
            minLength: 1,
            maxLength: 6,
          }),
          async (world, queries) => {
            await store(library, db, world);
            for (const { groups, authorTenant, reviewTenant } of queries) {
              const authorScope = authorTenant === undefined ? undefined : { tenant: authorTenant };
              const reviewScope = reviewTenant === undefined ? undefined : { tenant: reviewTenant };
              const inAuthorScope = compilePredicate(normalizeScope(authorScope, authors));
              const inReviewScope = compilePredicate(normalizeScope(reviewScope, reviews));
              const predicate = compilePredicate(groups, (relation, parent) =>
                relation === 'author'
                  ? world.authors.filter((a) => a.id === parent['authorId'] && inAuthorScope(a))
                  : world.reviews.filter((r) => r.bookId === parent['id'] && inReviewScope(r)),
              );
              const expected = world.books
                .filter(predicate)
                .map((b) => b.id)
                .sort();
              const page = await library.books.list(stamped(bookQuery({ groups })), {
                relations: {
                  author: { repository: library.authors, scope: authorScope },
                  reviews: { repository: library.reviews, scope: reviewScope },
                },
              });
              expect(page.items.map((b) => b.id).sort()).toEqual(expected);
              expect(page.total).toBe(expected.length);
            }
          },
        ),
        { numRuns: 40 },
      );
    }, 120_000);
  });
}
