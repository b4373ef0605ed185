import { Logger } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../examples/nestjs/app';
import { listen } from '../../examples/nestjs/listen';
import { describeHttpContract, expectCorrelatedErrors } from '../contracts/http-contract';
import { describeOpenApiConformance } from '../contracts/openapi-conformance';
import { watching, type WatchErrorLog } from '../support/watch-error-log';

/** Nest's `Logger`, where PagelopeModule's filter reports each 5xx by default (the example keeps its errors). */
const watchNestLogger: WatchErrorLog = () =>
  watching(vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));

describeHttpContract('nestjs', (options) => listen({ ...options, port: 0 }), watchNestLogger);
describeHttpContract(
  'nestjs on fastify',
  (options) => listen({ ...options, port: 0 }, new FastifyAdapter()),
  watchNestLogger,
);

describe.each([
  ['express', () => undefined],
  ['fastify', () => new FastifyAdapter()],
])('nestjs example specifics on %s', (_platform, adapter) => {
  it('returns an initialised app that is not listening', async () => {
    const app = await createApp({ seedRecords: 1 }, adapter());
    try {
      expect(app.getHttpServer().listening).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('puts the same correlation id on 405, 404, 400, 413, 415 and 429 responses', async () => {
    // The guards, the throttler's among them, run on every method of a route path: the 405 is counted too.
    const server = await listen({ seedRecords: 3, rateLimitMax: 3 }, adapter());
    try {
      const json = { 'content-type': 'application/json' };
      await expectCorrelatedErrors(server.url, [
        ['/users/cursor', { method: 'POST' }, 405],
        ['/audit', { method: 'DELETE' }, 404],
        ['/', {}, 404],
        ['/users', { method: 'POST', headers: json, body: '{"username": ' }, 400],
        // The demo's batch routes read larger bodies, so the module's parser reads up to their limit and POST /users
        // refuses this body in its handler, after the limiter counted it (as it counts the 405 and the 415): the budget
        // of three.
        ['/users', { method: 'POST', headers: json, body: `"${'x'.repeat(20_000)}"` }, 413],
        ['/users', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }, 415],
        ['/users/cursor', {}, 429],
      ]);
    } finally {
      await server.close();
    }
  });

  it('counts one rate-limit budget per client across routes, the own ones included, and answers 429 with retry-after', async () => {
    const server = await listen({ seedRecords: 3, rateLimitMax: 2, rateLimitWindowMs: 30_000 }, adapter());
    try {
      expect((await fetch(`${server.url}/users`)).status).toBe(200);
      expect((await fetch(`${server.url}/audit`)).status).toBe(200);
      const response = await fetch(`${server.url}/users/cursor`);
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(await response.json()).toMatchObject({ statusCode: 429, message: 'Too Many Requests' });
    } finally {
      await server.close();
    }
  });

  it('answers GET /audit as an own route, with the correlation id of the request', async () => {
    const server = await listen({ seedRecords: 3 }, adapter());
    try {
      const response = await fetch(`${server.url}/audit`, { headers: { 'x-correlation-id': 'audit-1' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-correlation-id')).toBe('audit-1');
      expect(await response.json()).toStrictEqual([]);
    } finally {
      await server.close();
    }
  });

  it('sets request and header timeouts of 30 s on the server', async () => {
    const app = await createApp({ seedRecords: 1 }, adapter());
    try {
      const server = app.getHttpServer() as { requestTimeout: number; headersTimeout: number };
      expect([server.requestTimeout, server.headersTimeout]).toStrictEqual([30_000, 30_000]);
    } finally {
      await app.close();
    }
  });
});

describeOpenApiConformance('nestjs', (options) => listen({ ...options, port: 0 }), watchNestLogger);
describeOpenApiConformance(
  'nestjs on fastify',
  (options) => listen({ ...options, port: 0 }, new FastifyAdapter()),
  watchNestLogger,
);
