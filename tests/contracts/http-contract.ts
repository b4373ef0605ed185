import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoOptions } from '../../examples/shared/demo-routes';
import { seedUsers } from '../../examples/shared/seed';

/** A running example server. */
export interface StartedServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts one framework's example on 127.0.0.1, port 0. */
export type StartServer = (options: DemoOptions & { readonly port?: number }) => Promise<StartedServer>;

const SEED = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const records = seedUsers(SEED);

interface Envelope {
  statusCode: number;
  message: string | string[];
  error: string;
  timestamp: number;
  correlationID: string;
}

/** A stack frame line (`at fn (file.ts:12:3)`), which no response body may carry. */
const STACK = /\bat .+\.(ts|js):\d+/;

/** One request of {@link expectCorrelatedErrors}: path, request options and the status expected. */
export type ErrorCase = readonly [path: string, init: RequestInit, status: number];

/**
 * Sends each case in order with its own `x-correlation-id` and checks that the response has the expected status, a
 * JSON envelope with that status and that correlation id, the same id in the response header, and no stack.
 */
export async function expectCorrelatedErrors(url: string, cases: readonly ErrorCase[]): Promise<void> {
  for (const [path, init, status] of cases) {
    const id = `trace-${status}-${path.length}`;
    const response = await fetch(`${url}${path}`, { ...init, headers: { ...init.headers, 'x-correlation-id': id } });
    const text = await response.text();
    expect([path, response.status]).toEqual([path, status]);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-correlation-id')).toBe(id);
    expect(text).not.toMatch(STACK);
    expect(JSON.parse(text)).toMatchObject({ statusCode: status, correlationID: id });
  }
}

/**
 * The HTTP contract every framework example meets, over a real socket: list, filters, sorting, errors with the
 * envelope, correlation ids, rate limiting, hooks and the cursor route.
 */
