/**
 * onError's and nodeErrorHandler's reportError over a real socket: the shared contract, the console.error default, a
 * non-Error thrown below correlationId(), a failure escaping the app, the option's checks.
 */
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer, type RequestListener } from 'node:http';
import { type ReportError, type ResourceRoutes, HttpError } from 'pagelope';
import { correlationId, nodeErrorHandler, notFound, onError, resourceRoutes } from 'pagelope/hono';
import { describe, expect, it, vi } from 'vitest';
import { describeReportErrorContract, failingRoutes, type ServedApp } from '../report-error-contract';
import { listenOnLoopback } from '../../support/listen-on-loopback';

async function serveListener(listener: RequestListener): Promise<ServedApp> {
  const server = createServer(listener);
  return listenOnLoopback(server);
}

function serve(routes: ResourceRoutes, reportError: ReportError | false | undefined): Promise<ServedApp> {
  const app = new Hono();
  app.use(correlationId());
  app.route('/', resourceRoutes(routes));
  app.onError(reportError === undefined ? onError : onError({ reportError }));
  app.notFound(notFound);
  return serveListener(getRequestListener(app.fetch, { errorHandler: nodeErrorHandler({ reportError: false }) }));
}

describeReportErrorContract('hono onError', serve);

describe('onError reportError', () => {
  it('logs each 5xx once to console.error by default (passed as it is, or called without options)', async () => {
    for (const handler of [onError, onError(), onError({})]) {
      const thrown = new Error('db down', { cause: new Error('ECONNRESET') });
      const failure: { current: unknown } = { current: thrown };
      const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const app = new Hono().use(correlationId());
      app.route('/', resourceRoutes(failingRoutes(failure)));
      app.onError(handler).notFound(notFound);
      const served = await serveListener(getRequestListener(app.fetch));
      try {
        const response = await fetch(`${served.url}/items/a`, { headers: { 'x-correlation-id': 'def-1' } });
        expect(response.status).toBe(500);
        await response.arrayBuffer();
        const missing = await fetch(`${served.url}/nowhere`);
        expect(missing.status).toBe(404);
        await missing.arrayBuffer();
        expect(errorLog.mock.calls).toStrictEqual([
          ['pagelope: GET /items/a answered 500 (x-correlation-id def-1)', thrown],
        ]);
      } finally {
        errorLog.mockRestore();
        await served.close();
      }
    }
  });

  it('reports a value that is not an Error, thrown by an own route below correlationId(), as an Error whose cause it is', async () => {
    const reportError = vi.fn<ReportError>();
    const value = { secret: 'not an Error' };
    const app = new Hono().use(correlationId());
    app.get('/own', () => {
      throw value;
    });
    app.get('/error', () => {
      throw new RangeError('own');
    });
    app.onError(onError({ reportError })).notFound(notFound);
    const served = await serveListener(getRequestListener(app.fetch));
    try {
      const response = await fetch(`${served.url}/own`, { headers: { 'x-correlation-id': 'own-1' } });
      const text = await response.text();
      expect([response.status, response.headers.get('x-correlation-id')]).toStrictEqual([500, 'own-1']);
      expect(text).not.toContain('secret');
      const other = await fetch(`${served.url}/error`, { headers: { 'x-correlation-id': 'own-2' } });
      expect(other.status).toBe(500);
      await other.arrayBuffer();
      expect(reportError).toHaveBeenCalledTimes(2);
      const [wrapped, info] = reportError.mock.calls[0] ?? [];
      expect(wrapped).toBeInstanceOf(Error);
      expect((wrapped as Error).cause).toBe(value);
      expect(info).toStrictEqual({ correlationId: 'own-1', method: 'GET', path: '/own', statusCode: 500 });
      expect(reportError.mock.calls[1]?.[1]).toMatchObject({ correlationId: 'own-2', path: '/error' });
      expect(reportError.mock.calls[1]?.[0]).toBeInstanceOf(RangeError);
    } finally {
      await served.close();
    }
  });

  it('does not report the 429 a limiter answers through onError', async () => {
    const reportError = vi.fn<ReportError>();
    const handler = onError({ reportError });
    const app = new Hono();
    app.get('/', (c) => handler(new HttpError(429), c));
    const response = await app.request('/');
    expect(response.status).toBe(429);
    expect(reportError).not.toHaveBeenCalled();
  });

  it.each([
    ['a string', { reportError: 'console' }, 'onError: reportError must be a function or false'],
    ['true', { reportError: true }, 'onError: reportError must be a function or false'],
    ['null options', null, 'onError: options must be an object'],
    ['string options', 'x', 'onError: options must be an object'],
  ])('throws a TypeError for %s', (_label, options, message) => {
    expect(() => onError(options as never)).toThrow(new TypeError(message));
  });
});

describe('nodeErrorHandler reportError', () => {
  /** An app whose /escape route throws a value that is not an Error, with no correlationId(): its fetch rejects. */
  function escapingApp(): Hono {
    const app = new Hono();
    app.get('/escape', () => {
      throw 'escaped';
    });
    return app;
  }

  it("reports a failure escaping the app once, with the envelope's correlation id and no request", async () => {
    const reportError = vi.fn<ReportError>();
    const served = await serveListener(
      getRequestListener(escapingApp().fetch, { errorHandler: nodeErrorHandler({ reportError }) }),
    );
    try {
      const response = await fetch(`${served.url}/escape`);
      const body = (await response.json()) as { correlationID: string };
      expect(response.status).toBe(500);
      expect(response.headers.get('x-correlation-id')).toBe(body.correlationID);
      expect(reportError.mock.calls).toStrictEqual([
        ['escaped', { correlationId: body.correlationID, method: undefined, path: undefined, statusCode: 500 }],
      ]);
    } finally {
      await served.close();
    }
  });

  it('reports with console.error when passed as it is, and not at all with reportError: false', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = nodeErrorHandler(new Error('escaped'));
      expect(response.status).toBe(500);
      expect(errorLog).toHaveBeenCalledTimes(1);
      expect(errorLog.mock.calls[0]?.[0]).toMatch(/^pagelope: answered 500 \(x-correlation-id [0-9a-f-]{36}\)$/);
      errorLog.mockClear();
      expect(nodeErrorHandler({ reportError: false })(new Error('escaped')).status).toBe(500);
      expect(errorLog).not.toHaveBeenCalled();
    } finally {
      errorLog.mockRestore();
    }
  });

  it.each([
    ['an Error', new Error('x')],
    ['an empty object', {}],
    ['an object with another key', { report: false }],
    [
      'a class instance with reportError',
      Object.assign(Object.create({ custom: true }) as object, { reportError: false }),
    ],
  ])('answers %s as a failure, not as options', async (_label, value) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = nodeErrorHandler(value);
      expect(response).toBeInstanceOf(Response);
      expect(response.status).toBe(500);
      await response.arrayBuffer();
    } finally {
      errorLog.mockRestore();
    }
  });

  it('does not report the 400 of a request @hono/node-server refused', () => {
    const reportError = vi.fn<ReportError>();
    const refused = Object.assign(new Error('Backslash in request path'), { name: 'RequestError' });
    expect(nodeErrorHandler({ reportError })(refused).status).toBe(400);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('throws a TypeError for a reportError that is neither a function nor false', () => {
    expect(() => nodeErrorHandler({ reportError: 'console' } as never)).toThrow(
      new TypeError('nodeErrorHandler: reportError must be a function or false'),
    );
  });
});
