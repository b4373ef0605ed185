import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  pageMeta,
  type PageMeta,
} from 'pagelope';
import { type Route } from 'pagelope/http';
import { linkHeader, MAX_LINK_HEADER_LENGTH, queryTextOf } from '../../src/routes/link-header';

const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), rank: z.number().int() }),
  filterable: ['rank'],
  sortable: ['rank'],
  pagination: { defaultLimit: 10, maxLimit: 50 },
});
const SEED = Array.from({ length: 45 }, (_, i) => ({ id: `i${String(i).padStart(3, '0')}`, rank: i }));

function listRoute(options: Record<string, unknown> = {}): Route {
  const service = createResourceService({
    resource: items,
    repository: createMemoryRepository(items, { records: SEED }),
  });
  const routes = defineRoutes(service, { routes: { GET_LIST: options, GET: true } });
  return routes.routes.find((route) => route.type === 'GET_LIST')!;
}

/** The link header's targets by relation. */
function relations(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(', <')) {
    const match = /^<?([^>]*)>; rel="(\w+)"$/.exec(part);
    expect(match, part).not.toBeNull();
    out[match![2]!] = match![1]!;
  }
  return out;
}

describe('linkHeader', () => {
  it.each([
    { page: 1, total: 45, limit: 10, rels: ['first', 'next', 'last'] },
    { page: 2, total: 45, limit: 10, rels: ['first', 'prev', 'next', 'last'] },
    { page: 5, total: 45, limit: 10, rels: ['first', 'prev', 'last'] },
    { page: 1, total: 0, limit: 10, rels: ['first', 'last'] },
    { page: 9, total: 45, limit: 10, rels: ['first', 'prev', 'last'] },
  ])('returns $rels for page $page of $total by $limit', ({ page, total, limit, rels }) => {
    const header = linkHeader('/items', 'limit=10', pageMeta({ total, page, limit }))!;
    expect(Object.keys(relations(header))).toEqual(rels);
  });

  it('changes only page, in place, keeping every other parameter as sent', () => {
    const links = relations(
      linkHeader('/api/items', 'rank[gte]=3&page=2&orderBy=rank&limit=5', pageMeta({ total: 40, page: 2, limit: 5 }))!,
    );
    expect(links).toEqual({
      first: '/api/items?rank[gte]=3&page=1&orderBy=rank&limit=5',
      prev: '/api/items?rank[gte]=3&page=1&orderBy=rank&limit=5',
      next: '/api/items?rank[gte]=3&page=3&orderBy=rank&limit=5',
      last: '/api/items?rank[gte]=3&page=8&orderBy=rank&limit=5',
    });
  });

  it('appends page when the query has none, and finds an encoded page key', () => {
    expect(relations(linkHeader('/items', '', pageMeta({ total: 20, page: 1, limit: 10 }))!)['next']).toBe(
      '/items?page=2',
    );
    expect(relations(linkHeader('/items', 'pag%65=1&x=1', pageMeta({ total: 20, page: 1, limit: 10 }))!)['next']).toBe(
      '/items?page=2&x=1',
    );
  });

  it('percent-encodes what would break the header: <, >, quotes, spaces, commas stay inside the brackets', () => {
    const header = linkHeader('/items', 'q=<a>"b c\\d', pageMeta({ total: 1, page: 1, limit: 10 }))!;
    expect(header).not.toMatch(/[<][^>]*[<"\\ ]/);
    expect(relations(header)['first']).toBe('/items?q=%3Ca%3E%22b%20c%5Cd&page=1');
  });

  it('returns undefined rather than a header over 4,096 characters', () => {
    const meta = pageMeta({ total: 100, page: 2, limit: 10 });
    const fits = 'q=' + 'a'.repeat(900);
    expect(linkHeader('/items', fits, meta)!.length).toBeLessThanOrEqual(MAX_LINK_HEADER_LENGTH);
    expect(linkHeader('/items', 'q=' + 'a'.repeat(1100), meta)).toBeUndefined();
  });

  it('keeps every target parseable and pointing at a page from 1 to the last, for any page and total', () => {
    fc.assert(
      fc.property(
        fc.nat(500),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        (total, limit, page) => {
          const meta = pageMeta({ total, page, limit });
          const links = relations(linkHeader('/items', 'limit=1', meta)!);
          const pageOf = (url: string) => Number(new URLSearchParams(url.split('?')[1]).get('page'));
          const last = Math.max(meta.totalPages, 1);
          expect(pageOf(links['first']!)).toBe(1);
          expect(pageOf(links['last']!)).toBe(last);
          expect('prev' in links).toBe(page > 1);
          expect('next' in links).toBe(page < last);
          if (links['next']) expect(pageOf(links['next'])).toBe(page + 1);
          if (links['prev']) expect(pageOf(links['prev'])).toBe(Math.min(page - 1, last));
        },
      ),
    );
  });
});

/** The first implementation of linkHeader (each target split, joined and encoded whole), kept as the reference. */
function referenceLinkHeader(path: string, query: string, meta: PageMeta): string | undefined {
  const unsafe = /[^A-Za-z0-9\-._~!$&'()*+,;=:@%/?[\]]/g;
  const keyOf = (part: string): string => {
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    try {
      return decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      return key;
    }
  };
  const parts = query === '' ? [] : query.split('&').filter((part) => part !== '');
  const at = parts.findIndex((part) => keyOf(part) === 'page');
  const target = (page: number): string => {
    const next = [...parts];
    if (at === -1) next.push(`page=${page}`);
    else next[at] = `page=${page}`;
    return `<${`${path}?${next.join('&')}`.replace(unsafe, encodeURIComponent)}>`;
  };
  const last = Math.max(meta.totalPages, 1);
  const links = [`${target(1)}; rel="first"`];
  if (meta.page > 1) links.push(`${target(Math.min(meta.page - 1, last))}; rel="prev"`);
  if (meta.page < last) links.push(`${target(meta.page + 1)}; rel="next"`);
  links.push(`${target(last)}; rel="last"`);
  const header = links.join(', ');
  return header.length > MAX_LINK_HEADER_LENGTH ? undefined : header;
}

describe('linkHeader against its first implementation', () => {
  const pieces = [
    '&',
    '&&',
    '=',
    'page',
    'pag%65',
    'p+age',
    '%',
    '%zz',
    '+',
    'a',
    'limit=5',
    '<',
    '"',
    ' ',
    'é',
    '[gte]',
    '=2',
  ];
  it.each([
    { path: '/items', query: '' },
    { path: '/items', query: '&&page=3&&' },
    { path: '/api/items', query: 'page=1&page=2&x=%3C' },
    { path: '/a b', query: 'q=<a>"b c\\d&page' },
    { path: '/items', query: 'pag%65=4&%E0%A4%A=1' },
    { path: '/items', query: 'q=' + 'a'.repeat(1100) },
  ])('returns the same header for $path ? $query', ({ path, query }) => {
    const meta = pageMeta({ total: 95, page: 4, limit: 10 });
    expect(linkHeader(path, query, meta)).toBe(referenceLinkHeader(path, query, meta));
  });

  it('returns the same header for any query made of parameters, separators and encodings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 12 }),
        fc.nat(300),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 50 }),
        (chosen, total, limit, page) => {
          const query = chosen.join('');
          const meta = pageMeta({ total, page, limit });
          expect(linkHeader('/items', query, meta)).toBe(referenceLinkHeader('/items', query, meta));
        },
      ),
      { seed: 18, numRuns: 500 },
    );
  });
});

