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

/** The relations of a `link` header (RFC 8288), each to its target as sent; an empty map without the header. */
export function linksOf(header: string | null): Map<string, string> {
  const links = new Map<string, string>();
  for (const match of (header ?? '').matchAll(/<([^>]*)>\s*;\s*rel="([^"]+)"/g)) {
    const [, target = '', rel = ''] = match;
    expect(links.has(rel), `rel="${rel}" appears once`).toBe(false);
    links.set(rel, target);
  }
  // Nothing but well-formed links: every part of the header was read.
  if (header !== null) expect(header.split(/,\s*(?=<)/).length).toBe(links.size);
  return links;
}

/** The link targets a page of `path?query` must carry: the same path and query, only `page` changed (or added). */
export function expectedLinks(path: string, query: string, pages: Record<string, number>): Map<string, string> {
  const parts = query === '' ? [] : query.split('&');
  const at = parts.findIndex((part) => part.split('=')[0] === 'page');
  const target = (page: number) => {
    const next = [...parts];
    if (at === -1) next.push(`page=${page}`);
    else next[at] = `page=${page}`;
    return `${path}?${next.join('&')}`;
  };
  return new Map(Object.entries(pages).map(([rel, page]) => [rel, target(page)]));
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

  describeListGrammar(name, start);
}

/** One demo user as the API answers it (dates as ISO strings). */
type UserJson = Omit<(typeof records)[number], 'createdAt'> & { createdAt: string };
const toJson = (user: (typeof records)[number]): UserJson => ({ ...user, createdAt: user.createdAt.toISOString() });
/** The ids of the seeded users that `keep` holds for, in the default order (id ascending). */
const idsWhere = (keep: (user: (typeof records)[number]) => boolean): string[] =>
  records
    .filter(keep)
    .map((user) => user.id)
    .sort();
/** The `contl` rule of `search` on the demo: username or email contains the text, both sides lower-cased. */
const searched = (text: string) => (user: { username: string; email: string }) =>
  user.username.toLowerCase().includes(text.toLowerCase()) || user.email.toLowerCase().includes(text.toLowerCase());

/**
 * The list grammar over HTTP on a freshly seeded example (the seed is the reference model): `search`, `select`, OR
 * groups and the `link` header of GET /users, and a 400 with the envelope and the request's correlation id for
 * every bad input.
 */
