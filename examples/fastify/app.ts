import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { pagelope } from 'pagelope/fastify';
import { clientErrorListener } from 'pagelope/node';
import { createDemoRoutes, type DemoOptions } from '../shared/demo-routes';
import { docsPage } from '../shared/docs-page';
import { tooManyRequests } from '../shared/too-many-requests';

/** The demo on Fastify 5, not listening (`listen` or `ready`): pagelope's routes, the limiter, `/audit`, `/docs`. */
export function createApp(options: DemoOptions = {}): FastifyInstance {
  const demo = createDemoRoutes(options);
  const { max, windowMs } = demo.rateLimit;
  const { redis, logger } = options;
  // Slow clients cannot hold a connection: the whole request within 30 s, its headers too; Node's refusals get the
  // envelope (`clientErrorListener`).
  const timeouts = { requestTimeout: 30_000, connectionTimeout: 30_000, http: { headersTimeout: 30_000 } };
  const app = Fastify({
    ...timeouts,
    clientErrorHandler: clientErrorListener(),
    ...(options.trustProxy ? { trustProxy: 'loopback' } : {}),
  });
  app.register(pagelope, { routes: demo.routes, openapi: demo.openapi });
  // Every request counts, unknown routes included; the rejection goes to pagelope's error handler (the 429 envelope).
  // With Redis, the counts are shared (`rl:<address>`, as the Express demo keeps them) and a Redis failure lets the
  // request through.
  app
    .register(rateLimit, {
      global: false,
      max,
      timeWindow: windowMs,
      ...(redis ? { redis, nameSpace: 'rl:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, { ttl }) => tooManyRequests(new Date(Date.now() + ttl), windowMs),
    })
    .after(() => {
      app.addHook('onRequest', app.rateLimit());
      // In the request's context: the logger's mixin adds its correlation id.
      if (logger) app.addHook('onResponse', async (request, reply) => void logAnswer(logger, request, reply));
    });
  app.get('/audit', async () => demo.audit);
  app.get('/docs*', async (request, reply) => {
    const page = docsPage(request.url);
    return page ? reply.code(page.status).headers(page.headers).send(page.body) : reply.callNotFound();
  });
  return app;
}

const logAnswer = (
  logger: NonNullable<DemoOptions['logger']>,
  request: { method: string; url: string },
  reply: { statusCode: number },
) => logger.info({ method: request.method, url: request.url, statusCode: reply.statusCode }, 'answered');
