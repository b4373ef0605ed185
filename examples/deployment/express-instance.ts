import express, { type Express } from 'express';
import { rateLimit, type AugmentedRequest, type Options } from 'express-rate-limit';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { tooManyRequests } from '../shared/too-many-requests';
import { createInstanceRoutes, type InstanceOptions } from './instance-routes';

/**
 * The demo's `users` routes as one Express 5 instance behind a balancer on loopback, not listening: the client's
 * address from `x-forwarded-for`, the limiter's counts in the shared Redis, a log line per response.
 */
export function createExpressInstance(options: InstanceOptions): Express {
  const { routes, openapi, rateLimit: limits } = createInstanceRoutes(options);
  const { redis, logger } = options;
  const windowMs = limits.windowMs;
  const app = express().disable('x-powered-by').set('trust proxy', 'loopback');
  app.use(correlationId());
  // In the request's context, which 'finish' keeps: the logger's mixin adds the correlation id.
  app.use((req, res, next) => {
    res.once('finish', () =>
      logger.info({ method: req.method, url: req.originalUrl, statusCode: res.statusCode }, 'answered'),
    );
    next();
  });
  // The counts under `rl:<address>`, as the Fastify instances keep them; the store's script is loaded again each time
  // Redis (re)connects, and a store failure lets the request through (docs/deployment.md).
  const sendCommand = (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>;
  const store = new RedisStore({ sendCommand, prefix: 'rl:' });
  redis.on('ready', () => void store.init({ windowMs } as Options).catch(() => undefined));
  app.use(
    rateLimit({
      windowMs,
      limit: limits.max,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store,
      passOnStoreError: true,
      handler: (req, _res, next) => next(tooManyRequests((req as AugmentedRequest).rateLimit?.resetTime, windowMs)),
    }),
  );
  app.use(resourceRouter(routes, { openapi }));
  app.use(notFound());
  app.use(errorHandler());
  return app;
}
