import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, ClientHttpError, isClientHttpError, type ClientOptions } from 'pagelope/client';
import { HttpError as RootHttpError, isHttpError as isRootHttpError } from '../../src/index';
import { rejectionOf } from '../support/rejection-of';
import { fakeFetch, json, pageOf, type FakeCall } from './fake-fetch';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BASE = 'http://api.test/v1';

interface User {
  id: string;
  name: string;
  age: number;
  createdAt: Date;
}

const ann = { id: 'u1', name: 'ann', age: 30, createdAt: '2024-01-01T00:00:00.000Z' };
const ok = (body: unknown) => () => json(200, body);

function clientOf(answer: Parameters<typeof fakeFetch>[0], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(answer);
  const client = createClient({ baseUrl: BASE, fetch: fake.fetch, ...options });
  return { ...fake, users: client.resource<User>('/users'), client };
}

const envelope = (statusCode: number, extra: Record<string, unknown> = {}) => ({
  statusCode,
  message: ['limit must be a positive integer'],
  error: 'Bad Request',
  timestamp: 1,
  correlationID: 'server-id-1',
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createClient', () => {
  it('calls fetch with GET {baseUrl}{path}?query, accept json and a new uuid x-correlation-id per call', async () => {
    const { users, calls } = clientOf(ok(pageOf([], 1, 10, 0)));
    await users.list({ where: { age: { gte: 18 } }, limit: 5 });
    await users.list();
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['GET', `${BASE}/users?age[gte]=18&limit=5`],
      ['GET', `${BASE}/users`],
    ]);
    const [first, second] = calls.map((call) => call.headers['x-correlation-id']);
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(first).not.toBe(second);
    expect(calls[0]?.headers['accept']).toBe('application/json');
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('calls fetch with the given correlationId on every request, or with the function result per request', async () => {
    const fixed = clientOf(ok(ann), { correlationId: 'req-42' });
    await fixed.users.get('u1');
    await fixed.users.get('u1');
    expect(fixed.calls.map((call) => call.headers['x-correlation-id'])).toEqual(['req-42', 'req-42']);
    let n = 0;
    const counted = clientOf(ok(ann), { correlationId: () => `trace-${++n}` });
    await counted.users.get('u1');
    await counted.users.get('u1', { correlationId: 'one-off' });
    await counted.users.get('u1');
    expect(counted.calls.map((call) => call.headers['x-correlation-id'])).toEqual(['trace-1', 'one-off', 'trace-2']);
  });

  it('throws a TypeError for a correlation id the server would not echo', async () => {
    expect(() => createClient({ baseUrl: BASE, correlationId: 'a b' })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: BASE, correlationId: 'x'.repeat(129) })).toThrow(/1 to 128/);
    expect(() => createClient({ baseUrl: BASE, correlationId: 42 as never })).toThrow(TypeError);
    const { users, calls } = clientOf(ok(ann), { correlationId: () => '-leading-dash' });
    expect(await rejectionOf(users.get('u1'))).toBeInstanceOf(TypeError);
    expect(await rejectionOf(users.get('u1', { correlationId: 'a\r\nb' }))).toBeInstanceOf(TypeError);
    expect(calls).toEqual([]);
  });

  it('calls fetch with the extra headers, lower-cased, from a record or a function called per request', async () => {
    const fromRecord = clientOf(ok(ann), { headers: { Authorization: 'Bearer a', 'X-Tenant': 't1' } });
    await fromRecord.users.get('u1');
    expect(fromRecord.calls[0]?.headers).toMatchObject({ authorization: 'Bearer a', 'x-tenant': 't1' });
    let token = 0;
    const fromFunction = clientOf(ok(ann), { headers: async () => ({ authorization: `Bearer ${++token}` }) });
    await fromFunction.users.get('u1');
    await fromFunction.users.get('u1');
    expect(fromFunction.calls.map((call) => call.headers['authorization'])).toEqual(['Bearer 1', 'Bearer 2']);
  });

  it.each([
    ['x-correlation-id', { headers: { 'X-Correlation-Id': 'a' } }, /set by the client/],
    ['content-type', { headers: { 'Content-Type': 'text/plain' } }, /set by the client/],
    ['a header that is not a string', { headers: { 'x-n': 1 as never } }, /must be a string/],
    ['headers that are a string', { headers: 'x' as never }, /headers must be/],
    ['no base URL', { baseUrl: undefined }, /baseUrl must be a string or a URL/],
    ['a numeric base URL', { baseUrl: 42 }, /baseUrl must be a string or a URL/],
    ['a base URL with a query', { baseUrl: 'http://a.test/?x=1' }, /baseUrl/],
    ['a base URL with a fragment', { baseUrl: 'http://a.test/#x' }, /baseUrl/],
    ['a fetch that is not a function', { fetch: 'fetch' as never }, /fetch must be a function/],
  ])('throws a TypeError for %s', (_name, options, message) => {
    expect(() => createClient({ baseUrl: BASE, ...options } as ClientOptions)).toThrow(message);
  });

  it('throws a TypeError from headers() that name x-correlation-id, rejecting the call', async () => {
    const { users, calls } = clientOf(ok(ann), { headers: () => ({ 'x-correlation-id': 'mine' }) });
    expect(String(await rejectionOf(users.get('u1')))).toMatch(/set by the client/);
    expect(calls).toEqual([]);
  });

  it.each(['users', '/users/', '/users?x=1', '/users#x', '/us ers', ''])(
    'throws a TypeError for the resource path %j',
    (path) => {
      const client = createClient({ baseUrl: BASE, fetch: fakeFetch([]).fetch });
      expect(() => client.resource(path)).toThrow(TypeError);
    },
  );

  it('calls fetch with one slash between base URL and path, for a URL object, a trailing slash and the root path', async () => {
    const fake = fakeFetch((call) =>
      json(200, call.url.includes('/cursor') ? { items: [], nextCursor: null } : pageOf([], 1, 10, 0)),
    );
    await createClient({ baseUrl: new URL('http://a.test/api/'), fetch: fake.fetch })
      .resource('/users')
      .list();
    await createClient({ baseUrl: 'http://a.test//', fetch: fake.fetch }).resource('/').list({ limit: 1 });
    await createClient({ baseUrl: '/api', fetch: fake.fetch }).resource('/v2/users').listByCursor();
    expect(fake.calls.map((call) => call.url)).toEqual([
      'http://a.test/api/users',
      'http://a.test?limit=1',
      '/api/v2/users/cursor',
    ]);
  });

  it('calls globalThis.fetch, looked up per request, when no fetch is given', async () => {
    const fake = fakeFetch(ok(ann));
    const users = createClient({ baseUrl: BASE }).resource<User>('/users');
    vi.stubGlobal('fetch', fake.fetch);
    await users.get('u1');
    expect(fake.calls).toHaveLength(1);
  });

  it('calls crypto.getRandomValues for a uuid v4 where crypto.randomUUID is missing', async () => {
    const getRandomValues = vi.fn(<T extends Uint8Array>(array: T) => array.fill(0xff));
    vi.stubGlobal('crypto', { getRandomValues });
    const { users, calls } = clientOf(ok(ann));
    await users.get('u1');
    expect(getRandomValues).toHaveBeenCalledTimes(1);
    expect(calls[0]?.headers['x-correlation-id']).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('throws a TypeError on a platform without Web Crypto unless a correlationId is given', () => {
    vi.stubGlobal('crypto', undefined);
    expect(() => createClient({ baseUrl: BASE })).toThrow(/pass a correlationId/);
    expect(() => createClient({ baseUrl: BASE, correlationId: 'fixed' })).not.toThrow();
  });
});

