/**
 * Tenant A probing for tenant B's related records over HTTP (issue 19): through relation filters, OR groups, the
 * JSON OR form, quantifiers, relation sorts, search, cursors and get, with embeds and counts on. Every probe answers
 * what tenant A may see and nothing of tenant B: neither a record, nor a value, nor a hidden field.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, defineRoutes } from 'pagelope';
import { onError, resourceRoutes } from 'pagelope/hono';
import { authors, books, RELATION_SEED, reviews } from '../../src/testing/relation-fixtures';
import { expectNothingOfTenantB } from '../../src/testing/relation-leak-contract';
import { createBookServices } from '../../src/testing/relation-services';

/** The books, authors and reviews routes, every side scoped by the `x-tenant` header. */
function relationApp(): Hono {
  const services = createBookServices(
    {
      authors: createMemoryRepository(authors, { records: RELATION_SEED.authors }),
      books: createMemoryRepository(books, { records: RELATION_SEED.books }),
      reviews: createMemoryRepository(reviews, { records: RELATION_SEED.reviews }),
    },
    'locals.tenant',
  );
  const app = new Hono();
  const routes = [defineRoutes(services.books), defineRoutes(services.authors), defineRoutes(services.reviews)];
  app.route('/', resourceRoutes(routes, { locals: (c) => ({ tenant: c.req.header('x-tenant') }) }));
  app.onError(onError);
  return app;
}

const EMBEDS = 'include=author,reviews&counts=reviews&limit=50';
const ALL_OF_A = ['b1', 'b2', 'b3', 'b4', 'b6'];

describe('relations across tenants', () => {
  const app = relationApp();
  const get = async (path: string, tenant = 'A') => {
    const response = await app.request(path, { headers: { 'x-tenant': tenant } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it.each([
    ['a to-one filter on a name only B has', 'author.fullName[contl]=zebra', []],
    ['a to-one filter on a year only B has', 'author.born[eq]=1950', []],
    ['a to-one in-list naming a B author', 'author.fullName[in]=Anna%20Zebra&author.fullName[in]=bob', ['b2']],
    ['an OR group probing a B name', 'or[0][author.fullName][contl]=zebra&or[1][title][eq]=Cats', ['b3']],
    [
      'the JSON OR form probing a B name',
      `or=${encodeURIComponent('[{"author.fullName":{"contl":"zebra"}},{"title":{"eq":"Cats"}}]')}`,
      ['b3'],
    ],
    ['a to-many filter on a note only B has', 'reviews.note[contl]=zebra', []],
    ['none of the B notes', 'reviews.note[contl]=zebra&reviews[match]=none', ALL_OF_A],
    ['a rating only a B review of an A book has', 'reviews.rating[lte]=1', ['b4']],
    ['every review rated 4 or more', 'reviews.rating[gte]=4&reviews[match]=all', ['b2', 'b6']],
    ['a search for a B title', 'search=zebra', []],
    ['a descending sort by year of birth', 'orderBy=author.born&orderDirection=DESC', ['b2', 'b3', 'b4', 'b1', 'b6']],
  ])('answers %s with what A sees and nothing of B', async (_name, query, expected) => {
    const result = await get(`/books?${query}&${EMBEDS}`);
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
    expect((result.body['items'] as { id: string }[]).map((item) => item.id)).toStrictEqual(expected);
    expect(result.body['total']).toBe(expected.length);
    expectNothingOfTenantB(result.body);
  });

  it('counts only the reviews of the tenant, and embeds no review of another', async () => {
    const result = await get(`/books?${EMBEDS}`);
    const b2 = (result.body['items'] as Record<string, unknown>[]).find((item) => item['id'] === 'b2');
    expect(b2?.['_count']).toStrictEqual({ reviews: 1 });
    expect((b2?.['reviews'] as { id: string }[]).map((review) => review.id)).toStrictEqual(['r5']);
  });

  it('refuses a cursor issued to one tenant and replayed by the other', async () => {
    const first = await get('/books/cursor?orderBy=author.fullName&limit=1&include=author');
    expect(first.status).toBe(200);
    const cursor = first.body['nextCursor'] as string;
    expect(typeof cursor).toBe('string');
    const replayed = await get(`/books/cursor?cursor=${encodeURIComponent(cursor)}&limit=1`, 'B');
    expect(replayed.status).toBe(400);
  });

  it('answers a book of B as not found, and a book of A with its B author as null', async () => {
    const missing = await get('/books/b5?include=author,reviews');
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body)).not.toMatch(/zebra/i);
    const own = await get('/books/b4?include=author,reviews');
    expect([own.status, own.body['author']]).toStrictEqual([200, null]);
    expectNothingOfTenantB(own.body);
  });
});
