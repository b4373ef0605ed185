import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { PagelopeModule, type PagelopeModuleOptions } from 'pagelope/nestjs';
import { describeOpenApiRoute, type MountWithOpenApi } from '../openapi-route-contract';

/** Mounts the routes with `PagelopeModule` alone on one platform, below Nest's global prefix when given. */
const mountOn =
  (platform: 'express' | 'fastify'): MountWithOpenApi =>
  async (routes, { openapi, prefix }) => {
    const options = { routes, ...(openapi === undefined ? {} : { openapi }) } as PagelopeModuleOptions;
    const root = { module: class TestModule {}, imports: [PagelopeModule.forRoot(options)] };
    const settings = { logger: false, forceCloseConnections: true, bodyParser: false } as const;
    const app =
      platform === 'express'
        ? await NestFactory.create(root, new ExpressAdapter(), settings)
        : await NestFactory.create(root, new FastifyAdapter(), settings);
    if (prefix !== undefined) app.setGlobalPrefix(prefix);
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
  };

// Nest's exception filter answers 404s and 405s on the paths as declared, not below a global prefix (as for the
// resources): only the document's GET moves with the prefix.
describeOpenApiRoute('nestjs on express', mountOn('express'), { prefix: { errorsFollowPrefix: false } });
describeOpenApiRoute('nestjs on fastify', mountOn('fastify'), { prefix: { errorsFollowPrefix: false } });
