/** The example on a server of its own: on a failing repository (the masked 500), behind its rate limiter, shut down. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchErrorLog } from '../../support/watch-error-log';
import { STACK, type Envelope } from '../envelope';
import type { StartedServer, StartServer } from './example-server';

/**
 * Declares the failing-repository, rate-limiting and shutdown contracts, each starting its own example;
 * `watchErrorLog` watches the logger the example reports its 5xx to.
 */
export function describeServerContract(name: string, start: StartServer, watchErrorLog: WatchErrorLog): void {
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
    ])('answers %s %s with the masked 500 envelope, whatever was thrown, and logs it once', async (method, path) => {
      const log = watchErrorLog();
      try {
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
        // The line names the request, not the secret (which stays with the error logged beside it).
        const lines = log.lines();
        expect(lines).toStrictEqual([
          expect.stringContaining(`${method} ${path} answered 500 (x-correlation-id fail-1)`),
        ]);
        expect(lines.join('\n')).not.toContain('hunter2');
      } finally {
        log.restore();
      }
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
