import type { Server } from 'node:http';
import type { INestApplication, NestApplicationOptions } from '@nestjs/common';
import { APP_GUARD, NestFactory, type AbstractHttpAdapter } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { PagelopeModule } from 'pagelope/nestjs';
import { clientErrorListener } from 'pagelope/node';
import { createDemoRoutes, type DemoOptions } from '../shared/demo-routes';
import { auditController } from './audit-controller';
import { docsController } from './docs-controller';

/** The demo as a NestJS 11 app, initialised but not listening: on Express, or on the adapter given (Fastify). */
export async function createApp(options: DemoOptions = {}, adapter?: AbstractHttpAdapter): Promise<INestApplication> {
  const { routes, openapi, audit, rateLimit } = createDemoRoutes(options);
  // One budget per client for the whole API, not one per route; the throttler's 429 becomes the envelope.
  const throttler = { ttl: rateLimit.windowMs, limit: rateLimit.max, generateKey: (_: unknown, ip: string) => ip };
  const module = {
    module: class DemoModule {},
    imports: [PagelopeModule.forRoot({ routes, openapi }), ThrottlerModule.forRoot([throttler])],
    controllers: [auditController(audit), docsController()],
    providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
  };
  // bodyParser: false, so that pagelope parses JSON bodies (its limit, its messages), not Nest.
  const settings: NestApplicationOptions = { bodyParser: false, forceCloseConnections: true, logger: ['error'] };
  const app = await (adapter ? NestFactory.create(module, adapter, settings) : NestFactory.create(module, settings));
  const server = app.getHttpServer() as Server;
  Object.assign(server, { requestTimeout: 30_000, headersTimeout: 30_000 });
  server.removeAllListeners('clientError').on('clientError', clientErrorListener()); // Fastify's own one replaced
  return app.init();
}
