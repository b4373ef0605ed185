/**
 * The reference model of the relation rules, written from the rules of issue 19 rather than from any implementation:
 * given every record of the three resources, the scope of each and a query on books, the page a repository (and the
 * service, for embeds and counts) must answer.
 *
 * - Out-of-scope related records do not exist: not matched, not sorted by, not embedded, not counted.
 * - To-one (`author`): a condition clause holds for the related record; a book without one (no `authorId`, a
 *   dangling id, an author out of scope) is tested as a record with every field absent (only `isnull` holds);
 *   `{ author: null }` holds exactly for such a book.
 * - To-many (`reviews`): `any`, some child satisfies the clause; `none`, no child does (a childless book matches);
 *   `all`, a child exists and every child satisfies it. A quantifier holding a list tests each clause on its own.
 * - Order: to-one paths read the related record's field, absent without one (nulls last ascending, first
 *   descending); the id breaks ties.
 * - Embeds: the author or `null`; the reviews in the reviews' default order (rating descending, then id), at most
 *   `maxEmbedded`; counts of the reviews in scope.
 */
import {
  type Author,
  type Book,
  REVIEWS_EMBEDDED,
  type Review,
  type RelationScopes,
  type RelationWorld,
} from './relation-fixtures';
import { referenceCompareValues, referenceMatches, referenceSearchMatches, type Row } from './reference-model';

/** A query on books as the reference model reads it: the programmatic `where`, order, search, embeds and counts. */
export interface RelationQuery {
  readonly where?: unknown;
  readonly orderBy?: readonly { readonly field: string; readonly direction: 'asc' | 'desc' }[] | undefined;
  readonly search?: string | undefined;
  readonly include?: readonly ('author' | 'reviews')[] | undefined;
  readonly counts?: readonly 'reviews'[] | undefined;
}

/** What the reference model expects of one listed book: the book, its visible author and reviews. */
export interface ExpectedBook {
  readonly book: Book;
  /** The book's author within the authors' scope, `undefined` without one. */
  readonly author: Author | undefined;
  /** Every review of the book within the reviews' scope, in the reviews' default order then id. */
  readonly reviews: readonly Review[];
}

const asClauses = (where: unknown): readonly Row[] =>
  where === undefined ? [{}] : Array.isArray(where) ? (where as Row[]) : [where as Row];
const matchesWhere = (record: Row, where: unknown): boolean =>
  asClauses(where).some((clause) => referenceMatches(record, clause));

/** The reviews' default order: rating descending, then id. */
export function compareReviews(a: Review, b: Review): number {
  return b.rating !== a.rating ? b.rating - a.rating : referenceCompareValues(a.id, b.id);
}

/** The related records of each book of a world under the scopes: what relation terms, sorts and embeds read. */
export function relatedView(world: RelationWorld, scopes: RelationScopes = {}) {
  const authorsById = new Map<string, Author>();
  for (const author of world.authors)
    if (matchesWhere(author as unknown as Row, scopes.authors)) authorsById.set(author.id, author);
  const reviewsByBook = new Map<string, Review[]>();
  for (const review of world.reviews) {
    if (!matchesWhere(review as unknown as Row, scopes.reviews)) continue;
    const list = reviewsByBook.get(review.bookId) ?? [];
    list.push(review);
    reviewsByBook.set(review.bookId, list);
  }
  for (const list of reviewsByBook.values()) list.sort(compareReviews);
  return {
    authorOf: (book: Pick<Book, 'authorId'>): Author | undefined =>
      book.authorId === null ? undefined : authorsById.get(book.authorId),
    reviewsOf: (book: Pick<Book, 'id'>): readonly Review[] => reviewsByBook.get(book.id) ?? [],
  };
}

type View = ReturnType<typeof relatedView>;

function matchesClause(book: Book, clause: Row, view: View): boolean {
  return Object.entries(clause).every(([key, condition]) => {
    if (key === 'author') {
      const author = view.authorOf(book);
      if (condition === null) return author === undefined;
      return referenceMatches((author ?? {}) as Row, condition as Row);
    }
    if (key === 'reviews') {
      const children = view.reviewsOf(book) as unknown as Row[];
      return Object.entries(condition as Row).every(([match, inner]) =>
        (Array.isArray(inner) ? (inner as Row[]) : [inner as Row]).every((child) => {
          const hits = children.filter((review) => referenceMatches(review, child)).length;
          if (match === 'any') return hits > 0;
          if (match === 'none') return hits === 0;
          if (match === 'all') return children.length > 0 && hits === children.length;
          throw new Error(`the reference model does not know quantifier ${match}`);
        }),
      );
    }
    return referenceMatches(book as unknown as Row, { [key]: condition });
  });
}

/** The value a book sorts by for an order term: its own field, or a field of its author (absent without one). */
function sortValue(book: Book, field: string, view: View): unknown {
  if (!field.startsWith('author.')) return (book as unknown as Row)[field];
  return (view.authorOf(book) as Row | undefined)?.[field.slice('author.'.length)];
}

/**
 * The books a query lists, in order, each with its visible author and reviews: books within the books' scope that
 * match the `where` (an OR of clauses) and the search, sorted by the order with the id tie-breaker.
 */
export function referenceRelationList(
  world: RelationWorld,
  scopes: RelationScopes,
  query: RelationQuery,
): ExpectedBook[] {
  const view = relatedView(world, scopes);
  const terms = query.orderBy ?? [];
  const order = terms.some((term) => term.field === 'id')
    ? terms
    : [...terms, { field: 'id', direction: 'asc' as const }];
  const listed = world.books.filter(
    (book) =>
      matchesWhere(book as unknown as Row, scopes.books) &&
      asClauses(query.where).some((clause) => matchesClause(book, clause, view)) &&
      (query.search === undefined ||
        referenceSearchMatches(book as unknown as Row, { text: query.search, fields: ['title'] })),
  );
  listed.sort((a, b) => {
    for (const { field, direction } of order) {
      const x = sortValue(a, field, view);
      const y = sortValue(b, field, view);
      const xNull = x === null || x === undefined;
      const yNull = y === null || y === undefined;
      const result = xNull || yNull ? (xNull === yNull ? 0 : xNull ? 1 : -1) : referenceCompareValues(x, y);
      if (result !== 0) return direction === 'asc' ? result : -result;
    }
    return 0;
  });
  return listed.map((book) => ({ book, author: view.authorOf(book), reviews: view.reviewsOf(book) }));
}

const withoutSecret = <T extends { readonly secret: string }>(record: T): Omit<T, 'secret'> => {
  const copy: Record<string, unknown> = { ...record };
  delete copy['secret'];
  return copy as Omit<T, 'secret'>;
};

/**
 * The item the service lists for an expected book: the book with `author` (the author without its hidden fields, or
 * `null`) and `reviews` (at most `maxEmbedded`, without hidden fields) when included, and `_count` when counted.
 */
export function expectedItem(expected: ExpectedBook, query: RelationQuery): Record<string, unknown> {
  const item: Record<string, unknown> = { ...expected.book };
  if (query.include?.includes('author'))
    item['author'] = expected.author === undefined ? null : withoutSecret(expected.author);
  if (query.include?.includes('reviews'))
    item['reviews'] = expected.reviews.slice(0, REVIEWS_EMBEDDED).map(withoutSecret);
  if (query.counts?.includes('reviews')) item['_count'] = { reviews: expected.reviews.length };
  return item;
}
