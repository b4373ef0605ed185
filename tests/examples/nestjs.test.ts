import { describe, expect, it } from 'vitest';
import type { Repository } from 'pagelope';
import { createApp } from '../../examples/nestjs/app';
import { listen } from '../../examples/nestjs/listen';
import type { User } from '../../examples/shared/users';
import { describeHttpContract } from '../contracts/http-contract';

describeHttpContract('nestjs', (options) => listen({ ...options, port: 0 }));

/** A repository whose every method rejects with an internal error carrying a secret. */
const failingRepository = new Proxy({} as Repository<User>, {
  get: () => () => Promise.reject(new Error('connection to db-secret-host:5432 refused')),
});

describe('nestjs example specifics', () => {
  it('returns an initialised app that is not listening', async () => {
    const app = await createApp({ seedRecords: 1 });
    try {
      expect(app.getHttpServer().listening).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('answers an unexpected throw with 500, the masked message and no stack', async () => {
    const server = await listen({ repository: failingRepository, rateLimitMax: 100 });
    try {
      const response = await fetch(`${server.url}/users/some-id`, { headers: { 'x-correlation-id': 'boom-1' } });
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(response.headers.get('x-correlation-id')).toBe('boom-1');
      expect(JSON.parse(text)).toMatchObject({
        statusCode: 500,
        message: 'Internal server error',
        correlationID: 'boom-1',
      });
      expect(text).not.toContain('db-secret-host');
      expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
    } finally {
      await server.close();
    }
  });

  it('puts the same correlation id on 405, 404, 400, 413 and 429 responses', async () => {
    const server = await listen({ seedRecords: 3, rateLimitMax: 3 });
    try {
      const json = { 'content-type': 'application/json' };
      const cases: [string, RequestInit, number][] = [
        ['/users/cursor', { method: 'POST' }, 405],
        ['/', {}, 404],
        ['/users', { method: 'POST', headers: json, body: '{"username": ' }, 400],
        ['/users', { method: 'POST', headers: json, body: `"${'x'.repeat(20_000)}"` }, 413],
        ['/audit', { method: 'DELETE' }, 405],
        ['/nowhere/at/all', {}, 429],
      ];
      for (const [path, init, status] of cases) {
        const id = `trace-${status}-${path.length}`;
        const response = await fetch(`${server.url}${path}`, {
          ...init,
          headers: { ...init.headers, 'x-correlation-id': id },
        });
        const body = (await response.json()) as { statusCode: number; correlationID: string };
        expect([path, response.status]).toEqual([path, status]);
        expect(body).toMatchObject({ statusCode: status, correlationID: id });
        expect(response.headers.get('x-correlation-id')).toBe(id);
      }
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

  it('answers 405 with the allow header of the matched path', async () => {
    const server = await listen({ seedRecords: 3 });
    try {
      const cases: [string, string][] = [
        ['/users', 'GET, POST'],
        ['/users/cursor', 'GET'],
        ['/users/abc', 'GET, PATCH, DELETE'],
        ['/audit', 'GET'],
      ];
      for (const [path, allow] of cases) {
        const response = await fetch(`${server.url}${path}`, { method: 'PUT' });
        expect([path, response.status, response.headers.get('allow')]).toEqual([path, 405, allow]);
        await response.body?.cancel();
      }
    } finally {
      await server.close();
    }
  });

  it('resolves close() while a keep-alive connection is open', async () => {
    const server = await listen({ seedRecords: 3 });
    const response = await fetch(`${server.url}/users?limit=1`, { headers: { connection: 'keep-alive' } });
    expect(response.status).toBe(200);
    await response.text();
    await expect(server.close()).resolves.toBeUndefined();
  });
});
