import { describe, expectTypeOf, it } from 'vitest';
import {
  createClient,
  toQueryString,
  type CursorPage,
  type PageResult,
  type RelationWhere,
  type ResourceClient,
  type WithEmbeds,
} from 'pagelope/client';

interface Author {
  id: string;
  fullName: string;
  born: number | null;
}
interface Review {
  id: string;
  rating: number;
}
interface Book {
  id: string;
  title: string;
  authorId: string | null;
}
interface BookRelations {
  author: Author;
  reviews: Review[];
}

const client = createClient({ baseUrl: 'http://127.0.0.1:3000' });
const books = client.resource<Book, BookRelations>('/books');
const plain = client.resource<Book>('/books');
const untyped = client.resource('/books');

describe('ResourceClient (relations)', () => {
  it('returns items with author: Author | null, reviews: readonly Review[] and _count for include and counts', () => {
    expectTypeOf(books).toEqualTypeOf<ResourceClient<Book, BookRelations>>();
    expectTypeOf(books).not.toBeAny();
    const page = books.list({ include: ['author', 'reviews'], counts: ['reviews'] });
    expectTypeOf(page).not.toBeAny();
    type Item = Awaited<typeof page>['items'][number];
    expectTypeOf<Item['author']>().toEqualTypeOf<Author | null>();
    expectTypeOf<Item['reviews']>().toEqualTypeOf<readonly Review[]>();
    expectTypeOf<Item['_count']>().toEqualTypeOf<{ readonly reviews: number }>();
    expectTypeOf<Item['title']>().toEqualTypeOf<string>();
    expectTypeOf(books.get('b1', { include: ['author'] })).resolves.toHaveProperty('author');
    expectTypeOf<Awaited<ReturnType<typeof books.get<'author'>>>['author']>().toEqualTypeOf<Author | null>();
  });

  it('returns the plain record type without include or counts', () => {
    expectTypeOf(books.list()).toEqualTypeOf<Promise<PageResult<Book>>>();
    expectTypeOf(books.get('b1')).toEqualTypeOf<Promise<Book>>();
    expectTypeOf(plain.list({ where: { title: 'x' } })).toEqualTypeOf<Promise<PageResult<Book>>>();
    expectTypeOf<WithEmbeds<Book, BookRelations, never, never>>().toEqualTypeOf<Book>();
  });

  it('returns a select and an include together, and typed items from all and pages', () => {
    const page = books.list({ select: ['title'], include: ['author'] });
    expectTypeOf(page).toEqualTypeOf<
      Promise<PageResult<Pick<Book, 'id' | 'title'> & { readonly author: Author | null }>>
    >();
    for (const _ of [books.all({ include: ['reviews'] })]) {
      expectTypeOf(_).toEqualTypeOf<AsyncGenerator<Book & { readonly reviews: readonly Review[] }, void, undefined>>();
    }
    expectTypeOf(books.pages({ counts: ['reviews'] })).toEqualTypeOf<
      AsyncGenerator<PageResult<Book & { readonly _count: { readonly reviews: number } }>, void, undefined>
    >();
  });

  it('returns listByCursor items with every known embed optional (a loop on nextCursor type-checks)', async () => {
    const first = await books.listByCursor({ include: ['author'] });
    expectTypeOf(first.items[0]!.author).toEqualTypeOf<Author | null | undefined>();
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const next = await books.listByCursor({ cursor, include: ['author'] });
      cursor = next.nextCursor;
    }
    expectTypeOf(plain.listByCursor()).toEqualTypeOf<Promise<CursorPage<Book>>>();
  });

  it('takes relation filters, quantifiers and relation sorts', () => {
    books.list({
      where: { author: { fullName: { cont: 'ann' }, born: null }, reviews: { all: { rating: { gte: 4 } } } },
      orderBy: [{ field: 'author.fullName', direction: 'asc' }],
    });
    books.list({ where: [{ reviews: { any: [{ rating: 5 }] } }, { title: 'x' }] });
    expectTypeOf<RelationWhere<Book, BookRelations>>().not.toBeAny();
    toQueryString<Book, BookRelations>({ include: ['reviews'], where: { reviews: { none: { rating: 1 } } } });
    // Without a record type, any relation name goes.
    untyped.list({ include: ['anything'], counts: ['other'], where: { rel: { field: { cont: 'x' } } } });
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error an include name that is not a relation
    books.list({ include: ['publisher'] });
    // @ts-expect-error a to-one relation is not countable
    books.list({ counts: ['author'] });
    // @ts-expect-error no relations are known for client.resource<Book>
    plain.list({ include: ['author'] });
    // @ts-expect-error a related field the related record lacks
    books.list({ where: { author: { nope: 1 } } });
    // @ts-expect-error a text operator on a number related field
    books.list({ where: { reviews: { any: { rating: { cont: '5' } } } } });
    // @ts-expect-error a quantifier on a to-one relation
    books.list({ where: { author: { any: { fullName: 'x' } } } });
    // @ts-expect-error a to-many relation is not a sort path
    books.list({ orderBy: [{ field: 'reviews.rating', direction: 'asc' }] });
    // @ts-expect-error an unknown related sort field
    books.list({ orderBy: [{ field: 'author.nope', direction: 'asc' }] });
    // @ts-expect-error an include name that is not a relation, on get
    books.get('b1', { include: ['publisher'] });
    // @ts-expect-error an include name that is not a relation, in toQueryString
    toQueryString<Book, BookRelations>({ include: ['publisher'] });
  });
});
