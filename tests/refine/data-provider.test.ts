/**
 * `dataProvider` with a fake fetch: the requests each method sends, pagination modes, sorters, `meta`, `getMany`'s
 * strategies, the options, and errors in refine's `HttpError` shape.
 */
import { describe, expect, it } from 'vitest';
import { dataProvider, toRefineHttpError, type DataProviderOptions } from 'pagelope/refine';
import { ClientHttpError } from 'pagelope/client';
import { QUERY_LIMITS } from 'pagelope';
import { MAX_IN_VALUES } from '../../src/refine/get-many-records';
import { WALK_LIMIT } from '../../src/refine/list-records';
import { fakeFetch, json, pageOf, type FakeCall } from '../client/fake-fetch';
import { rejectionOf } from '../support/rejection-of';

const BASE = 'http://api.test/v1';
const ann = { id: 'u1', username: 'ann', age: 30 };
const bob = { id: 'u2', username: 'bob', age: 40 };

function providerOf(answer: Parameters<typeof fakeFetch>[0], options: DataProviderOptions = {}) {
  const fake = fakeFetch(answer);
  return { ...fake, provider: dataProvider(BASE, { fetch: fake.fetch, correlationId: 'c-1', ...options }) };
}

const sent = (calls: readonly FakeCall[]) => calls.map((call) => `${call.method} ${call.url}`);

const envelope = (statusCode: number, message: string | string[], error: string) => ({
  statusCode,
  message,
  error,
  timestamp: 1,
  correlationID: 'server-7',
});

