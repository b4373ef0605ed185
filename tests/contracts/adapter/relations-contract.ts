/**
 * Relations over HTTP on every adapter (issue 19): `include`, `counts`, relation filters (shorthand, spec form, OR
 * groups, `reviews[match]`), relation sorts and cursors on authors, books and reviews scoped by the `x-tenant`
 * header, end to end; tenant B's related records never reach tenant A; bad parameters are the 400 envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository, defineRoutes } from '../../../src/index';
import { authors, books, RELATION_SEED, type RelationScopes, reviews } from '../../../src/testing/relation-fixtures';
import { expectNothingOfTenantB } from '../../../src/testing/relation-leak-contract';
import { expectedItem, referenceRelationList, type RelationQuery } from '../../../src/testing/relation-model';
import { createBookServices } from '../../../src/testing/relation-services';
import { STACK, type Envelope } from '../envelope';
import type { MountAdapter, MountedApp } from './mount-adapter';

const TENANT_A: RelationScopes = { books: { tenant: 'A' }, authors: { tenant: 'A' }, reviews: { tenant: 'A' } };
const A = { 'x-tenant': 'A' };

/** The books tenant A lists for a query, as the service answers them (embeds and counts included). */
const expectedOf = (query: RelationQuery) =>
  referenceRelationList(RELATION_SEED, TENANT_A, query).map((item) => expectedItem(item, query));
const idsOf = (query: RelationQuery) =>
  referenceRelationList(RELATION_SEED, TENANT_A, query).map(({ book }) => book.id);