describe('queryTextOf', () => {
  it.each([
    ['?a=1&b=2', 'a=1&b=2'],
    [new URLSearchParams('a=1&b=x y'), 'a=1&b=x+y'],
    [{ a: '1', rank: { gte: '3' }, tag: ['x', 'y'] }, 'a=1&rank%5Bgte%5D=3&tag=x&tag=y'],
    [undefined, ''],
  ])('returns the query text of %j', (query, text) => {
    expect(queryTextOf(query)).toBe(text);
  });
});

describe('GET_LIST paging headers', () => {
  const call = (route: Route, query: string, path?: string) =>
    route.handle({ params: {}, query, headers: {}, ...(path ? { path } : {}) });

  it('sends link by default, built on the request path the adapter gives', async () => {
    const reply = await call(listRoute(), 'limit=10&page=2', '/api/items');
    expect(relations(reply.headers['link']!)).toEqual({
      first: '/api/items?limit=10&page=1',
      prev: '/api/items?limit=10&page=1',
      next: '/api/items?limit=10&page=3',
      last: '/api/items?limit=10&page=5',
    });
    expect(reply.headers).not.toHaveProperty('x-total-count');
  });

  it('sends x-total-count with access-control-expose-headers when asked, and no link when turned off', async () => {
    const reply = await call(listRoute({ totalCountHeader: true, linkHeader: false }), 'rank[lt]=7');
    expect(reply.headers).toMatchObject({ 'x-total-count': '7', 'access-control-expose-headers': 'x-total-count' });
    expect(reply.headers).not.toHaveProperty('link');
    const both = await call(listRoute({ totalCountHeader: true }), '');
    expect(both.headers['access-control-expose-headers']).toBe('x-total-count, link');
    expect(both.headers['x-total-count']).toBe('45');
  });

  it('follows every next link from page 1 to the last and sees each record once', async () => {
    const route = listRoute();
    const seen: string[] = [];
    let query: string | undefined = 'limit=7&orderBy=rank';
    while (query !== undefined) {
      const reply = await call(route, query);
      seen.push(...(reply.body as { items: { id: string }[] }).items.map((item) => item.id));
      const next: string | undefined = relations(reply.headers['link']!)['next'];
      query = next?.split('?')[1];
    }
    expect(seen).toEqual(SEED.map((item) => item.id));
  });

  it('exposes the choices on the route, and refuses them elsewhere or as non-booleans', () => {
    expect(listRoute()).toMatchObject({ linkHeader: true, totalCountHeader: false });
    const service = createResourceService({ resource: items, repository: createMemoryRepository(items) });
    expect(() => defineRoutes(service, { routes: { GET_LIST_CURSOR: { linkHeader: true } as never } })).toThrow(
      /unknown option "linkHeader" of route GET_LIST_CURSOR/,
    );
    expect(() => defineRoutes(service, { routes: { GET_LIST: { totalCountHeader: 'yes' } as never } })).toThrow(
      /must be a boolean/,
    );
  });
});
