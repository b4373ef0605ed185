import { describe, expect, it } from 'vitest';
import type { Repository } from 'pagelope';
import { listen } from '../../examples/hono/listen';
import type { User } from '../../examples/shared/users';
import { describeHttpContract, expectCorrelatedErrors } from '../contracts/http-contract';
import { describeOpenApiConformance } from '../contracts/openapi-conformance';
import { watchConsoleError } from '../support/watch-error-log';

describeHttpContract('hono', (options) => listen({ ...options, port: 0 }), watchConsoleError);

/** A request body sent with `transfer-encoding: chunked` (no content-length), in 1 KiB chunks. */
const chunked = (text: string): RequestInit & { duplex: 'half' } => {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 1024) controller.enqueue(bytes.subarray(at, at + 1024));
      controller.close();
    },
  });
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' };
};

describe('hono example specifics', () => {
  it("answers a rejection that is not an Error (which Hono's onError skips) with the 500 envelope, logged once", async () => {
    const rejectsString = new Proxy({} as Repository<User>, { get: () => () => Promise.reject('db-secret-string') });
    const server = await listen({ repository: rejectsString });
    const log = watchConsoleError();
    try {
      const response = await fetch(`${server.url}/users/some-id`, { headers: { 'x-correlation-id': 'boom-2' } });
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(response.headers.get('x-correlation-id')).toBe('boom-2');
      expect(JSON.parse(text)).toMatchObject({
        statusCode: 500,
        message: 'Internal server error',
        correlationID: 'boom-2',
      });
      expect(text).not.toContain('db-secret-string');
      expect(log.lines()).toStrictEqual(['pagelope: GET /users/some-id answered 500 (x-correlation-id boom-2)']);
    } finally {
      log.restore();
      await server.close();
    }
  });

  it('puts the same correlation id on 405, 404, 400, 413 and 429 responses (another method on the own route /audit: 404)', async () => {
    const server = await listen({ seedRecords: 3, rateLimitMax: 6 });
    try {
      const json = { 'content-type': 'application/json' };
      await expectCorrelatedErrors(server.url, [
        ['/users/cursor', { method: 'PATCH', headers: json, body: '{}' }, 405],
        ['/nowhere', {}, 404],
        ['/users', { method: 'POST', headers: json, body: '{"username": ' }, 400],
        ['/users', { method: 'POST', headers: json, body: `"${'x'.repeat(20_000)}"` }, 413],
        ['/users', chunked(`"${'x'.repeat(20_000)}"`), 413],
        ['/audit', { method: 'DELETE' }, 404],
        ['/users', {}, 429],
      ]);
    } finally {
      await server.close();
    }
  });

  it('accepts a chunked body under the limit', async () => {
    const server = await listen({ seedRecords: 3 });
    try {
      const user = { username: 'chunky', email: 'chunky@example.com', status: 'active', age: 41 };
      const response = await fetch(`${server.url}/users`, chunked(JSON.stringify(user)));
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject(user);
    } finally {
      await server.close();
    }
  });

  it('answers 429 with retry-after within the window', async () => {
    const server = await listen({ seedRecords: 3, rateLimitMax: 1, rateLimitWindowMs: 30_000 });
    try {
      expect((await fetch(`${server.url}/users/abc`, { method: 'POST' })).status).toBe(405);
      const limited = await fetch(`${server.url}/users`);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
      await limited.body?.cancel();
    } finally {
      await server.close();
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const server = await listen({ seedRecords: 3 });
    try {
      const response = await fetch(`${server.url}/users?limit=1`, {
        method: 'HEAD',
        headers: { 'x-correlation-id': 'head-1' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-correlation-id')).toBe('head-1');
      expect(await response.text()).toBe('');
    } finally {
      await server.close();
    }
  });
});

describeOpenApiConformance('hono', (options) => listen({ ...options, port: 0 }), watchConsoleError);
