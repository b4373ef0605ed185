import { describe, expect, it } from 'vitest';
import { createApp } from '../../examples/nestjs/app';
import { listen } from '../../examples/nestjs/listen';
import { describeHttpContract, expectCorrelatedErrors } from '../contracts/http-contract';

describeHttpContract('nestjs', (options) => listen({ ...options, port: 0 }));

describe('nestjs example specifics', () => {
  it('returns an initialised app that is not listening', async () => {
    const app = await createApp({ seedRecords: 1 });
    try {
      expect(app.getHttpServer().listening).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('puts the same correlation id on 405, 404, 400, 413 and 429 responses', async () => {
    const server = await listen({ seedRecords: 3, rateLimitMax: 3 });
    try {
      const json = { 'content-type': 'application/json' };
      await expectCorrelatedErrors(server.url, [
        ['/users/cursor', { method: 'POST' }, 405],
        ['/', {}, 404],
        ['/users', { method: 'POST', headers: json, body: '{"username": ' }, 400],
        ['/users', { method: 'POST', headers: json, body: `"${'x'.repeat(20_000)}"` }, 413],
        ['/audit', { method: 'DELETE' }, 405],
        ['/nowhere/at/all', {}, 429],
      ]);
    } finally {
      await server.close();
    }
  });

  it('counts one rate-limit budget per client across routes, and answers 429 with retry-after', async () => {
    const server = await listen({ seedRecords: 3, rateLimitMax: 2, rateLimitWindowMs: 30_000 });
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
});
