import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { pagelope } from 'pagelope/fastify';
import { clientErrorListener } from 'pagelope/node';
import { tooManyRequests } from '../shared/too-many-requests';
import { createInstanceRoutes, type InstanceOptions } from './instance-routes';

/**
 * The demo's `users` routes as one Fastify 5 instance behind a balancer on loopback, not listening: the client's
 * address from `x-forwarded-for`, the limiter's counts in the shared Redis, a log line per response.
 */
export function createFastifyInstance(options: InstanceOptions): FastifyInstance {
  const { routes, openapi, rateLimit: limits } = createInstanceRoutes(options);
  const { redis, logger } = options;
  const timeouts = { requestTimeout: 30_000, connectionTimeout: 30_000, http: { headersTimeout: 30_000 } };
  const app = Fastify({ ...timeouts, clientErrorHandler: clientErrorListener(), trustProxy: 'loopback' });
  app.register(pagelope, { routes, openapi });
  // The counts under `rl:<address>`, as the Express instances keep them; a Redis failure lets the request through.
  app
    .register(rateLimit, {
      global: false,
      max: limits.max,
      timeWindow: limits.windowMs,
      redis,
      nameSpace: 'rl:',
      skipOnError: true,
      errorResponseBuilder: (_request, { ttl }) => tooManyRequests(new Date(Date.now() + ttl), limits.windowMs),
    })
    .after(() => {
      app.addHook('onRequest', app.rateLimit());
      // In the request's context: the logger's mixin adds its correlation id.
      app.addHook('onResponse', async (request, reply) => {
        logger.info({ method: request.method, url: request.url, statusCode: reply.statusCode }, 'answered');
      });
    });
  return app;
}