describe('dataProvider getList', () => {
  it('sends currentPage as page and pageSize as limit, and returns the items and the total', async () => {
    const { provider, calls } = providerOf(() => json(200, pageOf([ann, bob], 3, 2, 9)));
    const result = await provider.getList({ resource: 'users', pagination: { currentPage: 3, pageSize: 2 } });
    expect(result).toEqual({ data: [ann, bob], total: 9 });
    expect(sent(calls)).toEqual([`GET ${BASE}/users?limit=2&page=3`]);
    expect(Object.isFrozen(result.data)).toBe(false);
    expect(calls[0]?.headers['x-correlation-id']).toBe('c-1');
  });

  it.each([
    { name: 'no pagination', pagination: undefined },
    { name: 'an empty pagination', pagination: {} },
    { name: 'mode server alone', pagination: { mode: 'server' as const } },
  ])("sends refine's defaults, page 1 and limit 10, for $name", async ({ pagination }) => {
    const { provider, calls } = providerOf(() => json(200, pageOf([], 1, 10, 0)));
    await provider.getList({ resource: 'users', pagination });
    expect(sent(calls)).toEqual([`GET ${BASE}/users?limit=10&page=1`]);
  });

  it('sends sorters as orderBy and orderDirection, in order', async () => {
    const { provider, calls } = providerOf(() => json(200, pageOf([], 1, 10, 0)));
    await provider.getList({
      resource: 'users',
      sorters: [
        { field: 'age', order: 'desc' },
        { field: 'createdAt', order: 'asc' },
      ],
    });
    await provider.getList({ resource: 'users', sorters: [] });
    expect(sent(calls)).toEqual([
      `GET ${BASE}/users?orderBy=age,createdAt&orderDirection=DESC,ASC&limit=10&page=1`,
      `GET ${BASE}/users?limit=10&page=1`,
    ]);
  });

  it.each([
    {
      sorters: [{ field: 'age', order: 'DESC' }],
      message: 'pagelope/refine: sorters[0].order must be "asc" or "desc", got DESC',
    },
    {
      sorters: [{ field: 'age', order: null }],
      message: 'pagelope/refine: sorters[0].order must be "asc" or "desc", got null',
    },
    { sorters: [{ order: 'asc' }], message: 'pagelope/refine: sorters[0] names no field' },
    { sorters: [null], message: 'pagelope/refine: sorters[0] names no field' },
    {
      sorters: { field: 'age', order: 'asc' },
      message: 'pagelope/refine: sorters must be an array of { field, order }',
    },
  ])('throws $message', async ({ sorters, message }) => {
    const { provider, calls } = providerOf(() => json(200, pageOf([], 1, 10, 0)));
    const error = await rejectionOf(provider.getList({ resource: 'users', sorters: sorters as never }));
    expect((error as Error).message).toBe(message);
    expect(calls).toEqual([]);
  });

  it('sends meta.search as search and meta.select as select, and ignores the other meta keys', async () => {
    const { provider, calls } = providerOf(() => json(200, pageOf([{ id: 'u1', username: 'ann' }], 1, 10, 1)));
    const result = await provider.getList({
      resource: 'users',
      meta: { search: 'an n', select: ['username'], fields: ['x'], gqlQuery: undefined },
    });
    expect(sent(calls)).toEqual([`GET ${BASE}/users?search=an%20n&select=username&limit=10&page=1`]);
    expect(result.data).toEqual([{ id: 'u1', username: 'ann' }]);
  });

  it.each([
    { meta: { search: 3 }, message: 'pagelope/refine: meta.search must be a string' },
    { meta: { select: 'username' }, message: 'pagelope/refine: meta.select must be an array of field names' },
    { meta: { select: ['username', 1] }, message: 'pagelope/refine: meta.select must be an array of field names' },
  ])('throws for meta $meta', async ({ meta, message }) => {
    const { provider } = providerOf(() => json(200, pageOf([], 1, 10, 0)));
    expect(((await rejectionOf(provider.getList({ resource: 'users', meta }))) as Error).message).toBe(message);
  });

  it("passes the signal of refine's query context to fetch", async () => {
    const { provider, calls } = providerOf(() => json(200, pageOf([], 1, 10, 0)));
    const controller = new AbortController();
    await provider.getList({
      resource: 'users',
      // refine hands a provider only the query key and the signal of TanStack Query's context.
      meta: { queryContext: { queryKey: ['users'], signal: controller.signal } as never },
    });
    expect(calls[0]?.signal).toBe(controller.signal);
  });

  it.each(['off', 'client'] as const)(
    'walks the cursor route for mode %s, with the filters, order and meta, and returns every record and their count',
    async (mode) => {
      const pages = [
        { items: [ann], nextCursor: 'c2' },
        { items: [bob], nextCursor: null },
      ];
      const { provider, calls } = providerOf(() => json(200, pages.shift()));
      const result = await provider.getList({
        resource: 'users',
        pagination: { mode, currentPage: 4, pageSize: 1 },
        filters: [{ field: 'age', operator: 'gte', value: 18 }],
        sorters: [{ field: 'age', order: 'desc' }],
        meta: { search: 'a' },
      });
      expect(result).toEqual({ data: [ann, bob], total: 2 });
      const query = `age[gte]=18&search=a&orderBy=age&orderDirection=DESC&limit=${WALK_LIMIT}`;
      expect(sent(calls)).toEqual([`GET ${BASE}/users/cursor?${query}`, `GET ${BASE}/users/cursor?${query}&cursor=c2`]);
    },
  );

  it('rejects a walk that finds more than maxRecords records, and returns exactly maxRecords', async () => {
    const page = (n: number, next: string | null) => ({
      items: Array.from({ length: n }, (_, i) => ({ id: `u${i}` })),
      nextCursor: next,
    });
    const exact = providerOf([json(200, page(2, 'c')), json(200, page(1, null))], { maxRecords: 3 });
    expect((await exact.provider.getList({ resource: 'users', pagination: { mode: 'off' } })).total).toBe(3);
    const over = providerOf([json(200, page(2, 'c')), json(200, page(2, null))], { maxRecords: 3 });
    const error = await rejectionOf(over.provider.getList({ resource: 'users', pagination: { mode: 'off' } }));
    expect((error as Error).message).toBe(
      'pagelope/refine: getList of "users" with pagination mode "off" found more than 3 records (the maxRecords option); page on the server (mode "server") instead',
    );
  });

  it.each([
    {
      pagination: { mode: 'infinite' },
      message: 'pagelope/refine: pagination.mode must be "server", "client" or "off", got infinite',
    },
    {
      pagination: { current: 2, pageSize: 5 },
      message: 'pagelope/refine: pagination.current is refine 4; refine 5 names the page pagination.currentPage',
    },
  ])('throws for pagination $pagination', async ({ pagination, message }) => {
    const { provider, calls } = providerOf(() => json(200, pageOf([], 1, 10, 0)));
    const error = await rejectionOf(provider.getList({ resource: 'users', pagination: pagination as never }));
    expect((error as Error).message).toBe(message);
    expect(calls).toEqual([]);
  });

  it('asks for the routes at resourcePath(resource)', async () => {
    const { provider, calls } = providerOf(() => json(200, pageOf([], 1, 10, 0)), {
      resourcePath: (resource) => `/admin/${resource}-v2`,
    });
    await provider.getList({ resource: 'users' });
    expect(sent(calls)).toEqual([`GET ${BASE}/admin/users-v2?limit=10&page=1`]);
  });

  it.each(['users?x=1', 'us ers', 'users/'])(
    'rejects with the TypeError of the client for the resource %s',
    async (resource) => {
      const { provider, calls } = providerOf(() => json(200, pageOf([], 1, 10, 0)));
      expect(await rejectionOf(provider.getList({ resource }))).toBeInstanceOf(TypeError);
      expect(calls).toEqual([]);
    },
  );
});

