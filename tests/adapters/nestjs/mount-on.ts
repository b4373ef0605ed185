/** How the nestjs tests mount a Nest app on each platform (tests/adapters/nestjs/http*.test.ts). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication, ModuleMetadata, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { PagelopeModule } from 'pagelope/nestjs';
import type { MountAdapter } from '../../contracts/adapter-contract';

export type Platform = 'express' | 'fastify';
export const PLATFORMS: readonly Platform[] = ['express', 'fastify'];

/** Creates a Nest app from `metadata` on one platform, listening on 127.0.0.1 port 0. */
export async function start(
  platform: Platform,
  metadata: ModuleMetadata,
  options: NestApplicationOptions = { bodyParser: false },
  setup: (app: INestApplication) => void = () => undefined,
): Promise<{ url: string; app: INestApplication; close(): Promise<void> }> {
  const root = { module: class TestModule {}, ...metadata };
  const settings = { logger: false, forceCloseConnections: true, ...options } as const;
  const app =
    platform === 'express'
      ? await NestFactory.create(root, new ExpressAdapter(), settings)
      : await NestFactory.create(root, new FastifyAdapter(), settings);
  setup(app);
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/**
 * Mounts the routes with `PagelopeModule` alone on one platform, `x-tenant` as the tenant of `locals`, below Nest's
 * global prefix when given.
 */
export const mountOn =
  (platform: Platform): MountAdapter =>
  async (routes, { bodyLimit, depthLimit, prefix, reportError }) => {
    const module = PagelopeModule.forRoot({
      routes,
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      ...(depthLimit === undefined ? {} : { depthLimit }),
      ...(reportError === undefined ? {} : { reportError }),
      locals: (request: { headers: Record<string, string | string[] | undefined> }) => {
        const tenant = request.headers['x-tenant'];
        return { tenant: typeof tenant === 'string' ? tenant : undefined };
      },
    });
    return start(platform, { imports: [module] }, undefined, (app) => {
      if (prefix !== undefined) app.setGlobalPrefix(prefix);
    });
  };
