/**
 * The total modes of the GET_LIST route over the route table (framework-neutral): the route's `total`, the client's
 * `total=` where `clientTotal` lists it, `totalThreshold`, the checks at definition, the 400s of hostile `total=`
 * values, and the headers (no `last` link or `x-total-count` without an exact total).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  isHttpError,
  type RouteOptions,
} from '../../src/index';
import type { Route } from '../../src/http/index';
import { rejectionOf } from '../support/rejection-of';

const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), n: z.number().int() }),
  filterable: ['n'],
  pagination: { defaultLimit: 2, maxLimit: 10 },
});
const seed = Array.from({ length: 5 }, (_, i) => ({ id: `i${i + 1}`, n: i + 1 }));

function listRoute(options: RouteOptions | true = true): Route {
  const service = createResourceService({
    resource: items,
    repository: createMemoryRepository(items, { records: seed }),
  });
  const { routes } = defineRoutes(service, { routes: { GET_LIST: options } });
  const route = routes.find((candidate) => candidate.type === 'GET_LIST');
  if (route === undefined) throw new Error('no GET_LIST route');
  return route;
}
const get = (route: Route, query: unknown) => route.handle({ params: {}, query, headers: {}, path: '/items' });
const failureOf = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise);
  if (!isHttpError(error)) throw error;
  return { status: error.statusCode, message: error.message };
};

describe('GET_LIST total modes', () => {
  it('counts exactly by default, with the last link and x-total-count', async () => {
    const reply = await get(listRoute({ totalCountHeader: true }), '');
    expect(reply.body).toMatchObject({ total: 5, totalPages: 3, hasNextPage: true });
    expect(reply.body).not.toHaveProperty('totalRelation');
    expect(reply.headers['x-total-count']).toBe('5');
    expect(reply.headers['link']).toContain('rel="last"');
  });

  it("answers null totals in 'none' mode, without the last link or x-total-count", async () => {
    const route = listRoute({ total: 'none', totalCountHeader: true });
    const first = await get(route, 'page=2');
    expect(first.body).toMatchObject({ total: null, totalPages: null, hasNextPage: true, hasPreviousPage: true });
    expect(first.headers['x-total-count']).toBeUndefined();
    expect(first.headers['link']).toBe(
      '</items?page=1>; rel="first", </items?page=1>; rel="prev", </items?page=3>; rel="next"',
    );
    const last = await get(route, 'page=3');
    expect(last.body).toMatchObject({ total: null, hasNextPage: false });
    expect(last.headers['link']).not.toContain('rel="next"');
  });

  it("answers totalRelation in 'estimated' mode (memory counts exactly: 'eq'), with x-total-count", async () => {
    const reply = await get(listRoute({ total: 'estimated', totalThreshold: 2, totalCountHeader: true }), '');
    expect(reply.body).toMatchObject({ total: 5, totalPages: 3, totalRelation: 'eq' });
    expect(reply.headers['x-total-count']).toBe('5');
  });

  it.each([
    ['none', { total: null, totalPages: null }],
    ['estimated', { total: 5, totalRelation: 'eq' }],
  ])('lets a client choose %s with total= where clientTotal lists it', async (mode, expected) => {
    const route = listRoute({ clientTotal: ['none', 'estimated'] });
    expect((await get(route, `total=${mode}`)).body).toMatchObject(expected);
    expect((await get(route, { total: mode, limit: '1', page: '3' })).body).toMatchObject({
      items: [{ id: 'i3', n: 3 }],
    });
    expect((await get(route, '')).body).toMatchObject({ total: 5 });
  });

  it.each([
    ['a mode not listed', 'total=exact', "total must be 'none' or 'estimated'"],
    ['an unknown mode', 'total=maybe', "total must be 'none' or 'estimated'"],
    ['an empty value', 'total=', "total must be 'none' or 'estimated'"],
    ['a repeated parameter', 'total=none&total=none', 'total must not be repeated'],
    ['__proto__', 'total=__proto__', "total must be 'none' or 'estimated'"],
    ['constructor', 'total=constructor', "total must be 'none' or 'estimated'"],
    ['percent-encoded Unicode', 'total=%E2%80%8Bnone', "total must be 'none' or 'estimated'"],
    ['a long value', `total=${'n'.repeat(500)}`, "total must be 'none' or 'estimated'"],
  ])('answers a 400 for %s', async (_name, query, message) => {
    const route = listRoute({ clientTotal: ['none', 'estimated'] });
    expect(await failureOf(get(route, query))).toStrictEqual({ status: 400, message: [message] });
  });

  it('answers a 400 for total= as an object key (__proto__ included) and as a repeated list', async () => {
    const route = listRoute({ clientTotal: ['none'] });
    expect(await failureOf(get(route, { total: ['none', 'none'] }))).toStrictEqual({
      status: 400,
      message: ['total must not be repeated'],
    });
    expect(await failureOf(get(route, { total: { x: 'none' } }))).toMatchObject({ status: 400 });
    expect(await failureOf(get(route, { total: '__proto__' }))).toMatchObject({ status: 400 });
    expect(await failureOf(get(route, JSON.parse('{"__proto__": "x", "total": "maybe"}')))).toMatchObject({
      status: 400,
    });
  });

  const NOT_TAKEN = 'total cannot be chosen on this route (no clientTotal option)';
  const WITHOUT_CLIENT_TOTAL = [
    ['no total option', true],
    ['a route total without clientTotal', { total: 'none' }],
  ] as const;
  it.each(
    WITHOUT_CLIENT_TOTAL.flatMap(([name, options]) =>
      [
        ['total=none', NOT_TAKEN],
        ['total=', NOT_TAKEN],
        ['total', NOT_TAKEN],
        ['total=none&total=none', NOT_TAKEN],
        ['total=&total=', NOT_TAKEN],
        ['total=exact', NOT_TAKEN],
        [{ total: ['none', 'none'] }, NOT_TAKEN],
        ['total[]=x', 'unknown parameter "total[]"'],
        ['total[eq]=none', 'unknown parameter "total[eq]"'],
        [{ total: { x: 'none' } }, 'unknown parameter "total[x]"'],
      ].map(([query, message]) => ({ name, options, query, message })),
    ),
  )('answers a 400 naming total for $query on a route with $name', async ({ options, query, message }) => {
    expect(await failureOf(get(listRoute(options), query))).toStrictEqual({ status: 400, message: [message] });
  });

  it.each(['total[]=x', 'total[eq]=none', { 'total[]': 'x' }])(
    'answers a 400 naming total for %o on a route with clientTotal',
    async (query) => {
      const failure = await failureOf(get(listRoute({ clientTotal: ['none'] }), query));
      expect(failure.status).toBe(400);
      expect(failure.message).toStrictEqual([expect.stringMatching(/^unknown parameter "total\[(eq)?\]"$/)]);
    },
  );

  it('reads the query once, total= and the grammar from the same pass', async () => {
    let reads = 0;
    const query = new Proxy(
      { total: 'none', limit: '2', 'n[gte]': '2' },
      { ownKeys: (target) => (reads++, Reflect.ownKeys(target)) },
    );
    // Without the link header, which writes the query back into its links.
    const reply = await get(listRoute({ clientTotal: ['none'], linkHeader: false }), query);
    expect(reply.body).toMatchObject({ items: [{ id: 'i2' }, { id: 'i3' }], total: null, hasNextPage: true });
    expect(reads).toBe(1);
  });

  it.each([
    ['total', { total: 'fast' }, /option "total" of route GET_LIST must be 'exact', 'estimated' or 'none'/],
    ['clientTotal', { clientTotal: [] }, /clientTotal" of route GET_LIST must be a non-empty list/],
    ['clientTotal', { clientTotal: ['none', 'none'] }, /distinct modes/],
    ['clientTotal', { clientTotal: 'none' }, /non-empty list/],
    ['clientTotal', { clientTotal: ['all'] }, /non-empty list/],
    ['totalThreshold', { totalThreshold: 0 }, /totalThreshold" of route GET_LIST must be an integer from 1 to 1000000/],
    ['totalThreshold', { totalThreshold: 1.5 }, /totalThreshold/],
    ['totalThreshold', { totalThreshold: '1000' }, /totalThreshold/],
    ['totalThreshold', { totalThreshold: 1_000_001 }, /totalThreshold/],
    ['totalThreshold', { totalThreshold: Number.NaN }, /totalThreshold/],
  ])('throws a TypeError at definition for a bad %s', (_name, options, message) => {
    expect(() => listRoute(options as never)).toThrow(TypeError);
    expect(() => listRoute(options as never)).toThrow(message);
  });

  it.each([
    ['no total option', { totalThreshold: 50 }],
    ["total 'exact'", { total: 'exact', totalThreshold: 50 }],
    ["total 'none'", { total: 'none', totalThreshold: 50 }],
    ["a clientTotal without 'estimated'", { total: 'none', clientTotal: ['none', 'exact'], totalThreshold: 50 }],
  ])('throws a TypeError at definition for totalThreshold with %s', (_name, options) => {
    expect(() => listRoute(options as never)).toThrow(TypeError);
    expect(() => listRoute(options as never)).toThrow(
      /option "totalThreshold" of route GET_LIST needs total: 'estimated' or 'estimated' in clientTotal/,
    );
  });

  it("takes totalThreshold where a client may choose 'estimated', and counts exactly otherwise", async () => {
    const route = listRoute({ clientTotal: ['estimated', 'none'], totalThreshold: 2 });
    expect((await get(route, '')).body).toMatchObject({ total: 5, totalPages: 3 });
    expect((await get(route, '')).body).not.toHaveProperty('totalRelation');
    expect((await get(route, 'total=none')).body).toMatchObject({ total: null });
    expect((await get(route, 'total=estimated')).body).toMatchObject({ total: 5, totalRelation: 'eq' });
  });

  it('refuses the total options on other route types', () => {
    const service = createResourceService({ resource: items, repository: createMemoryRepository(items) });
    expect(() => defineRoutes(service, { routes: { GET_LIST_CURSOR: { total: 'none' } as never } })).toThrow(
      /unknown option "total" of route GET_LIST_CURSOR/,
    );
  });

  it('carries the total options on the route for the OpenAPI document', () => {
    const route = listRoute({ total: 'estimated', clientTotal: ['none'], totalThreshold: 50 });
    expect([route.total, route.clientTotal, route.totalThreshold]).toStrictEqual(['estimated', ['none'], 50]);
    expect(listRoute({ total: 'exact' }).total).toBeUndefined();
  });
});
