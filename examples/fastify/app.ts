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
  // Slow clients cannot hold a connection: the whole request within 30 s, its headers too; Node's refusals get the
  // envelope (`clientErrorListener`).
  const timeouts = { requestTimeout: 30_000, connectionTimeout: 30_000, http: { headersTimeout: 30_000 } };
  const app = Fastify({ ...timeouts, clientErrorHandler: clientErrorListener() });
  app.register(pagelope, { routes: demo.routes, openapi: demo.openapi });
  // Every request counts, unknown routes included; the rejection goes to pagelope's error handler (the 429 envelope).
  app
    .register(rateLimit, {
      global: false,
      max,
      timeWindow: windowMs,
      errorResponseBuilder: (_request, { ttl }) => tooManyRequests(new Date(Date.now() + ttl), windowMs),
    })
    .after(() => {
      app.addHook('onRequest', app.rateLimit());
    });
  app.get('/audit', async () => demo.audit);
  app.get('/docs*', async (request, reply) => {
    const page = docsPage(request.url);
    return page ? reply.code(page.status).headers(page.headers).send(page.body) : reply.callNotFound();
  });
  return app;
}