describe('dataProvider record methods', () => {
  it('getOne sends GET {path}/{id}, the id percent-encoded and a number in decimal', async () => {
    const { provider, calls } = providerOf(() => json(200, ann));
    expect(await provider.getOne({ resource: 'users', id: 'a/b c' })).toEqual({ data: ann });
    await provider.getOne({ resource: 'users', id: 42 });
    expect(sent(calls)).toEqual([`GET ${BASE}/users/a%2Fb%20c`, `GET ${BASE}/users/42`]);
  });

  it.each([Number.NaN, Infinity, {}, null])(
    'getOne rejects with a TypeError for the id %s and sends nothing',
    async (id) => {
      const { provider, calls } = providerOf(() => json(200, ann));
      expect(await rejectionOf(provider.getOne({ resource: 'users', id: id as never }))).toBeInstanceOf(TypeError);
      expect(calls).toEqual([]);
    },
  );

  it('create sends POST {path} with the variables as JSON and returns the created record', async () => {
    const { provider, calls } = providerOf(() => json(201, ann));
    expect(await provider.create({ resource: 'users', variables: { username: 'ann', age: 30 } })).toEqual({
      data: ann,
    });
    expect(sent(calls)).toEqual([`POST ${BASE}/users`]);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ username: 'ann', age: 30 });
    expect(calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('update sends PATCH {path}/{id} with the variables and returns the record', async () => {
    const { provider, calls } = providerOf(() => json(200, { ...ann, age: 31 }));
    expect(await provider.update({ resource: 'users', id: 'u1', variables: { age: 31 } })).toEqual({
      data: { ...ann, age: 31 },
    });
    expect(sent(calls)).toEqual([`PATCH ${BASE}/users/u1`]);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ age: 31 });
  });

  it('deleteOne sends DELETE {path}/{id} and returns the id as data', async () => {
    const { provider, calls } = providerOf(() => new Response(null, { status: 204 }));
    expect(await provider.deleteOne({ resource: 'users', id: 7 })).toEqual({ data: { id: 7 } });
    expect(sent(calls)).toEqual([`DELETE ${BASE}/users/7`]);
  });

  it('getApiUrl returns the base URL without a trailing slash', () => {
    expect(dataProvider(BASE).getApiUrl()).toBe(BASE);
    expect(dataProvider(`${BASE}//`).getApiUrl()).toBe(BASE);
    expect(dataProvider(new URL('http://api.test/')).getApiUrl()).toBe('http://api.test');
  });

  it('returns a frozen provider with exactly the methods it implements', () => {
    const provider = dataProvider(BASE);
    expect(Object.isFrozen(provider)).toBe(true);
    expect(Object.keys(provider).sort()).toEqual([
      'create',
      'createMany',
      'deleteMany',
      'deleteOne',
      'getApiUrl',
      'getList',
      'getMany',
      'getOne',
      'update',
      'updateMany',
    ]);
  });
});