describe('client.resource', () => {
  it('returns a frozen page result with the records as sent, or as revive makes them', async () => {
    const { users } = clientOf(ok({ ...pageOf([ann], 1, 10, 1), extra: 'dropped' }));
    const page = await users.list();
    expect(page).toStrictEqual(pageOf([ann], 1, 10, 1));
    expect(Object.isFrozen(page) && Object.isFrozen(page.items)).toBe(true);
    const fake = fakeFetch(ok(pageOf([ann], 1, 10, 1)));
    const revived = createClient({ baseUrl: BASE, fetch: fake.fetch }).resource<User>('/users', {
      revive: (raw) => ({ ...(raw as unknown as User), createdAt: new Date(raw['createdAt'] as string) }),
    });
    expect((await revived.list()).items[0]?.createdAt).toEqual(new Date('2024-01-01T00:00:00.000Z'));
  });

  it('calls GET {path}/cursor with the cursor query and returns items and nextCursor', async () => {
    const { users, calls } = clientOf(ok({ items: [ann], nextCursor: 'c2' }));
    const result = await users.listByCursor({ cursor: 'c1', limit: 1, orderBy: [{ field: 'age', direction: 'desc' }] });
    expect(result).toStrictEqual({ items: [ann], nextCursor: 'c2' });
    expect(calls[0]?.url).toBe(`${BASE}/users/cursor?orderBy=age&orderDirection=DESC&limit=1&cursor=c1`);
  });

  it('throws a TypeError, before any request, for a cursor given to list, a page given to listByCursor, or []', async () => {
    const { users, calls } = clientOf([]);
    expect(String(await rejectionOf(users.list({ cursor: 'c' } as never)))).toMatch(/list takes no cursor/);
    expect(String(await rejectionOf(users.listByCursor({ page: 2 } as never)))).toMatch(/takes no page/);
    expect(String(await rejectionOf(users.list({ where: [] })))).toMatch(/an empty array of OR clauses/);
    expect(calls).toEqual([]);
  });

  it('calls GET with OR groups, search and select, and returns the items as sent', async () => {
    const { users, calls } = clientOf(ok(pageOf([{ id: 'u1', name: 'ann' }], 1, 10, 1)));
    const page = await users.list({ where: [{ age: { lt: 18 } }, { name: 'ann' }], search: 'an n', select: ['name'] });
    expect(page.items).toEqual([{ id: 'u1', name: 'ann' }]);
    expect(calls[0]?.url).toBe(`${BASE}/users?or[0][age][lt]=18&or[1][name][eq]=ann&search=an%20n&select=name`);
  });

  it('returns every page from input.page until hasNextPage is false, with the same query', async () => {
    const { users, calls } = clientOf((call: FakeCall) => {
      const page = Number(new URL(call.url).searchParams.get('page'));
      return json(200, pageOf([{ ...ann, id: `u${page}` }], page, 1, 4));
    });
    const seen: number[] = [];
    for await (const result of users.pages({ where: { name: 'ann' }, limit: 1, page: 2 })) seen.push(result.page);
    expect(seen).toEqual([2, 3, 4]);
    expect(calls.map((call) => call.url)).toEqual(
      [2, 3, 4].map((page) => `${BASE}/users?name[eq]=ann&limit=1&page=${page}`),
    );
    const empty = clientOf([json(200, pageOf([], 1, 10, 0))]);
    const pages = [];
    for await (const result of empty.users.pages()) pages.push(result);
    expect(pages).toHaveLength(1);
    expect(empty.calls[0]?.url).toBe(`${BASE}/users?page=1`);
  });

  it('returns every record of the cursor route, following nextCursor until it is null', async () => {
    const { users, calls } = clientOf([
      json(200, { items: [ann, { ...ann, id: 'u2' }], nextCursor: 'n1' }),
      json(200, { items: [], nextCursor: 'n2' }),
      json(200, { items: [{ ...ann, id: 'u3' }], nextCursor: null }),
    ]);
    const ids: string[] = [];
    for await (const user of users.all({ where: { age: { lt: 40 } }, limit: 2 })) ids.push(user.id);
    expect(ids).toEqual(['u1', 'u2', 'u3']);
    expect(calls.map((call) => call.url)).toEqual([
      `${BASE}/users/cursor?age[lt]=40&limit=2`,
      `${BASE}/users/cursor?age[lt]=40&limit=2&cursor=n1`,
      `${BASE}/users/cursor?age[lt]=40&limit=2&cursor=n2`,
    ]);
  });

  it('calls GET, POST, PUT, PATCH and DELETE with encoded ids and JSON bodies', async () => {
    const { users, calls } = clientOf((call) =>
      call.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : json(call.method === 'POST' ? 201 : 200, { ...ann, id: 'a/b?c#d é%' }),
    );
    const id = 'a/b?c#d é%';
    expect(await users.get(id)).toMatchObject({ id });
    await users.create({ name: 'ann', createdAt: new Date('2024-01-01T00:00:00.000Z') });
    await users.replace(id, { name: 'ann', age: 31 });
    await users.update(id, { age: 32 });
    expect(await users.delete(id)).toBeUndefined();
    const path = `${BASE}/users/a%2Fb%3Fc%23d%20%C3%A9%25`;
    expect(calls.map((call) => [call.method, call.url, call.body, call.headers['content-type']])).toEqual([
      ['GET', path, undefined, undefined],
      ['POST', `${BASE}/users`, '{"name":"ann","createdAt":"2024-01-01T00:00:00.000Z"}', 'application/json'],
      ['PUT', path, '{"name":"ann","age":31}', 'application/json'],
      ['PATCH', path, '{"age":32}', 'application/json'],
      ['DELETE', path, undefined, undefined],
    ]);
  });

  it('sends a number id as its decimal digits', async () => {
    const fake = fakeFetch(() => json(200, { id: 12, label: 'a' }));
    const counters = createClient({ baseUrl: BASE, fetch: fake.fetch }).resource<{ id: number; label: string }>(
      '/counters',
    );
    expect(await counters.get(12)).toStrictEqual({ id: 12, label: 'a' });
    await counters.update(0, { label: 'b' });
    expect(fake.calls.map((call) => [call.method, call.url])).toStrictEqual([
      ['GET', `${BASE}/counters/12`],
      ['PATCH', `${BASE}/counters/0`],
    ]);
    for (const id of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(await rejectionOf(counters.get(id))).toBeInstanceOf(TypeError);
    }
    expect(fake.calls).toHaveLength(2);
  });

  it.each(['', '.', '..', 'a\ud800'])('throws a TypeError for the id %j, before any request', async (id) => {
    const { users, calls } = clientOf([]);
    for (const call of [() => users.get(id), () => users.delete(id), () => users.update(id, {})]) {
      expect(await rejectionOf(call())).toBeInstanceOf(TypeError);
    }
    expect(calls).toEqual([]);
  });

  it('calls fetch with the signal given, and rejects with what fetch rejects with (an abort, a network failure)', async () => {
    const failure = new TypeError('fetch failed');
    const { users, calls } = clientOf(() => Promise.reject(failure));
    const controller = new AbortController();
    expect(await rejectionOf(users.get('u1', { signal: controller.signal }))).toBe(failure);
    expect(calls[0]?.signal).toBe(controller.signal);
  });

  it('rejects with what revive throws', async () => {
    const fake = fakeFetch(ok(ann));
    const failure = new Error('bad record');
    const users = createClient({ baseUrl: BASE, fetch: fake.fetch }).resource('/users', {
      revive: () => {
        throw failure;
      },
    });
    expect(await rejectionOf(users.get('u1'))).toBe(failure);
  });
});

