import { describe, expect, it } from 'vitest';
import { listen } from '../../examples/express/listen';
import type { Repository } from 'pagelope';
import type { User } from '../../examples/shared/users';
import { describeHttpContract } from '../contracts/http-contract';

describeHttpContract('express', (options) => listen({ ...options, port: 0 }));

/** A repository whose every method rejects with an internal error carrying a secret. */
const failingRepository = new Proxy({} as Repository<User>, {
  get: () => () => Promise.reject(new Error('connection to db-secret-host:5432 refused')),
});

describe('express example specifics', () => {
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

  it('puts the same correlation id on 405, 404, 413 and 429 responses', async () => {
    const server = await listen({ seedRecords: 3, rateLimitMax: 4 });
    try {
      const cases: [string, RequestInit, number][] = [
        ['/users/cursor', { method: 'POST' }, 405],
        ['/nowhere', {}, 404],
        [
          '/users',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(20_000)}"` },
          413,
        ],
        ['/audit', { method: 'DELETE' }, 405],
        ['/users', {}, 429],
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

  it('answers 405 with the allow header of the path', async () => {
    const server = await listen({ seedRecords: 3 });
    try {
      const response = await fetch(`${server.url}/users/abc`, { method: 'PUT' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, PATCH, DELETE');
      await response.body?.cancel();
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
