import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  errorResponse,
  type RouteType,
} from '../../src/index';
import { type Route } from '../../src/http/index';
import { rejectionOf } from '../support/rejection-of';

const UUID = '0190a6f4-5b6e-7c1d-8e2f-3a4b5c6d7e8f';
const MISSING = '0190a6f4-5b6e-7c1d-8e2f-000000000000';

const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.uuid(), title: z.string().min(1) }),
});

const counters = defineResource({
  name: 'counters',
  schema: z.object({ id: z.number().int(), label: z.string(), rank: z.number().int() }),
  sortable: ['rank'],
  defaultOrder: [{ field: 'rank', direction: 'desc' }],
  clientIds: true,
});

function routesOf<TRecord>(service: Parameters<typeof defineRoutes<TRecord>>[0]) {
  const { routes } = defineRoutes(service);
  return (type: RouteType): Route['handle'] => {
    const route = routes.find((candidate) => candidate.type === type);
    if (!route) throw new Error(`no ${type} route`);
    return (input) => route.handle(input);
  };
}

const bookRoutes = () =>
  routesOf(
    createResourceService({
      resource: books,
      repository: createMemoryRepository(books, { records: [{ id: UUID, title: 'Dune' }] }),
    }),
  );

const ID_ROUTES: readonly { type: RouteType; body?: unknown }[] = [
  { type: 'GET' },
  { type: 'UPDATE', body: { title: 'x' } },
  { type: 'PARTIAL_UPDATE', body: { title: 'x' } },
  { type: 'DELETE' },
];

/** The error body a client sees, with what differs per request (timestamp, correlation id, the quoted id) fixed. */
async function answer(handle: Route['handle'], id: string, body?: unknown) {
  const error = await rejectionOf(handle({ params: { id }, query: '', headers: {}, body }));
  const { statusCode, body: envelope } = errorResponse(error, { now: () => 0, headers: { 'x-correlation-id': 'c' } });
  return { ...envelope, statusCode, message: String(envelope.message).replace(/^books ".*" not found$/s, '<id>') };
}

describe('defineRoutes: path ids', () => {
  it.each(
    ID_ROUTES.flatMap(({ type, body }) =>
      [
        { name: 'abc', id: 'abc' },
        { name: 'a NUL character', id: 'a\u0000b' },
        { name: 'a long id', id: `${UUID}`.repeat(1000) },
        { name: 'an encoded NUL left encoded', id: 'a%00b' },
        { name: '__proto__', id: '__proto__' },
        { name: 'an empty id', id: '' },
      ].map((row) => ({ type, body, ...row })),
    ),
  )('answers $type with the 404 of a missing id for $name', async ({ type, body, id }) => {
    const handle = bookRoutes()(type);
    const refused = await answer(handle, id, body);
    expect(refused).toStrictEqual(await answer(bookRoutes()(type), MISSING, body));
    expect(refused).toMatchObject({ statusCode: 404, message: '<id>' });
  });

  it('answers a valid id as before', async () => {
    const reply = await bookRoutes()('GET')({ params: { id: UUID }, query: '', headers: {} });
    expect(reply).toMatchObject({ status: 200, body: { id: UUID, title: 'Dune' } });
  });
});

describe('defineRoutes: integer ids', () => {
  const counterRoutes = () =>
    routesOf(createResourceService({ resource: counters, repository: createMemoryRepository(counters) }));

  it('creates with a number id, sends its location, and reads it back by its path text', async () => {
    const route = counterRoutes();
    const created = await route('CREATE')({
      params: {},
      query: '',
      headers: {},
      body: { id: 12, label: 'a', rank: 1 },
    });
    expect(created).toMatchObject({ status: 201, headers: { location: '/counters/12' }, body: { id: 12 } });
    const read = await route('GET')({ params: { id: '12' }, query: '', headers: {} });
    expect(read.body).toStrictEqual({ id: 12, label: 'a', rank: 1 });
    const patched = await route('PARTIAL_UPDATE')({
      params: { id: '12' },
      query: '',
      headers: {},
      body: { id: 12, rank: 5 },
    });
    expect(patched.body).toStrictEqual({ id: 12, label: 'a', rank: 5 });
    expect((await route('DELETE')({ params: { id: '12' }, query: '', headers: {} })).status).toBe(204);
  });

  it.each(['012', '+12', '12.0', '1e1', 'twelve', '12\u0000', '99999999999999999999', '-0'])(
    'answers GET %j with a 404',
    async (id) => {
      const route = counterRoutes();
      await route('CREATE')({ params: {}, query: '', headers: {}, body: { id: 12, label: 'a', rank: 1 } });
      const error = await rejectionOf(route('GET')({ params: { id }, query: '', headers: {} }));
      expect(error).toMatchObject({ statusCode: 404 });
    },
  );

  it('walks the cursor route in the default order, with number ids in the cursor', async () => {
    const route = counterRoutes();
    for (const [id, rank] of [
      [2, 1],
      [10, 1],
      [3, 2],
      [1, 0],
    ] as const)
      await route('CREATE')({ params: {}, query: '', headers: {}, body: { id, label: `c${id}`, rank } });
    const seen: unknown[] = [];
    let cursor: string | null = '';
    do {
      const reply = await route('GET_LIST_CURSOR')({ params: {}, query: { limit: '1', cursor }, headers: {} });
      const page = reply.body as { items: { id: number }[]; nextCursor: string | null };
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    // rank descending, then ids ascending by value (2 before 10, not as text).
    expect(seen).toStrictEqual([3, 2, 10, 1]);
    const list = await route('GET_LIST')({ params: {}, query: '', headers: {} });
    expect((list.body as { items: { id: number }[] }).items.map((item) => item.id)).toStrictEqual(seen);
  });
});
