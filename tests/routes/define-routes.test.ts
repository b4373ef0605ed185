import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  HttpError,
  ROUTE_TYPES,
  type RouteType,
} from '../../src/index';
import { type Route } from '../../src/http/index';

const itemSchema = z.object({ id: z.string(), name: z.string().min(1), rank: z.number().int() });
const items = defineResource({
  name: 'items',
  schema: itemSchema,
  filterable: ['rank'],
  sortable: ['rank'],
  pagination: { defaultLimit: 10, maxLimit: 100 },
});
type Item = z.output<typeof itemSchema>;
const SEED: Item[] = Array.from({ length: 130 }, (_, i) => ({
  id: `i${String(i).padStart(3, '0')}`,
  name: `n${i}`,
  rank: i,
}));

function setup(records: readonly Item[] = SEED) {
  let next = 0;
  const repository = createMemoryRepository(items, { records, generateId: () => `new/${++next} é` });
  return createResourceService({ resource: items, repository });
}

const routeOf = (routes: readonly Route[], type: RouteType): Route => {
  const route = routes.find((candidate) => candidate.type === type);
  if (!route) throw new Error(`no ${type} route`);
  return route;
};
const input = (extra: Partial<Parameters<Route['handle']>[0]> = {}) => ({
  params: {},
  query: '',
  headers: {},
  ...extra,
});

describe('ROUTE_TYPES', () => {
  it('lists the route types in order, frozen', () => {
    expect(ROUTE_TYPES).toStrictEqual([
      'GET_LIST',
      'GET_LIST_CURSOR',
      'GET',
      'CREATE',
      'UPDATE',
      'PARTIAL_UPDATE',
      'DELETE',
      'RESTORE',
      'CREATE_MANY',
      'UPDATE_MANY',
      'DELETE_MANY',
    ]);
    expect(Object.isFrozen(ROUTE_TYPES)).toBe(true);
  });
});

describe('defineRoutes', () => {
  it('returns every route type by default, with methods, paths and the allow map', () => {
    const routes = defineRoutes(setup());
    expect(routes.routes.map((route) => [route.type, route.method, route.path])).toStrictEqual([
      ['GET_LIST', 'GET', '/items'],
      ['GET_LIST_CURSOR', 'GET', '/items/cursor'],
      ['GET', 'GET', '/items/:id'],
      ['CREATE', 'POST', '/items'],
      ['UPDATE', 'PUT', '/items/:id'],
      ['PARTIAL_UPDATE', 'PATCH', '/items/:id'],
      ['DELETE', 'DELETE', '/items/:id'],
    ]);
    expect([...routes.allow]).toStrictEqual([
      ['/items', 'GET, POST'],
      ['/items/cursor', 'GET'],
      ['/items/:id', 'GET, PUT, PATCH, DELETE'],
    ]);
    expect(Object.isFrozen(routes)).toBe(true);
    expect(Object.isFrozen(routes.routes)).toBe(true);
    expect(() => (routes.allow as Map<string, string>).set('/x', 'GET')).toThrow(TypeError);
  });

  it.each([
    [{ GET: true }, [['/items/:id', 'GET']]],
    [{ GET: true, DELETE: {}, UPDATE: false, CREATE: undefined }, [['/items/:id', 'GET, DELETE']]],
    [{ GET_LIST: true, CREATE: true, GET_LIST_CURSOR: false }, [['/items', 'GET, POST']]],
  ] as const)('enables exactly the types given a value other than false or undefined: %j', (routes, allow) => {
    expect([...defineRoutes(setup(), { routes }).allow]).toStrictEqual(allow);
  });

  it('uses a custom path', () => {
    const routes = defineRoutes(setup(), { path: '/api/v1/things', routes: { GET: true, GET_LIST_CURSOR: true } });
    expect(routes.routes.map((route) => route.path)).toStrictEqual(['/api/v1/things/cursor', '/api/v1/things/:id']);
    expect(routes.path).toBe('/api/v1/things');
  });

  it.each([
    {
      name: 'a routes object that enables none',
      options: { routes: { GET: false } },
      pattern: /enables no route type/,
    },
    { name: 'an empty routes object', options: { routes: {} }, pattern: /enables no route type/ },
    { name: 'an unknown route type', options: { routes: { LIST: true } }, pattern: /unknown route type "LIST"/ },
    { name: 'an unknown option', options: { prefix: '/x' }, pattern: /unknown option "prefix"/ },
    {
      name: 'pagination on a record route',
      options: { routes: { GET: { pagination: {} } } },
      pattern: /option "pagination" of route GET/,
    },
    { name: 'a path without a leading slash', options: { path: 'items' }, pattern: /path must start with/ },
    { name: 'a path with a parameter', options: { path: '/items/:x' }, pattern: /path must/ },
    { name: 'a path with a trailing slash', options: { path: '/items/' }, pattern: /path must/ },
    {
      name: 'a route value of another type',
      options: { routes: { GET: 'yes' } },
      pattern: /must be a boolean or an options object/,
    },
    {
      name: 'a route default above the route maximum',
      options: { routes: { GET_LIST: { pagination: { defaultLimit: 20, maxLimit: 5 } } } },
      pattern: /GET_LIST: pagination.defaultLimit must be .* no greater than maxLimit \(got 20 and 5\)/,
    },
    {
      name: 'a route maximum below the inherited default',
      options: { routes: { GET_LIST: { pagination: { maxLimit: 5 } } } },
      pattern: /got 10 and 5/,
    },
    {
      name: 'a cursor default above the cursor maximum',
      options: { routes: { GET_LIST_CURSOR: { pagination: { defaultLimit: 30, maxLimit: 25 } } } },
      pattern: /GET_LIST_CURSOR: .*got 30 and 25/,
    },
    {
      name: 'an unknown pagination key',
      options: { routes: { GET_LIST: { pagination: { max: 5 } } } },
      pattern: /unknown pagination option "max"/,
    },
  ])('throws a TypeError for $name', ({ options, pattern }) => {
    expect(() => defineRoutes(setup(), options as never)).toThrow(TypeError);
    expect(() => defineRoutes(setup(), options as never)).toThrow(pattern);
  });
});

