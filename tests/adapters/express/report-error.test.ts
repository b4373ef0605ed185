/** errorHandler's reportError over a real socket: the shared contract, the console.error default, the option's checks. */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import express from 'express';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import type { ReportError, ResourceRoutes } from 'pagelope';
import { describe, expect, it, vi } from 'vitest';
import { describeReportErrorContract, failingRoutes, type ServedApp } from '../report-error-contract';
import { listenOnLoopback } from '../../support/listen-on-loopback';

async function serve(routes: ResourceRoutes, reportError: ReportError | false | undefined): Promise<ServedApp> {
  const app = express();
  app.use(correlationId(), resourceRouter(routes), notFound());
  app.use(errorHandler(reportError === undefined ? undefined : { reportError }));
  const server = createServer(app);
  return listenOnLoopback(server);
}

describeReportErrorContract('express errorHandler', serve);

describe('errorHandler reportError default', () => {
  it('logs each 5xx once to console.error, with the correlation id, the request and the original error', async () => {
    const thrown = new Error('db down', { cause: new Error('ECONNRESET') });
    const failure: { current: unknown } = { current: thrown };
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await serve(failingRoutes(failure), undefined);
    try {
      const response = await fetch(`${app.url}/items/a`, { headers: { 'x-correlation-id': 'def-1' } });
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      failure.current = undefined;
      const missing = await fetch(`${app.url}/items/a`);
      expect(missing.status).toBe(404);
      await missing.arrayBuffer();
      expect(errorLog).toHaveBeenCalledTimes(1);
      const [line, error] = errorLog.mock.calls[0] ?? [];
      expect(line).toBe('pagelope: GET /items/a answered 500 (x-correlation-id def-1)');
      expect(error).toBe(thrown);
    } finally {
      errorLog.mockRestore();
      await app.close();
    }
  });

  it('reports what an own route throws too, and a rejection passed to next', async () => {
    const reportError = vi.fn<ReportError>();
    const thrown = new Error('own route');
    const app = express();
    app.use(correlationId());
    app.get('/own', () => {
      throw thrown;
    });
    app.get('/next', (_req, _res, next) => {
      next(thrown);
    });
    app.use(notFound(), errorHandler({ reportError }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ['/own', '/next']) {
        const response = await fetch(url + path, { headers: { 'x-correlation-id': `own${path.replace('/', '-')}` } });
        expect(response.status).toBe(500);
        await response.arrayBuffer();
      }
      expect(reportError.mock.calls).toStrictEqual([
        [thrown, { correlationId: 'own-own', method: 'GET', path: '/own', statusCode: 500 }],
        [thrown, { correlationId: 'own-next', method: 'GET', path: '/next', statusCode: 500 }],
      ]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it.each([
    ['a string', 'console'],
    ['true', true],
    ['null', null],
    ['an object', {}],
  ])('throws a TypeError for reportError %s', (_label, value) => {
    expect(() => errorHandler({ reportError: value as never })).toThrow(
      new TypeError('errorHandler: reportError must be a function or false'),
    );
  });

  it('throws a TypeError for options that are not an object', () => {
    expect(() => errorHandler(null as never)).toThrow(TypeError);
  });
});
