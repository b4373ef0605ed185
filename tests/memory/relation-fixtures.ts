/**
 * Authors, books and reviews for the memory repository's relation tests: the resources, random seeds, hand-built
 * relation queries (normalized queries stamped so that `list`/`listByCursor` take them as they are), and the reference
 * model over plain arrays (`compilePredicate` with a `RelatedLookup`, `compileComparator` over rows carrying the
 * to-one path values).
 */
import fc from 'fast-check';
import { z } from 'zod';
import { defineResource, type Resource } from '../../src/index';
import {
  compileComparator,
  compilePredicate,
  compileSearch,
  normalizeScope,
  type Condition,
  type FilterTerm,
  type NormalizedQuery,
  type OrderTerm,
  type RelatedLookup,
  type RelationCondition,
} from '../../src/kit/index';
import { remember } from '../../src/query/model/index';

export const TENANTS = ['t1', 't2'] as const;

export const authorSchema = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  tier: z.enum(['gold', 'silver', 'bronze']),
  tenant: z.enum(TENANTS),
});
export const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  year: z.number().int(),
  authorId: z.string().nullable(),
  tenant: z.enum(TENANTS),
});
export const reviewSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  rating: z.number().int(),
  tenant: z.enum(TENANTS),
});
export type Author = z.output<typeof authorSchema>;
export type Book = z.output<typeof bookSchema>;
export type Review = z.output<typeof reviewSchema>;

export const authors = defineResource({
  name: 'authors',
  schema: authorSchema,
  filterable: ['fullName', 'tier', 'tenant'],
  sortable: ['fullName'],
});
export const reviews = defineResource({
  name: 'reviews',
  schema: reviewSchema,
  filterable: ['rating', 'tenant'],
  sortable: ['rating'],
  defaultOrder: [{ field: 'rating', direction: 'desc' }],
});
export const books = defineResource({
  name: 'books',
  schema: bookSchema,
  filterable: ['title', 'year', 'tenant'],
  sortable: ['title', 'year'],
  searchable: ['title'],
  relations: {
    author: { kind: 'one', resource: () => authors, field: 'authorId' },
    reviews: { kind: 'many', resource: () => reviews, field: 'bookId' },
  },
});

type Row = Readonly<Record<string, unknown>>;
const res = (resource: unknown) => resource as Resource;

/** The AND-group of conditions a clause of `where` normalizes to on `resource` (a valid, OR-free clause). */
export function conditionsOf(where: Record<string, unknown>, resource: unknown): readonly Condition[] {
  const groups = normalizeScope(where, res(resource));
  if (groups.length !== 1) throw new Error(`not one AND-group: ${JSON.stringify(where)}`);
  return groups[0] as readonly Condition[];
}

const tenant = fc.constantFrom(...TENANTS);
const name = fc.constantFrom('Ann Lee', 'anna', 'Bob', 'Zoë', 'ann', 'Émile', 'bo');

export const seedArbitrary = fc.record({
  authors: fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 0, max: 7 }).map((n) => `a${n}`),
      fullName: fc.option(name, { nil: null }),
      tier: fc.constantFrom('gold', 'silver', 'bronze'),
      tenant,
    }),
    { selector: (a) => a.id, minLength: 2, maxLength: 7 },
  ),
  books: fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 0, max: 15 }).map((n) => `b${n}`),
      title: fc.constantFrom('Dune', 'dune messiah', 'Emma', 'Ulysses', 'Middlemarch', 'Beloved'),
      year: fc.integer({ min: 1990, max: 1995 }),
      // Some books name authors that do not exist (a7 is never created), some none.
      authorId: fc.option(
        fc.integer({ min: 0, max: 8 }).map((n) => `a${n}`),
        { nil: null },
      ),
      tenant,
    }),
    { selector: (b) => b.id, minLength: 3, maxLength: 14 },
  ),
  reviews: fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 0, max: 60 }).map((n) => `r${n}`),
      // Some reviews name books that do not exist.
      bookId: fc.integer({ min: 0, max: 17 }).map((n) => `b${n}`),
      rating: fc.integer({ min: 1, max: 5 }),
      tenant,
    }),
    { selector: (r) => r.id, minLength: 5, maxLength: 40 },
  ),
});
export type Seed = { authors: Author[]; books: Book[]; reviews: Review[] };