function describeListGrammar(name: string, start: StartServer): void {
  describe(`${name} example: search, select, OR groups and the link header`, () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await start({ seedRecords: SEED, rateLimitMax: 100_000, rateLimitWindowMs: 60_000 });
    });
    afterAll(async () => {
      await server?.close();
    });

    let sent = 0;
    /** GETs `path` with its own correlation id, which the response must echo. */
    const get = async (path: string) => {
      const id = `grammar-${++sent}`;
      const response = await fetch(`${server.url}${path}`, { headers: { 'x-correlation-id': id } });
      const text = await response.text();
      expect(response.headers.get('x-correlation-id'), path).toBe(id);
      expect(text).not.toMatch(STACK);
      return { response, body: JSON.parse(text) as unknown, id };
    };
    /** GETs a page and answers its ids, total and the page itself, after checking the 200. */
    const page = async (path: string) => {
      const { response, body } = await get(path);
      expect([path, response.status]).toStrictEqual([path, 200]);
      const result = body as { items: Record<string, unknown>[]; total: number; totalPages: number };
      return { response, result, ids: result.items.map((item) => item['id'] as string), total: result.total };
    };
    /** Asserts the 400 envelope with the request's correlation id, its messages naming each of `named`. */
    const expectBadRequest = async (query: string, named: readonly string[], path = '/users') => {
      const { response, body, id } = await get(`${path}?${query}`);
      expect([query, response.status]).toStrictEqual([query, 400]);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const envelope = body as Envelope;
      expect(envelope).toMatchObject({ statusCode: 400, error: 'Bad Request', correlationID: id });
      expect(Math.abs(envelope.timestamp - Date.now())).toBeLessThan(60_000);
      const messages = Array.isArray(envelope.message) ? envelope.message : [envelope.message];
      for (const part of named) expect(messages.join('\n')).toContain(part);
    };

    describe('search', () => {
      it.each([
        ['a username syllable', 'ka'],
        ['upper case, matched case-insensitively', 'KA'],
        ['mixed case across both fields', 'Ab'],
        ['a text only the email holds', '7@ex'],
        ['the domain every email holds', 'EXAMPLE.COM'],
        ['a text nothing holds', 'qqq'],
        ['non-ASCII text', 'K\u00e4'],
      ])('matches %s (%s) in the username or the email', async (_label, text) => {
        const { ids, total } = await page(`/users?search=${encodeURIComponent(text)}&limit=100`);
        const expected = idsWhere(searched(text));
        expect(ids).toStrictEqual(expected);
        expect(total).toBe(expected.length);
      });

      it('matches through the email where the username does not hold the text', async () => {
        const { result } = await page(`/users?search=${encodeURIComponent('7@EX')}&select=username,email&limit=100`);
        expect(result.items.length).toBeGreaterThan(0);
        for (const item of result.items) {
          expect(String(item['username']).toLowerCase()).not.toContain('7@ex');
          expect(String(item['email']).toLowerCase()).toContain('7@ex');
        }
      });

      it.each(['%', '_', '%a', 'a_', '\\', '.*', '[a]'])('takes %s as literal text, not a pattern', async (text) => {
        const { ids } = await page(`/users?search=${encodeURIComponent(text)}&limit=100`);
        expect(ids).toStrictEqual(idsWhere(searched(text)));
        expect(ids).toStrictEqual([]);
      });

      it('ANDs the search with the filters and keeps their order and paging', async () => {
        const query = 'search=a&status[eq]=active&age[gte]=30&orderBy=age&orderDirection=DESC&limit=4&page=2';
        const expected = records
          .filter((u) => searched('a')(u) && u.status === 'active' && u.age >= 30)
          .sort((a, b) => b.age - a.age || (a.id < b.id ? -1 : 1));
        const { ids, total } = await page(`/users?${query}`);
        expect(total).toBe(expected.length);
        expect(ids).toStrictEqual(expected.slice(4, 8).map((u) => u.id));
      });

      it('takes a search of exactly 200 characters', async () => {
        const { ids, total } = await page(`/users?search=${'a'.repeat(200)}`);
        expect([ids, total]).toStrictEqual([[], 0]);
      });

      it('walks the cursor route over a search, every match once', async () => {
        const seen: string[] = [];
        let cursor = '';
        for (let i = 0; i < 50; i++) {
          const { response, body } = await get(`/users/cursor?search=KA&limit=3&cursor=${encodeURIComponent(cursor)}`);
          expect(response.status).toBe(200);
          const result = body as { items: { id: string }[]; nextCursor: string | null };
          seen.push(...result.items.map((user) => user.id));
          if (result.nextCursor === null) break;
          cursor = result.nextCursor;
        }
        expect(seen).toStrictEqual(idsWhere(searched('ka')));
      });

      it.each([
        ['an empty search', 'search=', ['search must be 1 to 200 characters']],
        ['201 characters', `search=${'a'.repeat(201)}`, ['search must be 1 to 200 characters']],
        ['201 characters once decoded', `search=${'%41'.repeat(201)}`, ['search must be 1 to 200 characters']],
        ['a repeated search', 'search=a&search=b', ['search must not be repeated']],
        ['a NUL character', 'search=a%00b', ['search must not contain a NUL character']],
        ['a search with a sub-key', 'search[eq]=a', ['search[eq]']],
        ['a search beside a bad filter', 'search=a&age[eq]=x', ['age']],
      ])('answers %s with 400 and the envelope', async (_label, query, named) => {
        await expectBadRequest(query, named);
      });

      it('answers a bad search on the cursor route with 400 too', async () => {
        await expectBadRequest('search=', ['search must be 1 to 200 characters'], '/users/cursor');
      });
    });

    describe('select', () => {
      it.each([
        ['one field', 'username', ['id', 'username']],
        ['two fields, in any order', 'age,email', ['age', 'email', 'id']],
        ['the id alone', 'id', ['id']],
        ['a date field', 'createdAt', ['createdAt', 'id']],
        [
          'every field',
          'id,username,email,status,age,createdAt',
          ['age', 'createdAt', 'email', 'id', 'status', 'username'],
        ],
      ])('answers items holding exactly %s and the id', async (_label, select, keys) => {
        const { result, ids } = await page(`/users?select=${select}&limit=8&page=2`);
        expect(ids).toStrictEqual(idsWhere(() => true).slice(8, 16));
        for (const item of result.items) {
          expect(Object.keys(item).sort()).toStrictEqual(keys);
          const user = records.find((each) => each.id === item['id']);
          expect(user).toBeDefined();
          const seeded = toJson(user as (typeof records)[number]);
          expect(item).toStrictEqual(Object.fromEntries(keys.map((key) => [key, seeded[key as keyof UserJson]])));
        }
        expect(result).toMatchObject({ total: SEED, page: 2, limit: 8, totalPages: 8 });
      });

      it('selects on the cursor route, with filters, search and OR groups', async () => {
        const query = 'select=email&search=a&or[0][status][eq]=banned&or[1][age][lt]=30&limit=100';
        const { response, body } = await get(`/users/cursor?${query}`);
        expect(response.status).toBe(200);
        const items = (body as { items: Record<string, unknown>[] }).items;
        const expected = records
          .filter((u) => searched('a')(u) && (u.status === 'banned' || u.age < 30))
          .sort((a, b) => (a.id < b.id ? -1 : 1));
        expect(items).toStrictEqual(expected.map((u) => ({ id: u.id, email: u.email })));
      });

      it.each([
        ['an empty selection', 'select=', ['select must name at least one field']],
        ['an unknown field', 'select=password', ['select: "password" is not a field']],
        ['an unknown field among known ones', 'select=username,nope', ['select: "nope" is not a field']],
        ['a field given twice', 'select=username,username', ['select: "username" is given twice']],
        ['a repeated parameter', 'select=username&select=email', ['select must not be repeated']],
        ['an empty name in the list', 'select=username,', ['select: "" is not a field']],
        ['__proto__', 'select=__proto__', ['__proto__']],
        ['constructor', 'select=constructor', ['constructor']],
        ['a select with a sub-key', 'select[0]=username', ['select[0]']],
        ['a quoted name', 'select=%22username%22', ['is not a field']],
      ])('answers %s with 400 and the envelope', async (_label, query, named) => {
        await expectBadRequest(query, named);
      });

      it('answers a bad selection on the cursor route with 400 too', async () => {
        await expectBadRequest('select=nope', ['select: "nope" is not a field'], '/users/cursor');
      });
    });

    describe('OR groups', () => {
      const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
      it.each([
        [
          'two one-condition groups',
          'or[0][status][eq]=banned&or[1][age][lt]=25',
          (u: (typeof records)[number]) => u.status === 'banned' || u.age < 25,
        ],
        [
          'groups of several conditions (ANDed inside a group)',
          'or[0][status][eq]=active&or[0][age][gte]=50&or[1][username][startsl]=AB&or[1][age][lt]=40',
          (u: (typeof records)[number]) =>
            (u.status === 'active' && u.age >= 50) || (u.username.toLowerCase().startsWith('ab') && u.age < 40),
        ],
        [
          'groups ANDed with the top-level conditions',
          'age[lt]=40&or[0][status][eq]=banned&or[1][username][cont]=ka',
          (u: (typeof records)[number]) => u.age < 40 && (u.status === 'banned' || u.username.includes('ka')),
        ],
        [
          'the long form inside a group',
          'or[0][status][operator]=eq&or[0][status][value]=inactive&or[1][age][operator]=between&or[1][age][values]=20&or[1][age][values]=30',
          (u: (typeof records)[number]) => u.status === 'inactive' || (u.age >= 20 && u.age <= 30),
        ],
        [
          'list operators inside groups',
          'or[0][status][in]=banned&or[0][status][in]=inactive&or[1][age][notin]=18&or[1][age][notin]=19&or[1][username][excl]=a',
          (u: (typeof records)[number]) =>
            ['banned', 'inactive'].includes(u.status) || (![18, 19].includes(u.age) && !u.username.includes('a')),
        ],
        [
          'groups ANDed with the search',
          'search=ab&or[0][status][eq]=banned&or[1][age][gte]=60',
          (u: (typeof records)[number]) => searched('ab')(u) && (u.status === 'banned' || u.age >= 60),
        ],
        [
          'eight groups',
          Array.from({ length: 8 }, (_, n) => `or[${n}][age][eq]=${20 + n}`).join('&'),
          (u: (typeof records)[number]) => u.age >= 20 && u.age <= 27,
        ],
        [
          'a group that matches nothing beside one that matches all',
          'or[0][username][eq]=nobody&or[1][age][gte]=0',
          () => true,
        ],
      ])('answers %s as the reference filter does', async (_label, query, keep) => {
        const { ids, total } = await page(`/users?${query}&limit=100`);
        const expected = records.filter(keep).sort(byId);
        expect(expected.length, 'the case matches some records').toBeGreaterThan(0);
        expect(ids).toStrictEqual(expected.map((u) => u.id));
        expect(total).toBe(expected.length);
      });

      it('pages an OR query like any filter, sorted as asked', async () => {
        const query = 'or[0][status][eq]=banned&or[1][age][lt]=30&orderBy=age,username&orderDirection=ASC,DESC';
        const expected = records
          .filter((u) => u.status === 'banned' || u.age < 30)
          .sort((a, b) => a.age - b.age || (a.username < b.username ? 1 : a.username > b.username ? -1 : 0));
        const seen: string[] = [];
        for (let n = 1; n <= Math.ceil(expected.length / 6); n++)
          seen.push(...(await page(`/users?${query}&limit=6&page=${n}`)).ids);
        expect(seen).toStrictEqual(expected.map((u) => u.id));
      });

      /** Eight conditions in group `n`, each holding for every record. */
      const eight = (n: number) =>
        [
          `or[${n}][age][gt]=0`,
          `or[${n}][age][gte]=0`,
          `or[${n}][age][lt]=150`,
          `or[${n}][age][lte]=150`,
          `or[${n}][age][ne]=5`,
          `or[${n}][createdAt][gt]=2000-01-01T00:00:00.000Z`,
          `or[${n}][createdAt][lt]=2100-01-01T00:00:00.000Z`,
          `or[${n}][username][ne]=nobody`,
        ].join('&');

      it('takes 32 conditions in all', async () => {
        const { total } = await page(`/users?${[0, 1, 2, 3].map(eight).join('&')}`);
        expect(total).toBe(SEED);
      });

      it.each([
        ['a gap in the group numbers', 'or[0][age][eq]=20&or[2][age][eq]=21', ['or[1] is missing']],
        ['groups not starting at 0', 'or[1][age][eq]=20', ['or[0] is missing']],
        ['a ninth group', 'or[8][age][eq]=20', ['or[8]: OR groups are numbered 0 to 7']],
        ['a huge group number', 'or[99999999999][age][eq]=20', ['OR groups are numbered 0 to 7']],
        ['a negative group number', 'or[-1][age][eq]=20', ['OR groups are numbered 0 to 7']],
        ['a named group', 'or[a][age][eq]=20', ['OR groups are numbered 0 to 7']],
        ['a group number with a leading zero', 'or[00][age][eq]=20', ['OR groups are numbered 0 to 7']],
        ['33 conditions', `${[0, 1, 2, 3].map(eight).join('&')}&or[4][age][eq]=20`, ['at most 32 conditions', '33']],
        ['an operator the field does not take', 'or[0][age][cont]=1', ['or[0][age][cont]', 'age']],
        ['an unknown operator', 'or[0][username][regex]=.*', ['or[0][username][regex]', 'regex']],
        ['an unknown field', 'or[0][password][eq]=x', ['or[0][password]', 'password']],
        ['a field that is not filterable', 'or[0][id][eq]=user-000001', ['or[0][id]', 'is not a filterable field']],
        ['a value that does not coerce', 'or[0][age][eq]=abc', ['or[0][age]']],
        ['a long-form value without an operator', 'or[0][age][value]=20', ['or[0][age]']],
        ['a bare or', 'or=1', ['or']],
        ['or with one bracket', 'or[0]=1', ['or[0]']],
        ['or with two brackets', 'or[0][age]=1', ['or[0][age]']],
        ['or with four brackets', 'or[0][age][eq][x]=1', ['or[0][age][eq][x]']],
        ['a condition the top level already has', 'age[gte]=20&or[0][age][gte]=30', ['repeats the top-level']],
        ['__proto__ as a group field', 'or[0][__proto__][eq]=1', ['__proto__']],
        ['constructor as a group number', 'or[constructor][age][eq]=1', ['constructor']],
        ['a good group beside a bad one', 'or[0][age][eq]=20&or[1][age][eq]=x', ['or[1][age]']],
      ])('answers %s with 400 and the envelope', async (_label, query, named) => {
        await expectBadRequest(query, named);
      });

      it('answers a bad OR group on the cursor route with 400 too', async () => {
        await expectBadRequest('or[0][age][eq]=20&or[2][age][eq]=21', ['or[1] is missing'], '/users/cursor');
      });
    });

    describe('the link header', () => {
      it('links first, next and last on page 1, without prev', async () => {
        const { response } = await page('/users?limit=7');
        expect(linksOf(response.headers.get('link'))).toStrictEqual(
          expectedLinks('/users', 'limit=7', { first: 1, next: 2, last: 9 }),
        );
      });

      it('links first, prev, next and last on a middle page, every other parameter kept as sent', async () => {
        const query = 'status[eq]=active&limit=3&page=2&orderBy=age&orderDirection=DESC';
        const { response, result } = await page(`/users?${query}`);
        expect(result.totalPages).toBeGreaterThan(2);
        expect(linksOf(response.headers.get('link'))).toStrictEqual(
          expectedLinks('/users', query, { first: 1, prev: 1, next: 3, last: result.totalPages }),
        );
      });

      it('links first, prev and last on the last page, without next', async () => {
        const { response } = await page('/users?page=6');
        expect(linksOf(response.headers.get('link'))).toStrictEqual(
          expectedLinks('/users', 'page=6', { first: 1, prev: 5, last: 6 }),
        );
      });

      it('keeps search, select, OR groups and percent-encoding exactly as sent', async () => {
        const query =
          'search=%41b&select=username,email&or[0][status][eq]=banned&or[1][age][lt]=40&username[ne]=a%20b&limit=2&page=2';
        const { response, result } = await page(`/users?${query}`);
        expect(result.totalPages).toBeGreaterThan(2);
        expect(linksOf(response.headers.get('link'))).toStrictEqual(
          expectedLinks('/users', query, { first: 1, prev: 1, next: 3, last: result.totalPages }),
        );
      });

      it('links page 1 as first and last when nothing matches, and prev from past the end to the last page', async () => {
        const empty = await page('/users?username[eq]=nobody');
        expect(linksOf(empty.response.headers.get('link'))).toStrictEqual(
          expectedLinks('/users', 'username[eq]=nobody', { first: 1, last: 1 }),
        );
        const past = await page('/users?page=99&limit=20');
        expect(linksOf(past.response.headers.get('link'))).toStrictEqual(
          expectedLinks('/users', 'page=99&limit=20', { first: 1, prev: 3, last: 3 }),
        );
      });

      it.each([
        ['the whole list', 'limit=7', () => true],
        [
          'a filtered, searched and sorted list',
          'status[ne]=banned&search=a&orderBy=username&limit=4',
          (u: (typeof records)[number]) => u.status !== 'banned' && searched('a')(u),
        ],
        [
          'an OR query',
          'or[0][status][eq]=banned&or[1][age][gte]=50&limit=5',
          (u: (typeof records)[number]) => u.status === 'banned' || u.age >= 50,
        ],
      ])('visits every record of %s exactly once by following next from page 1', async (_label, query, all) => {
        const seen: string[] = [];
        let target: string | undefined = `/users?${query}`;
        let pages = 0;
        for (; target !== undefined && pages < 100; pages++) {
          const { response, ids } = await page(target);
          seen.push(...ids);
          const links = linksOf(response.headers.get('link'));
          expect(links.get('first')).toBe(expectedLinks('/users', query, { first: 1 }).get('first'));
          target = links.get('next');
        }
        const { total } = await page(`/users?${query}`);
        expect(seen).toHaveLength(total);
        expect(new Set(seen).size).toBe(total);
        expect(pages).toBe(Math.max(Math.ceil(total / Number(/limit=(\d+)/.exec(query)?.[1])), 1));
        expect([...seen].sort()).toStrictEqual(idsWhere(all));
      });

      it('leaves the header out when it would be over 4,096 characters, the page still answered', async () => {
        const query = `username[excl]=${'x'.repeat(1000)}&email[excl]=${'y'.repeat(1000)}`;
        const { response, total } = await page(`/users?${query}`);
        expect(total).toBe(SEED);
        expect(response.headers.get('link')).toBeNull();
      });

      it('is sent only by the list route, and the demo sends no x-total-count', async () => {
        const { response } = await page('/users?limit=5');
        expect(response.headers.get('x-total-count')).toBeNull();
        const cursor = await get('/users/cursor?limit=5');
        expect(cursor.response.status).toBe(200);
        expect(cursor.response.headers.get('link')).toBeNull();
        const one = await get('/users/user-000001');
        expect(one.response.headers.get('link')).toBeNull();
      });

      it('is not sent on a 400', async () => {
        const { response } = await get('/users?limit=0');
        expect(response.status).toBe(400);
        expect(response.headers.get('link')).toBeNull();
      });
    });

    describe('search with literal % and _ in the data', () => {
      const created: UserJson[] = [];
      beforeAll(async () => {
        for (const username of ['100%_sure', 'under_score', 'per%cent']) {
          const response = await fetch(`${server.url}/users`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              username,
              email: `${username.replace(/%/g, '')}@example.org`,
              status: 'active',
              age: 40,
            }),
          });
          expect(response.status).toBe(201);
          created.push((await response.json()) as UserJson);
        }
      });

      it.each([
        ['%', ['100%_sure', 'per%cent']],
        ['_', ['100%_sure', 'under_score']],
        ['%_', ['100%_sure']],
        ['R%C', ['per%cent']],
        ['0%_S', ['100%_sure']],
        ['r_s', ['under_score']],
        ['p%t', []],
        ['u_e', []],
      ])('matches %s literally', async (text, usernames) => {
        const { result } = await page(`/users?search=${encodeURIComponent(text)}&select=username&limit=100`);
        const all = [...records.map(toJson), ...created];
        expect(result.items.map((item) => item['username']).sort()).toStrictEqual([...usernames].sort());
        expect(result.items.map((item) => item['id'])).toStrictEqual(
          all
            .filter(searched(text))
            .map((u) => u.id)
            .sort(),
        );
      });
    });
  });
}
