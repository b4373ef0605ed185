/**
 * PagelopeModule.forRoot's reportError over a real socket, on Express and on Fastify: the shared contract, Nest's
 * Logger by default, the filter used alone, the option's checks.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, Get, InternalServerErrorException, Logger, type ModuleMetadata } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { ReportError, ResourceRoutes } from 'pagelope';
import { PagelopeExceptionFilter, PagelopeModule } from 'pagelope/nestjs';
import { describe, expect, it, vi } from 'vitest';
import { describeReportErrorContract, failingRoutes, type ServedApp } from '../report-error-contract';

type Platform = 'express' | 'fastify';

async function start(platform: Platform, metadata: ModuleMetadata): Promise<ServedApp> {
  const root = { module: class ReportTestModule {}, ...metadata };
  const settings = { logger: false, forceCloseConnections: true, bodyParser: false } as const;
  const app =
    platform === 'express'
      ? await NestFactory.create(root, new ExpressAdapter(), settings)
      : await NestFactory.create(root, new FastifyAdapter(), settings);
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

class OwnController {
  own(): never {
    throw new InternalServerErrorException('own route');
  }
}
Controller()(OwnController);
Get('own')(OwnController.prototype, 'own', Object.getOwnPropertyDescriptor(OwnController.prototype, 'own')!);

const serveOn =
  (platform: Platform) =>
  (routes: ResourceRoutes, reportError: ReportError | false | undefined): Promise<ServedApp> =>
    start(platform, {
      imports: [PagelopeModule.forRoot({ routes, ...(reportError === undefined ? {} : { reportError }) })],
      controllers: [OwnController],
    });

for (const platform of ['express', 'fastify'] as const) {
  describeReportErrorContract(`nestjs on ${platform}`, serveOn(platform));

  describe(`nestjs on ${platform}: reportError`, () => {
    it("logs each 5xx once with Nest's Logger by default, with the stack and its causes", async () => {
      const failure: { current: unknown } = { current: new Error('db down', { cause: new Error('ECONNRESET') }) };
      const logged = vi.spyOn(Logger.prototype, 'error');
      const app = await serveOn(platform)(failingRoutes(failure), undefined);
      try {
        const response = await fetch(`${app.url}/items/a`, { headers: { 'x-correlation-id': 'def-1' } });
        expect(response.status).toBe(500);
        await response.arrayBuffer();
        failure.current = undefined;
        const missing = await fetch(`${app.url}/items/a`);
        expect(missing.status).toBe(404);
        await missing.arrayBuffer();
        expect(logged).toHaveBeenCalledTimes(1);
        const [line, trace] = logged.mock.calls[0] ?? [];
        expect(line).toBe('GET /items/a answered 500 (x-correlation-id def-1)');
        expect(trace).toMatch(/^Error: db down\n/);
        expect(trace).toContain('[cause]: Error: ECONNRESET');
      } finally {
        logged.mockRestore();
        await app.close();
      }
    });

    it("reports Nest's own 5xx exceptions thrown by the app's controllers, and nothing with reportError: false", async () => {
      const reportError = vi.fn<ReportError>();
      const app = await serveOn(platform)(failingRoutes({ current: undefined }), reportError);
      const logged = vi.spyOn(Logger.prototype, 'error');
      const silent = await serveOn(platform)(failingRoutes({ current: new Error('db down') }), false);
      try {
        const response = await fetch(`${app.url}/own`, { headers: { 'x-correlation-id': 'own-1' } });
        expect(response.status).toBe(500);
        await response.arrayBuffer();
        expect(reportError).toHaveBeenCalledTimes(1);
        expect(reportError.mock.calls[0]?.[0]).toBeInstanceOf(InternalServerErrorException);
        expect(reportError.mock.calls[0]?.[1]).toStrictEqual({
          correlationId: 'own-1',
          method: 'GET',
          path: '/own',
          statusCode: 500,
        });
        const quiet = await fetch(`${silent.url}/items/a`);
        expect(quiet.status).toBe(500);
        await quiet.arrayBuffer();
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
        await Promise.all([app.close(), silent.close()]);
      }
    });
  });
}

describe('PagelopeExceptionFilter reportError', () => {
  it('takes reportError when used alone, without the module', async () => {
    const reportError = vi.fn<ReportError>();
    const again = await NestFactory.create(
      { module: class AloneModule {}, controllers: [OwnController] },
      new ExpressAdapter(),
      { logger: false, forceCloseConnections: true },
    );
    again.useGlobalFilters(new PagelopeExceptionFilter(again.get(HttpAdapterHost), { reportError }));
    await again.listen(0, '127.0.0.1');
    const { port } = (again.getHttpServer() as Server).address() as AddressInfo;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/own`, { headers: { 'x-correlation-id': 'alone-1' } });
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      expect(reportError.mock.calls[0]?.[1]).toStrictEqual({
        correlationId: 'alone-1',
        method: 'GET',
        path: '/own',
        statusCode: 500,
      });
    } finally {
      await again.close();
    }
  });

  it.each([
    ['a string', 'console'],
    ['true', true],
    ['null', null],
  ])('makes forRoot throw a TypeError for reportError %s', (_label, value) => {
    expect(() =>
      PagelopeModule.forRoot({ routes: failingRoutes({ current: undefined }), reportError: value as never }),
    ).toThrow(new TypeError('PagelopeModule.forRoot: reportError must be a function or false'));
  });
});