/** At most one key of `options` (none, one time in `1 + none`), as a clause. */
const oneOf = (options: Record<string, fc.Arbitrary<unknown>>, none = 1) =>
  fc.oneof(
    { arbitrary: fc.constant({}), weight: none },
    ...Object.entries(options).map(([key, value]) => ({ arbitrary: value.map((v) => ({ [key]: v })), weight: 1 })),
  );

const authorWhere = fc
  .tuple(
    oneOf({
      fullName: fc.oneof(
        fc.constant(null),
        name.map((eq) => ({ eq })),
        fc.constantFrom('ann', 'b', 'Ë').map((contl) => ({ contl })),
        fc.constantFrom('A', 'Z').map((starts) => ({ starts })),
        fc.constant({ notnull: true }),
      ),
    }),
    oneOf({ tier: fc.constantFrom('gold', 'silver').map((eq) => ({ eq })), tenant: tenant.map((eq) => ({ eq })) }, 3),
  )
  .map(([a, b]) => conditionsOf({ ...a, ...b }, authors));

const reviewWhere = fc
  .tuple(
    oneOf({
      rating: fc.oneof(
        fc.integer({ min: 1, max: 5 }).map((gte) => ({ gte })),
        fc.integer({ min: 1, max: 5 }).map((lt) => ({ lt })),
        fc.integer({ min: 1, max: 5 }).map((eq) => ({ eq })),
      ),
    }),
    oneOf({ tenant: tenant.map((eq) => ({ eq })) }, 3),
  )
  .map(([a, b]) => conditionsOf({ ...a, ...b }, reviews));

const bookWhere = oneOf(
  {
    year: fc.integer({ min: 1990, max: 1993 }).map((gte) => ({ gte })),
    tenant: tenant.map((eq) => ({ eq })),
    title: fc.oneof(
      fc.constantFrom('u', 'e', 'M').map((cont) => ({ cont })),
      fc.constantFrom('dune', 'emma').map((eql) => ({ eql })),
    ),
  },
  2,
).map((where) => conditionsOf(where, books));

export const relationTermArbitrary: fc.Arbitrary<RelationCondition> = fc.oneof(
  authorWhere.map((conditions) => ({ relation: 'author', kind: 'one' as const, match: 'any' as const, conditions })),
  fc
    .record({ match: fc.constantFrom('any' as const, 'all' as const, 'none' as const), conditions: reviewWhere })
    .map(({ match, conditions }) => ({ relation: 'reviews', kind: 'many' as const, match, conditions })),
);

/** One AND-group: the book's own conditions (some) and some relation terms. */
const groupArbitrary: fc.Arbitrary<readonly FilterTerm[]> = fc
  .tuple(bookWhere, fc.array(relationTermArbitrary, { minLength: 1, maxLength: 2 }))
  .map(([own, terms]) => [...own, ...terms]);

export const groupsArbitrary = fc.array(groupArbitrary, { minLength: 1, maxLength: 2 });

/** Orders over books: own fields and the to-one path `author.fullName`, the id last. */
export const orderArbitrary: fc.Arbitrary<readonly OrderTerm[]> = fc
  .constantFrom<readonly (readonly [string, 'asc' | 'desc'])[]>(
    [['author.fullName', 'asc']],
    [['author.fullName', 'desc']],
    [
      ['year', 'desc'],
      ['author.fullName', 'asc'],
    ],
    [
      ['author.fullName', 'desc'],
      ['title', 'asc'],
    ],
    [['title', 'asc']],
    [],
  )
  .map((terms) => [
    ...terms.map(([field, direction]) => ({ field, direction })),
    { field: 'id', direction: 'asc' as const },
  ]);

export interface Scopes {
  readonly books?: Record<string, unknown> | undefined;
  readonly author?: Record<string, unknown> | undefined;
  readonly reviews?: Record<string, unknown> | undefined;
}

