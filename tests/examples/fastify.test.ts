import { describe, expect, it } from 'vitest';
import { createApp } from '../../examples/fastify/app';
import { listen, type RunningServer } from '../../examples/fastify/listen';
import { describeHttpContract, expectCorrelatedErrors } from '../contracts/http-contract';
import { describeOpenApiConformance } from '../contracts/openapi-conformance';
import { watchConsoleError } from '../support/watch-error-log';

describeHttpContract('fastify', (options) => listen({ ...options, port: 0 }), watchConsoleError);

interface Envelope {
  statusCode: number;
  message: string | string[];
  error: string;
  correlationID: string;
}

const STACK = /\bat .+\.(ts|js):\d+/;

async function withServer(options: Parameters<typeof listen>[0], run: (server: RunningServer) => Promise<void>) {
  const server = await listen(options);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

async function envelopeOf(response: Response, status: number, id: string): Promise<Envelope> {
  const text = await response.text();
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('x-correlation-id')).toBe(id);
  expect(text).not.toMatch(STACK);
  const body = JSON.parse(text) as Envelope;
  expect(body).toMatchObject({ statusCode: status, correlationID: id });
  return body;
}

describe('fastify example specifics', () => {
  it('puts the same correlation id on 405, 404, 413 and 429 responses, counting each against the limit', async () => {
    await withServer({ seedRecords: 3, rateLimitMax: 4 }, (server) =>
      expectCorrelatedErrors(server.url, [
        ['/users/cursor', { method: 'POST' }, 405],
        ['/nowhere', {}, 404],
        [
          '/users',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(20_000)}"` },
          413,
        ],
        ['/audit', { method: 'DELETE' }, 404],
        ['/users', {}, 429],
        ['/nowhere', {}, 429],
      ]),
    );
  });

  it('sends retry-after as the seconds left in the window', async () => {
    await withServer({ seedRecords: 3, rateLimitMax: 1, rateLimitWindowMs: 5_000 }, async (server) => {
      await (await fetch(`${server.url}/users`)).body?.cancel();
      const response = await fetch(`${server.url}/users`, { headers: { 'x-correlation-id': 'limited-2' } });
      const body = await envelopeOf(response, 429, 'limited-2');
      expect(body).toMatchObject({ message: 'Too Many Requests', error: 'Too Many Requests' });
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(5);
    });
  });

  it.each([
    ['a malformed path (frameworkErrors)', '/users/%E0%A4%A', {}, 400],
    ['an id over maxParamLength (frameworkErrors)', `/users/${'a'.repeat(150)}`, {}, 414],
    ['malformed percent-encoding in the query', '/users?limit=%E0%A4%A', {}, 400],
    ['an empty JSON body', '/users', { method: 'POST', headers: { 'content-type': 'application/json' } }, 400],
    [
      'a constructor.prototype key',
      '/users',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"constructor":{"prototype":{"admin":true}},"username":"c"}',
      },
      400,
    ],
  ] as [string, string, RequestInit, number][])('answers %s with the envelope', async (_name, path, init, status) => {
    await withServer({ seedRecords: 3 }, async (server) => {
      const response = await fetch(`${server.url}${path}`, {
        ...init,
        headers: { ...init.headers, 'x-correlation-id': 'edge-1' },
      });
      expect((await envelopeOf(response, status, 'edge-1')).error).toBe(
        status === 414 ? 'URI Too Long' : 'Bad Request',
      );
    });
  });

  it('answers HEAD on a GET route with 200', async () => {
    await withServer({ seedRecords: 3 }, async (server) => {
      const head = await fetch(`${server.url}/users/cursor`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('sets 30 s request, header and idle timeouts on the server', async () => {
    const app = createApp({ seedRecords: 1 });
    try {
      await app.ready();
      const { requestTimeout, headersTimeout, timeout } = app.server;
      expect({ requestTimeout, headersTimeout, timeout }).toStrictEqual({
        requestTimeout: 30_000,
        headersTimeout: 30_000,
        timeout: 30_000,
      });
    } finally {
      await app.close();
    }
  });

  it('answers /audit as an own route: its log as JSON, another method with the 404 envelope', async () => {
    await withServer({ seedRecords: 3 }, async (server) => {
      const audit = await fetch(`${server.url}/audit`, { headers: { 'x-correlation-id': 'audit-1' } });
      expect([audit.status, audit.headers.get('x-correlation-id'), await audit.json()]).toStrictEqual([
        200,
        'audit-1',
        [],
      ]);
      const other = await fetch(`${server.url}/audit`, { method: 'POST', headers: { 'x-correlation-id': 'audit-2' } });
      expect((await envelopeOf(other, 404, 'audit-2')).message).toBe('Cannot POST /audit');
    });
  });

  it('returns an app that is not listening and answers injected requests', async () => {
    const app = createApp({ seedRecords: 3 });
    try {
      const response = await app.inject({ url: '/users?limit=2', headers: { 'x-correlation-id': 'inject-1' } });
      expect(app.server.listening).toBe(false);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-correlation-id']).toBe('inject-1');
      expect(response.json()).toMatchObject({ total: 3, limit: 2, page: 1 });
    } finally {
      await app.close();
    }
  });
});

describeOpenApiConformance('fastify', (options) => listen({ ...options, port: 0 }), watchConsoleError);
