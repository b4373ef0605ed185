/**
 * The generators of the relation rules: worlds of authors, books and reviews across two tenants (dangling ids,
 * books without an author or reviews, authors without books), scopes on every side, and queries on books with
 * relation filters, to-one sorts, searches, embeds and counts.
 */
import fc from 'fast-check';
import {
  type Author,
  type Book,
  type RelationScopes,
  type RelationWorld,
  type Review,
  TENANTS,
} from './relation-fixtures';
import type { RelationQuery } from './relation-model';

const CHARS = ['a', 'A', 'b', 'é', 'z', ' ', '%', '_'];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 3 }).map((chars) => chars.join(''));
const needle = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 2 }).map((chars) => chars.join(''));
const tenant = fc.constantFrom(...TENANTS);
const year = fc.constantFrom(1990, 2000, 2010);
const rating = fc.integer({ min: 1, max: 5 });

/** Ids of a pool: the records of a world take some of them, and references take any (some dangle). */
const pool = (prefix: string, size: number): string[] => Array.from({ length: size }, (_, i) => `${prefix}${i + 1}`);
const AUTHOR_IDS = pool('u', 5);
const BOOK_IDS = pool('b', 7);
const REVIEW_IDS = pool('r', 12);

const recordsOf = <T>(ids: readonly string[], body: (id: string) => fc.Arbitrary<T>): fc.Arbitrary<T[]> =>
  fc.subarray([...ids]).chain((picked) => fc.tuple(...picked.map(body)).map((records) => [...records]));

/** A random world: up to 5 authors, 7 books and 12 reviews, in either tenant, some references dangling. */
export const worldArbitrary: fc.Arbitrary<RelationWorld> = fc.record({
  authors: recordsOf(AUTHOR_IDS, (id) =>
    fc
      .record({ id: fc.constant(id), tenant, fullName: text, born: fc.option(year, { nil: null }) })
      .map((author): Author => ({ ...author, secret: `key-${id}` })),
  ),
  books: recordsOf(BOOK_IDS, (id) =>
    fc.record({
      id: fc.constant(id),
      tenant,
      title: text,
      authorId: fc.option(fc.constantFrom(...AUTHOR_IDS), { nil: null, freq: 4 }),
      year: fc.option(year, { nil: null }),
    }),
  ) as fc.Arbitrary<Book[]>,
  reviews: recordsOf(REVIEW_IDS, (id) =>
    fc
      .record({ id: fc.constant(id), tenant, bookId: fc.constantFrom(...BOOK_IDS), rating, note: text })
      .map((review): Review => ({ ...review, secret: `key-${id}` })),
  ),
});

const tenantScope = tenant.map((name) => ({ tenant: name }));

/** A scope for each resource: none, a tenant, or another condition on that resource. */
export const scopesArbitrary: fc.Arbitrary<RelationScopes> = fc.record(
  {
    books: fc.oneof(tenantScope, fc.constant({ year: { notnull: true } })),
    authors: fc.oneof(tenantScope, fc.constant({ born: { gte: 2000 } })),
    reviews: fc.oneof(tenantScope, fc.constant({ rating: { gte: 3 } })),
  },
  { requiredKeys: [] },
);

/** A clause on an author's fields (never empty). */
const authorClause: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc
    .record({ fullName: fc.tuple(fc.constantFrom('cont', 'contl', 'starts', 'eq', 'ne'), needle) })
    .map(({ fullName: [op, value] }) => ({ fullName: { [op]: value } })),
  fc.record({ born: fc.tuple(fc.constantFrom('gte', 'lt', 'eq'), year) }).map(({ born: [op, value] }) => ({
    born: { [op]: value },
  })),
  fc.constantFrom({ born: { isnull: true } }, { born: { notnull: true } }, { born: null }),
  fc.tuple(needle, year).map(([value, born]) => ({ fullName: { contl: value }, born: { lte: born } })),
);

/** A clause on a review's fields (empty at times: "has a review"). */
const reviewClause: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    rating: fc.tuple(fc.constantFrom('gte', 'lte', 'eq', 'ne'), rating).map(([op, value]) => ({ [op]: value })),
    note: fc.oneof(
      fc.tuple(fc.constantFrom('contl', 'eq'), needle).map(([op, value]) => ({ [op]: value })),
      fc.constant({ ne: '' }),
    ),
  },
  { requiredKeys: [] },
);

const match = fc.constantFrom('any', 'all', 'none');
/** A to-many term: one quantifier, two of them, or one holding a list of clauses. */
const reviewsTerm: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.tuple(match, reviewClause).map(([quantifier, clause]) => ({ [quantifier]: clause })),
  fc
    .tuple(match, reviewClause, match, reviewClause)
    .map(([q1, c1, q2, c2]) => (q1 === q2 ? { [q1]: [c1, c2] } : { [q1]: c1, [q2]: c2 })),
);

/** An own condition of books, absent two times in three (they narrow the set more than relation terms). */
const ownClause: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: year.map((value) => ({ year: { gte: value } })) },
  { weight: 1, arbitrary: fc.constant({ year: { isnull: true } }) },
  { weight: 1, arbitrary: needle.map((value) => ({ title: { contl: value } })) },
);
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight: number) =>
  fc.oneof({ weight: 10 - weight, arbitrary: fc.constant(undefined) }, { weight, arbitrary });

/** A clause on books: own fields at times, the author often, the reviews more often. */
const bookClause: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    ownClause,
    sometimes(fc.oneof({ weight: 4, arbitrary: authorClause }, { weight: 1, arbitrary: fc.constant(null) }), 5),
    sometimes(reviewsTerm, 7),
  )
  .map(([own, author, reviewsOf]) => ({
    ...own,
    ...(author === undefined ? {} : { author }),
    ...(reviewsOf === undefined ? {} : { reviews: reviewsOf }),
  }));

/** A `where` on books with relation terms: none, one clause, or an OR of two. */
const relationWhereArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 5, arbitrary: bookClause },
  { weight: 2, arbitrary: fc.tuple(bookClause, bookClause).map((pair) => [...pair]) },
);

/** An order on books of up to three terms, to-one paths among them. */
const relationOrderArbitrary = fc
  .shuffledSubarray(['title', 'year', 'author.fullName', 'author.born', 'id'], { maxLength: 3 })
  .chain((fields) =>
    fc.tuple(
      ...fields.map((field) =>
        fc.constantFrom('asc' as const, 'desc' as const).map((direction) => ({ field, direction })),
      ),
    ),
  )
  .map((terms) => [...terms]);

/** A query on books: a relation `where`, an order, a search at times. */
export const relationQueryArbitrary: fc.Arbitrary<RelationQuery> = fc.record(
  {
    where: relationWhereArbitrary,
    orderBy: relationOrderArbitrary,
    search: needle,
  },
  { requiredKeys: ['where', 'orderBy'] },
);