export const scopesArbitrary: fc.Arbitrary<Scopes> = fc.record(
  {
    books: tenant.map((t) => ({ tenant: t })),
    author: tenant.map((t) => ({ tenant: t })),
    reviews: fc.oneof(
      tenant.map((t) => ({ tenant: t })),
      fc.constant({ rating: { gte: 3 } }),
    ),
  },
  { requiredKeys: [] },
);

/** The groups of a normalized query, frozen, as the normalization hands them over. */
const frozenGroups = (groups: readonly (readonly FilterTerm[])[]) =>
  Object.freeze(groups.map((group) => Object.freeze([...group])));

/** The related scopes of the relations a query reads, normalized (what the query helper puts in relationScopes). */
export function relationScopesOf(scopes: Scopes): ReadonlyMap<string, readonly (readonly Condition[])[]> {
  return new Map([
    ['author', scopes.author ? normalizeScope(scopes.author, res(authors)) : [[]]],
    ['reviews', scopes.reviews ? normalizeScope(scopes.reviews, res(reviews)) : [[]]],
  ]);
}

export interface QueryShape {
  readonly groups: readonly (readonly FilterTerm[])[];
  readonly order: readonly OrderTerm[];
  readonly limit: number;
  readonly page?: number;
  readonly search?: string | undefined;
  /** Whether the query carries the related scopes itself (else the repository normalizes the bindings' scopes). */
  readonly withRelationScopes?: boolean;
  readonly scopes?: Scopes;
}

/** A normalized query of books, built by hand (as the relations normalization will produce it). */
export function normalizedOf(
  shape: QueryShape,
  after: readonly unknown[] | null = null,
  cursorScope: string | null = null,
): NormalizedQuery {
  const search = shape.search ? { text: shape.search, needle: shape.search.toLowerCase(), fields: ['title'] } : null;
  return Object.freeze({
    page: shape.page ?? 1,
    limit: shape.limit,
    groups: frozenGroups(shape.groups),
    order: shape.order,
    after,
    cursorScope,
    ...(search ? { search } : {}),
    ...(shape.withRelationScopes ? { relationScopes: relationScopesOf(shape.scopes ?? {}) } : {}),
  });
}

/** A query object `list` (mode 'page') or `listByCursor` (mode 'cursor') takes as `normalized`, unparsed. */
export function stamped(normalized: NormalizedQuery, mode: 'page' | 'cursor'): never {
  return remember({}, normalized, books, mode) as never;
}

/** The sort values a cursor carries, and the scope tag it was bound to (a test's own decoding). */
export function decodeCursorValues(cursor: string): { values: unknown[]; scopeTag: string | null } {
  const [binding, ...values] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, ...unknown[]];
  const dot = binding.indexOf('.');
  return { values, scopeTag: dot === -1 ? null : binding.slice(dot + 1) };
}

/** The reference model: plain arrays, the reference predicate and comparator. */
export function referenceOf(seed: Seed, scopes: Scopes) {
  const test = (where: Record<string, unknown> | undefined, resource: unknown) =>
    where ? compilePredicate(normalizeScope(where, res(resource))) : () => true;
  const authorIn = test(scopes.author, authors);
  const reviewIn = test(scopes.reviews, reviews);
  const bookIn = test(scopes.books, books);
  const related: RelatedLookup = (relation, record) =>
    relation === 'author'
      ? seed.authors.filter((a) => a.id === record.authorId && authorIn(a))
      : seed.reviews.filter((r) => r.bookId === record.id && reviewIn(r));
  /** The matching books in order, each with its to-one path value (`author.fullName`). */
  const listed = (shape: QueryShape): Book[] => {
    const filter = compilePredicate(shape.groups, related);
    const search = shape.search
      ? compileSearch({ text: shape.search, needle: shape.search.toLowerCase(), fields: ['title'] })
      : () => true;
    const rows = seed.books
      .filter((b) => bookIn(b) && filter(b) && search(b))
      .map((b) => ({
        row: b,
        keyed: { ...b, 'author.fullName': (related('author', b)[0] as Row | undefined)?.fullName ?? null },
      }));
    const compare = compileComparator(shape.order);
    return rows.sort((x, y) => compare(x.keyed, y.keyed)).map((x) => x.row);
  };
  return { related, listed };
}

export const idsOf = (rows: readonly unknown[]) => rows.map((row) => (row as { id: string }).id);