describe('Route.handle', () => {
  it('answers GET_LIST with 200, the page and the given correlation id', async () => {
    const reply = await routeOf(defineRoutes(setup()).routes, 'GET_LIST').handle(
      input({ query: '?rank[gte]=120&orderBy=rank&orderDirection=DESC', correlationId: 'c-1' }),
    );
    expect(reply.status).toBe(200);
    expect(reply.headers).toStrictEqual({
      'x-correlation-id': 'c-1',
      link:
        '</items?rank[gte]=120&orderBy=rank&orderDirection=DESC&page=1>; rel="first", ' +
        '</items?rank[gte]=120&orderBy=rank&orderDirection=DESC&page=1>; rel="last"',
    });
    expect(reply.body).toMatchObject({ total: 10, limit: 10, page: 1 });
    expect((reply.body as { items: Item[] }).items[0]?.rank).toBe(129);
  });

  it('resolves the correlation id from the headers when none is given, and replaces an unsafe one', async () => {
    const route = routeOf(defineRoutes(setup()).routes, 'GET');
    const fromHeaders = await route.handle(input({ params: { id: 'i001' }, headers: { 'X-Correlation-Id': 'h-1' } }));
    expect(fromHeaders.headers['x-correlation-id']).toBe('h-1');
    const unsafe = await route.handle(input({ params: { id: 'i001' }, correlationId: 'bad id', headers: {} }));
    expect(unsafe.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('applies a route maximum above the resource maximum, and the repository accepts the parsed query', async () => {
    const routes = defineRoutes(setup(), { routes: { GET_LIST: { pagination: { maxLimit: 120, defaultLimit: 50 } } } });
    const list = routeOf(routes.routes, 'GET_LIST');
    expect((await list.handle(input())).body).toMatchObject({ limit: 50 });
    const wide = await list.handle(input({ query: 'limit=115' }));
    expect((wide.body as { items: unknown[] }).items).toHaveLength(115);
    expect((await list.handle(input({ query: 'limit=500' }))).body).toMatchObject({ limit: 120 });
  });

  it('rejects a limit above the route maximum under a rejecting route policy', async () => {
    const routes = defineRoutes(setup(), {
      routes: { GET_LIST: { pagination: { maxLimit: 5, defaultLimit: 5, onLimitExceeded: 'reject' } } },
    });
    await expect(routeOf(routes.routes, 'GET_LIST').handle(input({ query: 'limit=6' }))).rejects.toMatchObject({
      statusCode: 400,
      message: ['limit must be at most 5'],
    });
  });

  it('gives the cursor route 20 by default, its own default when set, and leaves the list route alone', async () => {
    const plain = defineRoutes(setup());
    const cursorPage = await routeOf(plain.routes, 'GET_LIST_CURSOR').handle(input());
    expect((cursorPage.body as { items: unknown[] }).items).toHaveLength(20);
    const own = defineRoutes(setup(), {
      routes: { GET_LIST_CURSOR: { pagination: { defaultLimit: 7 } }, GET_LIST: true },
    });
    const ownPage = await routeOf(own.routes, 'GET_LIST_CURSOR').handle(input());
    expect((ownPage.body as { items: unknown[] }).items).toHaveLength(7);
    expect((await routeOf(own.routes, 'GET_LIST').handle(input())).body).toMatchObject({ limit: 10 });
  });

  it('answers CREATE with 201 and a location whose id is URI-encoded', async () => {
    const reply = await routeOf(defineRoutes(setup()).routes, 'CREATE').handle(
      input({ body: { name: 'x', rank: 1 }, correlationId: 'c-2' }),
    );
    expect(reply.status).toBe(201);
    expect(reply.headers).toStrictEqual({ 'x-correlation-id': 'c-2', location: '/items/new%2F1%20%C3%A9' });
    expect(reply.body).toStrictEqual({ id: 'new/1 é', name: 'x', rank: 1 });
  });

  it('answers UPDATE (PUT) with the replaced record and PARTIAL_UPDATE (PATCH) with the patched one', async () => {
    const routes = defineRoutes(setup()).routes;
    const put = await routeOf(routes, 'UPDATE').handle(input({ params: { id: 'i002' }, body: { name: 'p', rank: 7 } }));
    expect([put.status, put.body]).toStrictEqual([200, { id: 'i002', name: 'p', rank: 7 }]);
    const patch = await routeOf(routes, 'PARTIAL_UPDATE').handle(input({ params: { id: 'i002' }, body: { rank: 8 } }));
    expect([patch.status, patch.body]).toStrictEqual([200, { id: 'i002', name: 'p', rank: 8 }]);
    await expect(
      routeOf(routes, 'UPDATE').handle(input({ params: { id: 'i002' }, body: { rank: 9 } })),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers DELETE with 204 and no body, then the id is a 404', async () => {
    const routes = defineRoutes(setup()).routes;
    const reply = await routeOf(routes, 'DELETE').handle(input({ params: { id: 'i003' }, correlationId: 'c-3' }));
    expect(reply).toStrictEqual({ status: 204, headers: { 'x-correlation-id': 'c-3' }, body: undefined });
    await expect(routeOf(routes, 'GET').handle(input({ params: { id: 'i003' } }))).rejects.toBeInstanceOf(HttpError);
  });

  it('passes locals to the service scope', async () => {
    const repository = createMemoryRepository(items, { records: SEED });
    const service = createResourceService<Item, { maxRank?: number }>({
      resource: items,
      repository,
      scope: ({ locals }) => (locals.maxRank === undefined ? undefined : { rank: { lte: locals.maxRank } }),
    });
    const list = routeOf(defineRoutes(service).routes, 'GET_LIST');
    expect((await list.handle(input({ locals: { maxRank: 4 } }))).body).toMatchObject({ total: 5 });
    await expect(
      routeOf(defineRoutes(service).routes, 'GET').handle(input({ params: { id: 'i050' }, locals: { maxRank: 4 } })),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('throws the parser 400 for a bad query and the 404 for a missing id', async () => {
    const routes = defineRoutes(setup()).routes;
    await expect(routeOf(routes, 'GET_LIST').handle(input({ query: 'nope=1' }))).rejects.toMatchObject({
      statusCode: 400,
      message: ['unknown parameter "nope"'],
    });
    await expect(routeOf(routes, 'GET').handle(input({ params: { id: 'zz' } }))).rejects.toMatchObject({
      statusCode: 404,
      message: 'items "zz" not found',
    });
  });
});
