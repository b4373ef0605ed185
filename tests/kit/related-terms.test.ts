import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, isHttpError, type Repository } from '../../src/index';
import {
  compilePredicate,
  isRelationCondition,
  normalizeListInput,
  RELATED_READ_LIMIT,
  resolveRelationTerms,
  type Condition,
  type FilterTerm,
  type NormalizedQuery,
  type RelationCondition,
} from '../../src/kit/index';
import { rejectionOf } from '../support/rejection-of';
import { authors, books, reviews, type Author, type Book, type Review } from '../service/relation-fixtures';

type Row = Readonly<Record<string, unknown>>;

const condition = (
  resource: typeof authors | typeof reviews | typeof books,
  field: string,
  op: string,
  value: unknown,
) => ({ field, op, value, def: resource.fields.get(field) }) as Condition;

const AUTHOR_NAMES = ['Ann', 'Bo', 'Cy'];
const authorTerms: readonly (readonly Condition[])[] = [
  [],
  [condition(authors, 'fullName', 'eq', 'Ann')],
  [condition(authors, 'fullName', 'ne', 'Ann')],
  [condition(authors, 'fullName', 'contl', 'n')],
  [condition(authors, 'fullName', 'in', ['Ann', 'Cy'])],
  // `{ author: null }`: no related record.
  [condition(authors, 'id', 'isnull', true)],
  [condition(authors, 'fullName', 'isnull', true)],
  [condition(authors, 'fullName', 'notnull', true), condition(authors, 'fullName', 'starts', 'B')],
];
const reviewTerms: readonly (readonly Condition[])[] = [
  [],
  [condition(reviews, 'rating', 'gte', 3)],
  [condition(reviews, 'rating', 'eq', 1)],
  [condition(reviews, 'rating', 'between', [2, 4]), condition(reviews, 'rating', 'ne', 3)],
];

const termArb: fc.Arbitrary<FilterTerm> = fc.oneof(
  fc
    .constantFrom(...authorTerms)
    .map((conditions): RelationCondition => ({ relation: 'author', kind: 'one', match: 'any', conditions })),
  fc
    .tuple(
      fc.constantFrom('any', 'all', 'none') as fc.Arbitrary<'any' | 'all' | 'none'>,
      fc.constantFrom(...reviewTerms),
    )
    .map(([match, conditions]): RelationCondition => ({ relation: 'reviews', kind: 'many', match, conditions })),
  fc.constantFrom('One', 'Two').map((title) => condition(books, 'title', 'eq', title)),
);
const groupsArb = fc.array(fc.array(termArb, { maxLength: 3 }), { minLength: 1, maxLength: 3 });

const worldArb = fc.record({
  authors: fc.array(fc.record({ fullName: fc.constantFrom(...AUTHOR_NAMES), tenant: fc.constantFrom('a', 'b') }), {
    maxLength: 5,
  }),
  books: fc.array(
    fc.record({
      title: fc.constantFrom('One', 'Two'),
      author: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(null)),
    }),
    { maxLength: 8 },
  ),
  reviews: fc.array(
    fc.record({
      book: fc.integer({ min: 0, max: 8 }),
      rating: fc.integer({ min: 1, max: 5 }),
      tenant: fc.constantFrom('a', 'b'),
    }),
    { maxLength: 20 },
  ),
  authorScope: fc.constantFrom(undefined, { tenant: 'a' }),
  reviewScope: fc.constantFrom(undefined, { tenant: 'a' }),
});

describe('resolveRelationTerms', () => {
  it('returns a query whose field conditions select the parents the reference predicate selects', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, groupsArb, async (world, groups) => {
        // au5 never exists: a book pointing to it has a dangling author id.
        const authorRows: Author[] = world.authors.map((a, i) => ({ id: `au${i}`, ...a, secret: 's' }));
        const bookRows: Book[] = world.books.map((b, i) => ({
          id: `b${i}`,
          title: b.title,
          authorId: b.author === null ? null : `au${b.author}`,
          tenant: 'a',
        }));
        const reviewRows: Review[] = world.reviews.map((r, i) => ({
          id: `r${i}`,
          bookId: `b${r.book}`,
          rating: r.rating,
          tenant: r.tenant,
          note: 'n',
        }));
        const base = normalizeListInput({}, books);
        const query: NormalizedQuery = { ...base, groups };
        const inScope = (scope: { tenant: string } | undefined) => (row: { tenant: string }) =>
          scope === undefined || row.tenant === scope.tenant;
        const lookup = (relation: string, book: Row): readonly Row[] =>
          relation === 'author'
            ? authorRows.filter((a) => a.id === book.authorId && inScope(world.authorScope)(a))
            : reviewRows.filter((r) => r.bookId === book.id && inScope(world.reviewScope)(r));
        const expected = bookRows.filter(compilePredicate(groups, lookup)).map((b) => b.id);

        const resolved = await resolveRelationTerms(query, {
          resource: books,
          relations: {
            author: { repository: createMemoryRepository(authors, { records: authorRows }), scope: world.authorScope },
            reviews: { repository: createMemoryRepository(reviews, { records: reviewRows }), scope: world.reviewScope },
          },
        });
        expect(resolved.groups.every((group) => !group.some(isRelationCondition))).toBe(true);
        expect(bookRows.filter(compilePredicate(resolved.groups)).map((b) => b.id)).toEqual(expected);
        expect(resolved.baseGroups ?? resolved.groups).toBe(groups);
        expect(resolved.order).toBe(base.order);
      }),
      { seed: 19, numRuns: 150 },
    );
  });

  it('returns the query itself when no group holds a relation term', async () => {
    const query = normalizeListInput({ where: { title: 'One' } }, books);
    expect(await resolveRelationTerms(query, { resource: books })).toBe(query);
  });

  it('throws a server fault for a relation term without a binding', async () => {
    const query = {
      ...normalizeListInput({}, books),
      groups: [[{ relation: 'author', kind: 'one', match: 'any', conditions: [] } as RelationCondition]],
    };
    const error = await rejectionOf(resolveRelationTerms(query, { resource: books, relations: {} }));
    expect(isHttpError(error)).toBe(false);
    expect((error as Error).message).toMatch(/"author" is read without a binding/);
    const unknown = { ...query, groups: [[{ relation: 'writer', kind: 'one', match: 'any', conditions: [] }]] };
    const thrown = await rejectionOf(resolveRelationTerms(unknown as NormalizedQuery, { resource: books }));
    expect(isHttpError(thrown)).toBe(false);
  });

  it(`throws a 400 once the related reads pass ${RELATED_READ_LIMIT} records`, async () => {
    let pages = 0;
    const endless = {
      listByCursor: () => {
        pages++;
        const items = Array.from({ length: reviews.pagination.maxLimit }, (_, i) => ({
          id: `r${pages}-${i}`,
          bookId: 'b1',
          rating: 1,
        }));
        return Promise.resolve({ items, nextCursor: 'more' });
      },
    } as unknown as Repository<unknown>;
    const query = {
      ...normalizeListInput({}, books),
      groups: [[{ relation: 'reviews', kind: 'many', match: 'all', conditions: [] } as RelationCondition]],
    };
    const error = await rejectionOf(
      resolveRelationTerms(query, { resource: books, relations: { reviews: { repository: endless } } }),
    );
    expect(isHttpError(error) && error.statusCode).toBe(400);
    expect((error as Error).message).toEqual([
      `relation "reviews": the filter reads more than ${RELATED_READ_LIMIT} related records; narrow it`,
    ]);
    expect(pages).toBe(Math.floor(RELATED_READ_LIMIT / reviews.pagination.maxLimit) + 1);
  });
});
