/** The Fastify plugin's reportError over a real socket: the shared contract, the request-logger default, checks. */
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ReportError, ResourceRoutes } from 'pagelope';
import { pagelope } from 'pagelope/fastify';
import { describe, expect, it, vi } from 'vitest';
import { describeReportErrorContract, failingRoutes, type ServedApp } from '../report-error-contract';

async function serve(
  routes: ResourceRoutes,
  reportError: ReportError | false | undefined,
  options: FastifyServerOptions = {},
): Promise<ServedApp> {
  const app = Fastify(options);
  await app.register(pagelope, { routes, ...(reportError === undefined ? {} : { reportError }) });
  app.get('/own', async () => {
    throw new Error('own route');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

describeReportErrorContract('fastify plugin', (routes, reportError) => serve(routes, reportError));

/** A logger stream keeping each JSON line Fastify's pino writes. */
function logLines(): { lines: Record<string, any>[]; stream: { write(line: string): void } } {
  const lines: Record<string, any>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, any>) } };
}

describe('pagelope plugin reportError', () => {
  it("logs each 5xx once to the request's logger by default, with the error's stack and cause", async () => {
    const { lines, stream } = logLines();
    const failure: { current: unknown } = { current: new Error('db down', { cause: new Error('ECONNRESET') }) };
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await serve(failingRoutes(failure), undefined, { logger: { level: 'error', stream } });
    try {
      const response = await fetch(`${app.url}/items/a`, { headers: { 'x-correlation-id': 'def-1' } });
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      failure.current = undefined;
      const missing = await fetch(`${app.url}/items/a`);
      expect(missing.status).toBe(404);
      await missing.arrayBuffer();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 50,
        reqId: 'def-1',
        correlationId: 'def-1',
        method: 'GET',
        path: '/items/a',
        statusCode: 500,
        msg: 'GET /items/a answered 500',
        err: { type: 'Error', message: expect.stringContaining('db down') },
      });
      expect(lines[0]?.['err'].stack).toContain('ECONNRESET');
      expect(errorLog).not.toHaveBeenCalled();
    } finally {
      errorLog.mockRestore();
      await app.close();
    }
  });

  it("reports what the app's own routes throw, and falls back to the request's logger when the reporter throws", async () => {
    const { lines, stream } = logLines();
    const reportError = vi.fn<ReportError>(() => {
      throw new Error('reporter down');
    });
    const app = await serve(failingRoutes({ current: undefined }), reportError, { logger: { level: 'error', stream } });
    try {
      const response = await fetch(`${app.url}/own`, { headers: { 'x-correlation-id': 'own-1' } });
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      expect(reportError).toHaveBeenCalledTimes(1);
      expect(reportError.mock.calls[0]?.[1]).toStrictEqual({
        correlationId: 'own-1',
        method: 'GET',
        path: '/own',
        statusCode: 500,
      });
      expect(lines.map((line) => [line['correlationId'], line['err']?.message])).toStrictEqual([
        ['own-1', 'own route'],
      ]);
    } finally {
      await app.close();
    }
  });

  it('logs to console.error by default when the app has no logger (logger: false), and respects a silent one', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bare = await serve(failingRoutes({ current: new Error('db down') }), undefined);
    const { lines, stream } = logLines();
    const silent = await serve(failingRoutes({ current: new Error('db down') }), undefined, {
      logger: { level: 'silent', stream },
    });
    try {
      const response = await fetch(`${bare.url}/items/a`, { headers: { 'x-correlation-id': 'bare-1' } });
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      expect(errorLog).toHaveBeenCalledTimes(1);
      expect(errorLog.mock.calls[0]?.[0]).toBe('pagelope: GET /items/a answered 500 (x-correlation-id bare-1)');
      const quiet = await fetch(`${silent.url}/items/a`);
      expect(quiet.status).toBe(500);
      await quiet.arrayBuffer();
      expect([errorLog.mock.calls.length, lines.length]).toStrictEqual([1, 0]);
    } finally {
      errorLog.mockRestore();
      await Promise.all([bare.close(), silent.close()]);
    }
  });

  it('logs nothing with reportError: false', async () => {
    const { lines, stream } = logLines();
    const app = await serve(failingRoutes({ current: new Error('db down') }), false, {
      logger: { level: 'error', stream },
    });
    try {
      const response = await fetch(`${app.url}/items/a`);
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      expect(lines).toStrictEqual([]);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['a string', 'console'],
    ['true', true],
    ['null', null],
    ['an object', {}],
  ])('makes ready() reject with a TypeError for reportError %s', async (_label, value) => {
    const app = Fastify();
    const routes = failingRoutes({ current: undefined });
    await expect(app.register(pagelope, { routes, reportError: value as never })).rejects.toThrow(
      new TypeError('pagelope: reportError must be a function or false'),
    );
    await app.close();
  });
});