describe('client errors', () => {
  it("throws an ClientHttpError with the envelope's status, messages, error, extras and correlationID", async () => {
    const { users } = clientOf(() =>
      json(429, envelope(429, { error: 'Too Many Requests', retryAfterSeconds: 3 }), {
        'x-correlation-id': 'server-id-1',
        'retry-after': '3',
        'set-cookie': 'a=b',
      }),
    );
    const error = (await rejectionOf(users.list({ limit: 5 }))) as ClientHttpError;
    expect(error).toBeInstanceOf(ClientHttpError);
    expect(error).toBeInstanceOf(RootHttpError);
    expect(isClientHttpError(error) && isRootHttpError(error)).toBe(true);
    expect(error).toMatchObject({
      statusCode: 429,
      message: ['limit must be a positive integer'],
      error: 'Too Many Requests',
      correlationID: 'server-id-1',
      extras: { retryAfterSeconds: 3 },
      headers: { 'retry-after': '3' },
    });
  });

  it('throws an ClientHttpError with the response header correlation id when the envelope has none', async () => {
    const body = envelope(404, { message: 'Not Found', error: 'Not Found', correlationID: undefined });
    const { users } = clientOf(() => json(404, body, { 'x-correlation-id': 'from-header' }));
    const error = (await rejectionOf(users.get('nobody'))) as ClientHttpError;
    expect([error.statusCode, error.message, error.correlationID]).toEqual([404, 'Not Found', 'from-header']);
  });

  it.each([
    ['an HTML page from a proxy', () => new Response('<html>Bad Gateway</html>', { status: 502 })],
    ['an empty 503', () => new Response('', { status: 503 })],
    ['JSON of another shape', () => json(400, { errors: ['x'] })],
    ['an envelope whose status is not the response status', () => json(500, envelope(400))],
    ['an envelope with a 2xx statusCode', () => json(400, envelope(200))],
    ['an envelope with a non-string message entry', () => json(400, envelope(400, { message: ['a', 1] }))],
    ['a redirect the fetch did not follow', () => new Response(null, { status: 302 })],
  ])('throws an ClientHttpError 502 for %s, saying it was not an envelope', async (_name, answer) => {
    const { users, calls } = clientOf(answer);
    const error = (await rejectionOf(users.get('secret-id'))) as ClientHttpError;
    expect(isClientHttpError(error)).toBe(true);
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(
      /^the response to GET \/users\/:id \(status \d+\) was not a pagelope error envelope$/,
    );
    expect(error.message).not.toContain('secret-id');
    expect(error.correlationID).toBe(calls[0]?.headers['x-correlation-id']);
  });

  it.each([
    ['list', 'a page result', (users: ReturnType<typeof clientOf>['users']) => users.list(), { items: [] }],
    [
      'list',
      'a page result',
      (users: ReturnType<typeof clientOf>['users']) => users.list(),
      { ...pageOf([1], 1, 1, 1) },
    ],
    [
      'listByCursor',
      'a cursor page',
      (users: ReturnType<typeof clientOf>['users']) => users.listByCursor(),
      { items: [], nextCursor: '' },
    ],
    ['get', 'a record', (users: ReturnType<typeof clientOf>['users']) => users.get('u1'), [ann]],
    ['create', 'a record', (users: ReturnType<typeof clientOf>['users']) => users.create({}), null],
    ['update', 'a record', (users: ReturnType<typeof clientOf>['users']) => users.update('u1', {}), 'text'],
  ] as const)(
    'throws an ClientHttpError 502 when %s gets a 2xx that is not %s',
    async (_name, expected, call, body) => {
      const { users } = clientOf(() => json(200, body, { 'x-correlation-id': 'srv-1' }));
      const error = (await rejectionOf(call(users))) as ClientHttpError;
      expect([error.statusCode, error.correlationID]).toEqual([502, 'srv-1']);
      expect(error.message).toContain(`was not ${expected}`);
    },
  );

  it('throws an ClientHttpError 502 for a 2xx body that is not JSON', async () => {
    const { users } = clientOf(() => new Response('<html></html>', { status: 200 }));
    const error = (await rejectionOf(users.list())) as ClientHttpError;
    expect([error.statusCode, error.message]).toEqual([
      502,
      'the response to GET /users (status 200) was not a page result (items, total, page, limit, totalPages, hasNextPage, hasPreviousPage)',
    ]);
  });
});