export function describeHttpContract(name: string, start: StartServer): void {
  describe(`${name} example over HTTP`, () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await start({ seedRecords: SEED, rateLimitMax: 100_000, rateLimitWindowMs: 60_000 });
    });
    afterAll(async () => {
      await server?.close();
    });

    const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
    const json = async (path: string, init: RequestInit = {}) => {
      const response = await call(path, init);
      const text = await response.text();
      return { response, body: text ? (JSON.parse(text) as unknown) : undefined };
    };
    const expectEnvelope = (response: Response, body: unknown, status: number) => {
      const envelope = body as Envelope;
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(envelope.statusCode).toBe(status);
      expect(typeof envelope.error).toBe('string');
      expect(Math.abs(envelope.timestamp - Date.now())).toBeLessThan(60_000);
      expect(envelope.correlationID).toBe(response.headers.get('x-correlation-id'));
      expect(JSON.stringify(body)).not.toMatch(STACK);
      return envelope;
    };

    describe('GET /users', () => {
      it('returns the first page with the default limit and order', async () => {
        const { response, body } = await json('/users');
        expect(response.status).toBe(200);
        expect(body).toMatchObject({
          total: SEED,
          page: 1,
          limit: 10,
          totalPages: 6,
          hasNextPage: true,
          hasPreviousPage: false,
        });
        const ids = (body as { items: { id: string }[] }).items.map((u) => u.id);
        expect(ids).toEqual(
          [...records]
            .map((u) => u.id)
            .sort()
            .slice(0, 10),
        );
        expect(response.headers.get('x-correlation-id')).toMatch(UUID);
      });

      it('returns the page-th block of limit items', async () => {
        const { body } = await json('/users?limit=7&page=3');
        const ids = (body as { items: { id: string }[] }).items.map((u) => u.id);
        expect(ids).toEqual(
          [...records]
            .map((u) => u.id)
            .sort()
            .slice(14, 21),
        );
        expect(body).toMatchObject({ page: 3, limit: 7, totalPages: 9, hasNextPage: true, hasPreviousPage: true });
      });

      it('combines cont, eq and a range filter with sorting, counting the filtered set', async () => {
        const query =
          'username[operator]=cont&username[value]=a&status[eq]=active&age[gte]=30&age[lt]=60&orderBy=age,createdAt&orderDirection=DESC,ASC&limit=5&page=2';
        const expected = records
          .filter((u) => u.username.includes('a') && u.status === 'active' && u.age >= 30 && u.age < 60)
          .sort((a, b) => b.age - a.age || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
        const { response, body } = await json(`/users?${query}`);
        expect(response.status).toBe(200);
        const page = body as { items: { id: string }[]; total: number };
        expect(page.total).toBe(expected.length);
        expect(page.items.map((u) => u.id)).toEqual(expected.slice(5, 10).map((u) => u.id));
      });

      it('sorts by createdAt descending', async () => {
        const { body } = await json('/users?orderBy=createdAt&orderDirection=DESC&limit=3');
        const expected = [...records].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 3);
        expect((body as { items: { id: string }[] }).items.map((u) => u.id)).toEqual(expected.map((u) => u.id));
      });

      it('returns the empty list when nothing matches', async () => {
        const { body } = await json('/users?username[cont]=%E2%9C%93nomatch');
        expect(body).toEqual({
          items: [],
          total: 0,
          page: 1,
          limit: 10,
          totalPages: 0,
          hasNextPage: false,
          hasPreviousPage: false,
        });
      });

      it('returns empty items with the true total for a page past the end', async () => {
        const { response, body } = await json('/users?page=99');
        expect(response.status).toBe(200);
        expect(body).toMatchObject({
          items: [],
          total: SEED,
          page: 99,
          totalPages: 6,
          hasNextPage: false,
          hasPreviousPage: true,
        });
      });

      it('clamps a limit above the maximum', async () => {
        const { body } = await json('/users?limit=5000');
        expect(body).toMatchObject({ limit: 100, total: SEED, totalPages: 1 });
        expect((body as { items: unknown[] }).items).toHaveLength(SEED);
      });

      it.each([
        ['limit=', 'limit'],
        ['limit=abc', 'limit'],
        ['limit=0', 'limit'],
        ['limit=-1', 'limit'],
        ['limit=1.5', 'limit'],
        ['limit=%2010', 'limit'],
        ['limit=1e2', 'limit'],
        ['limit=0x10', 'limit'],
        ['page=0', 'page'],
        ['limit=1&limit=2', 'limit'],
        ['orderBy=age&orderBy=username', 'orderBy'],
        ['secret[operator]=eq&secret[value]=x', 'secret'],
        ['username[operator]=regex&username[value]=x', 'regex'],
        ['age[operator]=cont&age[value]=1', 'age'],
        ['username[operator]=eq', 'username'],
        ['username[value]=ab', 'username'],
        ['age[eq]=abc', 'age'],
        ['age[operator]=between&age[values]=1', 'age'],
        ['orderBy=email', 'email'],
        ['orderBy=age&orderDirection=SIDEWAYS', 'orderDirection'],
        ['foo=bar', 'foo'],
        ['username=ab', 'username'],
        ['__proto__[x]=1', '__proto__'],
        ['constructor[prototype]=1', 'constructor'],
      ])('answers %s with 400 and the envelope', async (query, named) => {
        const { response, body } = await json(`/users?${query}`);
        const envelope = expectEnvelope(response, body, 400);
        expect(envelope.error).toBe('Bad Request');
        expect(Array.isArray(envelope.message)).toBe(true);
        expect((envelope.message as string[]).join('\n')).toContain(named);
      });
    });

    describe('POST /users', () => {
      it('creates a record (201) and runs the onAfterCreate hook with the request correlation id', async () => {
        const { response, body } = await json('/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-correlation-id': 'create-trace-1' },
          body: JSON.stringify({ username: 'newbie', email: 'newbie@example.com', status: 'active', age: 33 }),
        });
        expect(response.status).toBe(201);
        const created = body as { id: string; createdAt: string };
        expect(response.headers.get('location')).toBe(`/users/${encodeURIComponent(created.id)}`);
        expect(created).toMatchObject({ username: 'newbie', age: 33 });
        expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
        expect(response.headers.get('x-correlation-id')).toBe('create-trace-1');
        const fetched = await json(`/users/${created.id}`);
        expect(fetched.response.status).toBe(200);
        expect(fetched.body).toEqual(body);
        const audit = await json('/audit', { headers: { 'x-correlation-id': 'own-route-1' } });
        expect(audit.body).toContainEqual({ event: 'created', id: created.id, correlationId: 'create-trace-1' });
        // GET /audit is the app's own route, not pagelope's: the adapter's correlation id reaches it too.
        expect(audit.response.headers.get('x-correlation-id')).toBe('own-route-1');
      });

      it('answers an invalid body with 400, a message array, and the onAfterErrorCreate hook', async () => {
        const { response, body } = await json('/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-correlation-id': 'create-trace-2' },
          body: JSON.stringify({ username: 42, email: 'nope', status: 'x', age: -1 }),
        });
        const envelope = expectEnvelope(response, body, 400);
        expect(envelope.correlationID).toBe('create-trace-2');
        expect(Array.isArray(envelope.message)).toBe(true);
        expect((envelope.message as string[]).some((m) => m.startsWith('username'))).toBe(true);
        const audit = await json('/audit');
        expect(audit.body).toContainEqual({ event: 'create-failed', correlationId: 'create-trace-2' });
      });

      it('answers a body naming the id with 400 (ids are server-assigned) and stores nothing', async () => {
        const before = ((await json('/users?limit=1')).body as { total: number }).total;
        const { response, body } = await json('/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-correlation-id': 'create-trace-3' },
          body: JSON.stringify({ id: 'chosen', username: 'c', email: 'c@example.com', status: 'active', age: 20 }),
        });
        const envelope = expectEnvelope(response, body, 400);
        expect(envelope.message).toStrictEqual(['id: the id is assigned by the server']);
        expect(envelope.correlationID).toBe('create-trace-3');
        expect(((await json('/users?limit=1')).body as { total: number }).total).toBe(before);
        expect((await json('/users/chosen')).response.status).toBe(404);
      });

      it('answers a body with an unknown key with 400 naming the key', async () => {
        const { response, body } = await json('/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'u', email: 'u@example.com', status: 'active', age: 20, role: 'admin' }),
        });
        const envelope = expectEnvelope(response, body, 400);
        expect(envelope.message).toStrictEqual(['role: unknown field']);
      });

      it('answers a malformed JSON body with 400 and the envelope', async () => {
        const { response, body } = await json('/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"username": ',
        });
        expectEnvelope(response, body, 400);
      });

      it('answers a body over the size limit with 413 and the envelope', async () => {
        const { response, body } = await json('/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'x'.repeat(64 * 1024) }),
        });
        expectEnvelope(response, body, 413);
      });

      it('answers a __proto__ key with 400 and stores nothing', async () => {
        const before = ((await json('/users?limit=1')).body as { total: number }).total;
        const { response, body } = await json('/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"__proto__":{"admin":true},"username":"p","email":"p@example.com","status":"active","age":20}',
        });
        expectEnvelope(response, body, 400);
        const after = ((await json('/users?limit=1')).body as { total: number }).total;
        expect(after).toBe(before);
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
      });
    });

    describe('GET, PATCH, DELETE /users/:id', () => {
      it('updates (200) and deletes (204) a record, then answers 404 for it', async () => {
        const id = records[5]?.id ?? '';
        const patched = await json(`/users/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ age: 77 }),
        });
        expect(patched.response.status).toBe(200);
        expect(patched.body).toMatchObject({ id, age: 77 });
        const removed = await call(`/users/${id}`, { method: 'DELETE' });
        expect(removed.status).toBe(204);
        expect(removed.headers.get('x-correlation-id')).toMatch(UUID);
        const { response, body } = await json(`/users/${id}`);
        expect(expectEnvelope(response, body, 404).error).toBe('Not Found');
      });

      it('answers an unknown id with 404 and the envelope', async () => {
        const { response, body } = await json('/users/does-not-exist');
        expect(expectEnvelope(response, body, 404).error).toBe('Not Found');
      });

      it('refuses to change the id with 400', async () => {
        const id = records[6]?.id ?? '';
        const { response, body } = await json(`/users/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: 'hijack' }),
        });
        expectEnvelope(response, body, 400);
        expect((await call(`/users/${id}`)).status).toBe(200);
      });
    });

    describe('PUT /users/:id', () => {
      const full = { username: 'replaced', email: 'replaced@example.com', status: 'banned', age: 50 };
      const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
        json(`/users/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });

      it('replaces the record (200) and answers it, the id kept', async () => {
        const id = records[8]?.id ?? '';
        const createdAt = '2025-02-03T04:05:06.000Z';
        const { response, body } = await put(id, { ...full, createdAt }, { 'x-correlation-id': 'put-1' });
        expect(response.status).toBe(200);
        expect(response.headers.get('x-correlation-id')).toBe('put-1');
        expect(body).toStrictEqual({ id, ...full, createdAt });
        expect((await json(`/users/${id}`)).body).toStrictEqual(body);
      });

      it('answers a body missing a required field with 400 and keeps the record', async () => {
        const id = records[9]?.id ?? '';
        const before = (await json(`/users/${id}`)).body;
        const { response, body } = await put(id, { username: 'only' });
        const envelope = expectEnvelope(response, body, 400);
        expect((envelope.message as string[]).some((m) => m.startsWith('email'))).toBe(true);
        expect((await json(`/users/${id}`)).body).toStrictEqual(before);
      });

      it('answers another id in the body with 400, and a missing id with 404', async () => {
        const id = records[10]?.id ?? '';
        const other = await put(id, { ...full, id: 'other', createdAt: new Date(0).toISOString() });
        expect(expectEnvelope(other.response, other.body, 400).message).toStrictEqual(['id: the id cannot be changed']);
        const missing = await put('does-not-exist', { ...full, createdAt: new Date(0).toISOString() });
        expectEnvelope(missing.response, missing.body, 404);
      });
    });

    describe('requests refused below the app', () => {
      /** Sends one raw HTTP/1.1 request and resolves the status line, headers and body of the response. */
      const raw = (requestLine: string, host: string) =>
        new Promise<{ status: number; headers: Map<string, string>; body: string }>((resolve, reject) => {
          const { hostname, port } = new URL(server.url);
          const socket = connect(Number(port), hostname);
          let data = '';
          socket.setEncoding('latin1');
          socket.on('data', (chunk: string) => (data += chunk));
          socket.on('error', reject);
          socket.on('close', () => {
            const [head = '', ...rest] = data.split('\r\n\r\n');
            const [statusLine = '', ...lines] = head.split('\r\n');
            const headers = new Map(
              lines.map((line) => [
                line.slice(0, line.indexOf(':')).toLowerCase(),
                line.slice(line.indexOf(':') + 1).trim(),
              ]),
            );
            resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
          });
          socket.write(`${requestLine}\r\nhost: ${host}\r\nx-correlation-id: below-1\r\nconnection: close\r\n\r\n`);
          setTimeout(() => socket.destroy(), 5_000).unref();
        });

      it.each([
        ['a backslash in the path', 'GET /users\\x HTTP/1.1', undefined],
        ['an invalid Host', 'GET /users?limit=1 HTTP/1.1', 'exa mple:1'],
        ['GET *', 'GET * HTTP/1.1', undefined],
        ['an absolute-form target', 'GET http://127.0.0.1/users?limit=1 HTTP/1.1', undefined],
      ])('answers %s with a correlation id, and with the envelope when refused', async (_name, line, host) => {
        const { status, headers, body } = await raw(line, host ?? new URL(server.url).host);
        expect(status).toBeGreaterThanOrEqual(200);
        expect(status).toBeLessThan(500);
        expect(headers.get('x-correlation-id')).toMatch(/^[\w.:-]+$/);
        if (status >= 400) {
          // A chunked body, if any, is unwrapped to its JSON.
          const text = body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1);
          expect(JSON.parse(text)).toMatchObject({
            statusCode: status,
            correlationID: headers.get('x-correlation-id'),
          });
          expect(text).not.toMatch(STACK);
        }
      });
    });

    describe('routing and correlation ids', () => {
      it('answers an unknown route with 404 and the envelope', async () => {
        const { response, body } = await json('/nope/nothing');
        expect(expectEnvelope(response, body, 404).error).toBe('Not Found');
      });

      it('answers a known path with another method with 405 and the envelope', async () => {
        const { response, body } = await json('/users', { method: 'PUT' });
        expect(expectEnvelope(response, body, 405).error).toBe('Method Not Allowed');
        expect(response.headers.get('allow')).toBe('GET, POST');
      });

      it('answers another method on /users/cursor with 405, not as an update of the id "cursor"', async () => {
        const { response, body } = await json('/users/cursor', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ age: 1 }),
        });
        expect(expectEnvelope(response, body, 405).error).toBe('Method Not Allowed');
        expect(response.headers.get('allow')).toBe('GET');
      });

      it('answers 405 with the allow header of the matched path', async () => {
        const cases: [string, string, string][] = [
          ['/users', 'PUT', 'GET, POST'],
          ['/users', 'DELETE', 'GET, POST'],
          ['/users/cursor', 'PUT', 'GET'],
          ['/users/cursor', 'DELETE', 'GET'],
          ['/users/abc', 'POST', 'GET, PUT, PATCH, DELETE'],
        ];
        for (const [path, method, allow] of cases) {
          const response = await call(path, { method });
          expect([path, response.status, response.headers.get('allow')]).toEqual([path, 405, allow]);
          await response.body?.cancel();
        }
      });

      it('echoes a safe x-correlation-id on success and error', async () => {
        const ok = await call('/users?limit=1', { headers: { 'x-correlation-id': 'req-42.a:b_c' } });
        expect(ok.headers.get('x-correlation-id')).toBe('req-42.a:b_c');
        const { response, body } = await json('/users?limit=0', { headers: { 'x-correlation-id': 'req-43' } });
        expect(expectEnvelope(response, body, 400).correlationID).toBe('req-43');
      });

      it.each([['a'.repeat(200)], ['-leading-dash'], ['has space'], ['semi;colon']])(
        'replaces the unsafe x-correlation-id %s with a new uuid',
        async (unsafe) => {
          const { response, body } = await json('/users?limit=0', { headers: { 'x-correlation-id': unsafe } });
          const envelope = expectEnvelope(response, body, 400);
          expect(envelope.correlationID).toMatch(UUID);
          expect(envelope.correlationID).not.toBe(unsafe);
        },
      );
    });

    describe('GET /users/cursor', () => {
      it('walks every record exactly once in id order', async () => {
        const seen: string[] = [];
        let cursor = '';
        for (let i = 0; i < 100; i++) {
          const { response, body } = await json(`/users/cursor?cursor=${encodeURIComponent(cursor)}&limit=7`);
          expect(response.status).toBe(200);
          const page = body as { items: { id: string }[]; nextCursor: string | null };
          seen.push(...page.items.map((u) => u.id));
          if (page.nextCursor === null) break;
          cursor = page.nextCursor;
        }
        const total = ((await json('/users?limit=1')).body as { total: number }).total;
        expect(seen).toHaveLength(total);
        expect(new Set(seen).size).toBe(total);
        expect(seen).toEqual([...seen].sort());
      });

      it('answers a malformed cursor with 400 and the envelope', async () => {
        const { response, body } = await json('/users/cursor?cursor=%%%');
        expectEnvelope(response, body, 400);
        const second = await json('/users/cursor?cursor=bm90LWEtY3Vyc29y');
        expectEnvelope(second.response, second.body, 400);
      });
    });
  });

  describe(`${name} example with a failing repository`, () => {
    let server: StartedServer;
    const secret = 'db password=hunter2 at 10.0.0.7';
    const failing = {
      create: () => Promise.reject(new Error(secret)),
      get: () => Promise.reject(Object.assign(new Error(secret), { code: 'ECONNRESET' })),
      update: () => Promise.reject(new Error(secret)),
      replace: () => Promise.reject(new Error(secret)),
      delete: () => Promise.reject(new Error(secret)),
      // Not an Error at all: some libraries reject with strings or plain objects.
      list: () => Promise.reject(secret),
      listByCursor: () => Promise.reject({ message: secret }),
    };
    beforeAll(async () => {
      server = await start({ seedRecords: 0, rateLimitMax: 100_000, repository: failing as never });
    });
    afterAll(async () => {
      await server?.close();
    });

    it.each([
      ['GET', '/users'],
      ['GET', '/users/cursor'],
      ['GET', '/users/u1'],
      ['DELETE', '/users/u1'],
    ])('answers %s %s with the masked 500 envelope, whatever was thrown', async (method, path) => {
      const response = await fetch(`${server.url}${path}`, { method, headers: { 'x-correlation-id': 'fail-1' } });
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toMatchObject({
        statusCode: 500,
        message: 'Internal server error',
        error: 'Internal server error',
        correlationID: 'fail-1',
      });
      expect(response.headers.get('x-correlation-id')).toBe('fail-1');
      expect(text).not.toContain('hunter2');
      expect(text).not.toMatch(STACK);
    });
  });

  describe(`${name} example rate limiting`, () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await start({ seedRecords: 5, rateLimitMax: 3, rateLimitWindowMs: 60_000 });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers the request after RATE_LIMIT_MAX with 429, the envelope and retry-after', async () => {
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/users`)).status).toBe(200);
      const response = await fetch(`${server.url}/users`, { headers: { 'x-correlation-id': 'limited-1' } });
      const body = (await response.json()) as Envelope;
      expect(response.status).toBe(429);
      expect(body).toMatchObject({
        statusCode: 429,
        message: 'Too Many Requests',
        error: 'Too Many Requests',
        correlationID: 'limited-1',
      });
      expect(typeof body.timestamp).toBe('number');
      expect(response.headers.get('x-correlation-id')).toBe('limited-1');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe(`${name} example shutdown`, () => {
    it('resolves close() while a keep-alive connection is open', async () => {
      const server = await start({ seedRecords: 3 });
      const response = await fetch(`${server.url}/users?limit=1`, { headers: { connection: 'keep-alive' } });
      expect(response.status).toBe(200);
      await response.text();
      await expect(server.close()).resolves.toBeUndefined();
    });
  });
}