describe('dataProvider getMany', () => {
  it("keeps MAX_IN_VALUES at the grammar's QUERY_LIMITS.maxListValues", () => {
    expect(MAX_IN_VALUES).toBe(QUERY_LIMITS.maxListValues);
  });

  it('sends the ids as id[in], once each, and returns the records found in the order of the ids', async () => {
    const { provider, calls } = providerOf(() => json(200, pageOf([bob, ann], 1, 3, 2)));
    const result = await provider.getMany({ resource: 'users', ids: ['u1', 'nobody', 'u2', 'u1'] });
    expect(result).toEqual({ data: [ann, bob] });
    expect(sent(calls)).toEqual([`GET ${BASE}/users?id[in]=u1&id[in]=nobody&id[in]=u2&limit=3&page=1`]);
  });

  it('sends numeric ids in decimal, and meta.select as select', async () => {
    const { provider, calls } = providerOf(() => json(200, pageOf([{ id: '7', username: 'x' }], 1, 1, 1)));
    const result = await provider.getMany({
      resource: 'users',
      ids: [7],
      meta: { select: ['username'], search: 'ignored' },
    });
    expect(result.data).toEqual([{ id: '7', username: 'x' }]);
    expect(sent(calls)).toEqual([`GET ${BASE}/users?id[in]=7&select=username&limit=1&page=1`]);
  });

  it('sends 100 ids a request, and follows the next pages of a limit the server clamped', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `u${i}`);
    const { provider, calls } = providerOf((call) => {
      const url = new URL(call.url);
      const wanted = url.searchParams.getAll('id[in]');
      const page = Number(url.searchParams.get('page'));
      const limit = Math.min(Number(url.searchParams.get('limit')), 60);
      const items = wanted.slice((page - 1) * limit, page * limit).map((id) => ({ id }));
      return json(200, pageOf(items, page, limit, wanted.length));
    });
    const result = await provider.getMany({ resource: 'users', ids: [...ids].reverse() });
    expect(result.data.map((record) => record.id)).toEqual([...ids].reverse());
    const asked = calls.map((call) => new URL(call.url).searchParams);
    expect(asked.map((params) => [params.getAll('id[in]').length, params.get('limit'), params.get('page')])).toEqual([
      [100, '100', '1'],
      [100, '100', '2'],
      [100, '100', '1'],
      [100, '100', '2'],
      [50, '50', '1'],
    ]);
  });

  it('sends nothing for no ids', async () => {
    const { provider, calls } = providerOf(() => json(200, pageOf([], 1, 1, 0)));
    expect(await provider.getMany({ resource: 'users', ids: [] })).toEqual({ data: [] });
    expect(calls).toEqual([]);
  });

  it("with getMany 'each', sends GET {path}/{id} per id and rejects when one is missing", async () => {
    const { provider, calls } = providerOf(
      (call) =>
        call.url.endsWith('/u1')
          ? json(200, ann)
          : call.url.endsWith('/u2')
            ? json(200, bob)
            : json(404, envelope(404, 'users nobody not found', 'Not Found')),
      { getMany: 'each' },
    );
    expect(await provider.getMany({ resource: 'users', ids: ['u2', 'u1', 'u2'] })).toEqual({ data: [bob, ann] });
    expect(sent(calls)).toEqual([`GET ${BASE}/users/u2`, `GET ${BASE}/users/u1`]);
    const error = await rejectionOf(provider.getMany({ resource: 'users', ids: ['u1', 'nobody'] }));
    expect(error).toMatchObject({ statusCode: 404, message: 'users nobody not found' });
  });
});