/** Declares the relations contract for one framework adapter. */
export function describeRelationsAdapterContract(name: string, mount: MountAdapter): void {
  describe(`${name} relations over HTTP`, () => {
    let app: MountedApp | undefined;
    beforeAll(async () => {
      const services = createBookServices(
        {
          authors: createMemoryRepository(authors, { records: RELATION_SEED.authors }),
          books: createMemoryRepository(books, { records: RELATION_SEED.books }),
          reviews: createMemoryRepository(reviews, { records: RELATION_SEED.reviews }),
        },
        'locals.tenant',
      );
      app = await mount(
        [defineRoutes(services.books), defineRoutes(services.authors), defineRoutes(services.reviews)],
        {},
      );
    });
    afterAll(async () => {
      await app?.close();
    });

    const send = async (path: string, headers: Record<string, string> = A) => {
      if (!app) throw new Error('the app did not start');
      const response = await fetch(`${app.url}${path}`, { headers });
      const text = await response.text();
      expect(text).not.toMatch(STACK);
      return { status: response.status, body: JSON.parse(text) as unknown, text };
    };
    const page = async (path: string) => {
      const result = await send(path);
      expect(result.status, result.text.slice(0, 300)).toBe(200);
      return result.body as { items: Record<string, unknown>[]; total: number; nextCursor?: string | null };
    };
    const refused = async (path: string) => {
      const result = await send(path);
      expect(result.status, result.text.slice(0, 300)).toBe(400);
      const envelope = result.body as Envelope;
      expect(envelope).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      return Array.isArray(envelope.message) ? envelope.message : [envelope.message];
    };

    it('lists the books with their author, reviews and review count (include, counts)', async () => {
      const query: RelationQuery = { include: ['author', 'reviews'], counts: ['reviews'] };
      const result = await page('/books?include=author,reviews&counts=reviews&limit=50');
      expect(result.items).toStrictEqual(expectedOf(query));
      expectNothingOfTenantB(result);
    });

    it.each<[string, RelationQuery]>([
      ['author.fullName[cont]=Ann', { where: { author: { fullName: { cont: 'Ann' } } } }],
      [
        'author.fullName[operator]=cont&author.fullName[value]=Ann',
        { where: { author: { fullName: { cont: 'Ann' } } } },
      ],
      ['author.born[isnull]=true', { where: { author: { born: { isnull: true } } } }],
      ['reviews.rating[gte]=4', { where: { reviews: { any: { rating: { gte: 4 } } } } }],
      ['reviews.rating[gte]=2&reviews[match]=all', { where: { reviews: { all: { rating: { gte: 2 } } } } }],
      ['reviews.rating[gte]=4&reviews[match]=none', { where: { reviews: { none: { rating: { gte: 4 } } } } }],
      [
        'reviews.rating[gte]=4&reviews.note[eq]=ok',
        { where: { reviews: { any: { rating: { gte: 4 }, note: { eq: 'ok' } } } } },
      ],
      [
        'or[0][author.fullName][eq]=bob&or[1][reviews.rating][lte]=1',
        { where: [{ author: { fullName: { eq: 'bob' } } }, { reviews: { any: { rating: { lte: 1 } } } }] },
      ],
      ['author.fullName[contl]=zebra', { where: { author: { fullName: { contl: 'zebra' } } } }],
      ['reviews.note[contl]=zebra&reviews[match]=none', { where: { reviews: { none: { note: { contl: 'zebra' } } } } }],
    ])('filters by %s, each matching book once, the total counting books', async (params, query) => {
      const result = await page(`/books?${params}&include=reviews&limit=50`);
      expect(result.items.map((item) => item['id'])).toStrictEqual(idsOf(query));
      expect(result.total).toBe(idsOf(query).length);
      expect(result.items).toStrictEqual(expectedOf({ ...query, include: ['reviews'] }));
      expectNothingOfTenantB(result);
    });

    it('sorts by the author name, books without a visible author last ascending and first descending', async () => {
      const asc = await page('/books?orderBy=author.fullName&limit=50');
      expect(asc.items.map((item) => item['id'])).toStrictEqual(['b1', 'b6', 'b2', 'b3', 'b4']);
      const desc = await page('/books?orderBy=author.fullName&orderDirection=DESC&limit=50');
      expect(desc.items.map((item) => item['id'])).toStrictEqual(['b3', 'b4', 'b2', 'b1', 'b6']);
    });

    it('walks the cursor route by author name with embeds, each book once, the query repeated with the cursor', async () => {
      const seen: unknown[] = [];
      const base = '/books/cursor?orderBy=author.fullName&include=author&counts=reviews&limit=2';
      let path = base;
      for (let pages = 0; pages < 10; pages++) {
        const result = await page(path);
        expectNothingOfTenantB(result);
        for (const item of result.items) expect(item).toHaveProperty('_count');
        seen.push(...result.items.map((item) => item['id']));
        if (!result.nextCursor) break;
        path = `${base}&cursor=${encodeURIComponent(result.nextCursor)}`;
      }
      expect(seen).toStrictEqual(['b1', 'b6', 'b2', 'b3', 'b4']);
    });

    it('answers a cursor replayed without its relation order with the 400 envelope', async () => {
      const first = await page('/books/cursor?orderBy=author.fullName&limit=2');
      expect(typeof first.nextCursor).toBe('string');
      await refused(`/books/cursor?cursor=${encodeURIComponent(first.nextCursor as string)}&limit=2`);
    });

    it('gets one book with its embeds, an author of another tenant as null, and a book of another tenant as 404', async () => {
      const result = await send('/books/b4?include=author,reviews');
      expect(result.status).toBe(200);
      expect((result.body as Record<string, unknown>)['author']).toBeNull();
      expectNothingOfTenantB(result.body);
      expect((await send('/books/b5?include=author')).status).toBe(404);
      expect((await send('/books/b1?include=publisher')).status).toBe(400);
    });

    it.each([
      ['reviews[match]=sometimes&reviews.rating[gte]=1', 'reviews[match]: "sometimes" must be any, all or none'],
      ['reviews[match]=all', 'reviews[match] needs a condition on reviews'],
      ['author.secret[eq]=x', 'author.secret[eq]: "author.secret" is not a filterable field'],
    ])('answers %s with the 400 envelope and its message', async (params, message) => {
      expect(await refused(`/books?${params}`)).toContain(message);
    });

    it.each([
      ['an unknown relation', 'include=publisher', 'publisher'],
      ['a relation named twice', 'include=author,author', 'author'],
      ['a relation named in two include parameters', 'include=author&include=author', 'author'],
      ['an empty include', 'include=', 'include'],
      ['a to-one count', 'counts=author', 'author'],
      ['an empty counts', 'counts=', 'counts'],
      ['two hops', 'author.publisher.name[eq]=x', 'author.publisher.name'],
      ['a to-many sort', 'orderBy=reviews.rating', 'reviews.rating'],
      ['a match on a to-one relation', 'author[match]=all&author.fullName[eq]=bob', 'author[match]'],
      ['a repeated match', 'reviews[match]=all&reviews[match]=none&reviews.rating[gte]=1', 'reviews[match]'],
      ['an unknown operator on a relation path', 'reviews.rating[regex]=1', 'reviews.rating'],
      ['an over-long include', `include=${'author,'.repeat(300)}reviews`, 'include'],
      ['a relation name in __proto__ form', 'include=__proto__', '__proto__'],
    ])('answers %s with the 400 envelope naming it', async (_name, params, named) => {
      const messages = await refused(`/books?${params}`);
      expect(messages.join('\n')).toContain(named);
    });

    it.each([
      ['a to-one filter', '/books?author.{field}[eq]=key-u1'],
      ['a to-many filter', '/books?reviews.{field}[eq]=key-r1'],
      ['a to-one sort', '/books?orderBy=author.{field}'],
      ['an OR group', '/books?or[0][author.{field}][eq]=key-u1'],
    ])('answers a hidden related field in %s exactly as an unknown one', async (_name, path) => {
      const hidden = await refused(path.replace('{field}', 'secret'));
      const absent = await refused(path.replace('{field}', 'secrex'));
      expect(JSON.stringify(hidden).replaceAll('secret', 'secrex')).toBe(JSON.stringify(absent));
    });
  });
}