describe('dataProvider errors', () => {
  it('rejects with the envelope as refine HttpError: messages joined, each kept, status, name and correlation id', async () => {
    const { provider } = providerOf(() =>
      json(400, envelope(400, ['limit must be at most 100', 'age[gte] must be a number'], 'Bad Request')),
    );
    const error = await rejectionOf(provider.getList({ resource: 'users' }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'HttpError',
      message: 'limit must be at most 100; age[gte] must be a number',
      statusCode: 400,
      messages: ['limit must be at most 100', 'age[gte] must be a number'],
      error: 'Bad Request',
      correlationID: 'server-7',
    });
    expect((error as { errors?: unknown }).errors).toBeUndefined();
    expect((error as Error).cause).toBeInstanceOf(ClientHttpError);
  });

  it.each([
    ['getOne', (p: ReturnType<typeof dataProvider>) => p.getOne({ resource: 'users', id: 'x' })],
    ['create', (p: ReturnType<typeof dataProvider>) => p.create({ resource: 'users', variables: {} })],
    ['update', (p: ReturnType<typeof dataProvider>) => p.update({ resource: 'users', id: 'x', variables: {} })],
    ['deleteOne', (p: ReturnType<typeof dataProvider>) => p.deleteOne({ resource: 'users', id: 'x' })],
    ['getMany', (p: ReturnType<typeof dataProvider>) => p.getMany({ resource: 'users', ids: ['x'] })],
  ] as const)('%s rejects with refine HttpError for an error envelope', async (_name, call) => {
    const { provider } = providerOf(() => json(422, envelope(422, 'username: too short', 'Unprocessable Entity')));
    expect(await rejectionOf(call(provider))).toMatchObject({
      statusCode: 422,
      message: 'username: too short',
      messages: ['username: too short'],
      correlationID: 'server-7',
    });
  });

  it('rejects with a 502 refine HttpError for a response that is not an envelope, with the request correlation id', async () => {
    const { provider } = providerOf(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await rejectionOf(provider.getOne({ resource: 'users', id: 'x' }))).toMatchObject({
      statusCode: 502,
      message: 'the response to GET /users/:id (status 502) was not a pagelope error envelope',
      correlationID: 'c-1',
    });
  });

  it('rejects with what fetch rejects with when no response came back', async () => {
    const failure = new TypeError('fetch failed');
    const { provider } = providerOf(() => Promise.reject(failure));
    expect(await rejectionOf(provider.getList({ resource: 'users' }))).toBe(failure);
  });
});

describe('toRefineHttpError', () => {
  it.each([
    { message: 'gone', messages: ['gone'], text: 'gone' },
    { message: ['a', 'b'], messages: ['a', 'b'], text: 'a; b' },
    { message: undefined, messages: ['Not Found'], text: 'Not Found' },
  ])('returns message $text and messages $messages for the message $message', ({ message, messages, text }) => {
    const cause = new ClientHttpError(404, message, { correlationID: 'k' });
    const error = toRefineHttpError(cause);
    expect(error).toMatchObject({
      name: 'HttpError',
      statusCode: 404,
      message: text,
      messages,
      error: 'Not Found',
      correlationID: 'k',
      cause,
    });
    expect(Object.isFrozen(error.messages)).toBe(true);
  });
});

describe('dataProvider options', () => {
  it.each([
    { options: { getMany: 'all' }, message: 'dataProvider: getMany must be "in" or "each"' },
    { options: { maxRecords: 0 }, message: 'dataProvider: maxRecords must be a positive integer' },
    { options: { maxRecords: 1.5 }, message: 'dataProvider: maxRecords must be a positive integer' },
    {
      options: { resourcePath: '/users' },
      message: 'dataProvider: resourcePath must be a function of the resource name',
    },
    { options: { fetch: 'fetch' }, message: 'createClient: fetch must be a function' },
  ])('throws a TypeError for $options', ({ options, message }) => {
    expect(() => dataProvider(BASE, options as never)).toThrow(new TypeError(message));
  });

  it('throws the TypeError of createClient for a base URL with a query', () => {
    expect(() => dataProvider(`${BASE}?x=1`)).toThrow(TypeError);
  });

  it('sends the headers option with every request', async () => {
    const { provider, calls } = providerOf(() => json(200, ann), {
      headers: async () => ({ Authorization: 'Bearer t' }),
    });
    await provider.getOne({ resource: 'users', id: 'u1' });
    expect(calls[0]?.headers['authorization']).toBe('Bearer t');
  });
});
