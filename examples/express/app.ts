import express, { type Express } from 'express';
import { rateLimit, type AugmentedRequest, type Options } from 'express-rate-limit';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { createDemoRoutes, type DemoOptions } from '../shared/demo-routes';
import { docsPage } from '../shared/docs-page';
import { tooManyRequests } from '../shared/too-many-requests';

/** The demo on Express 5, not listening: correlation id, limiter, the users routes, `/audit`, `/docs`, 404, errors. */
export function createApp(options: DemoOptions = {}): Express {
  const demo = createDemoRoutes(options);
  const { max: limit, windowMs } = demo.rateLimit;
  const { logger } = options;
  const app = express().disable('x-powered-by');
  if (options.trustProxy) app.set('trust proxy', 'loopback');
  app.use(correlationId());
  if (logger) {
    // In the request's context, which 'finish' keeps: the logger's mixin adds the correlation id.
    app.use((req, res, next) => {
      res.once('finish', () =>
        logger.info({ method: req.method, url: req.originalUrl, statusCode: res.statusCode }, 'answered'),
      );
      next();
    });
  }
  app.use(
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      ...(options.redis ? sharedStore(options.redis, windowMs) : {}),
      // The rejection goes to errorHandler: the 429 envelope with retry-after.
      handler: (req, _res, next) => next(tooManyRequests((req as AugmentedRequest).rateLimit?.resetTime, windowMs)),
    }),
  );
  app.use(resourceRouter(demo.routes, { openapi: demo.openapi }));
  app.get('/audit', (_req, res) => res.json(demo.audit));
  app.get(['/docs', '/docs/:file'], (req, res, next) => {
    const page = docsPage(req.originalUrl);
    return page ? res.status(page.status).set(page.headers).send(page.body) : next();
  });
  app.use(notFound());
  app.use(errorHandler());
  return app;
}

/**
 * The limiter's counts in Redis under `rl:<address>` (the Fastify demo's keys), a store failure letting the request
 * through; the store's script is loaded again each time Redis (re)connects (docs/deployment.md).
 */
function sharedStore(redis: NonNullable<DemoOptions['redis']>, windowMs: number): Partial<Options> {
  const sendCommand = (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>;
  const store = new RedisStore({ sendCommand, prefix: 'rl:' });
  redis.on('ready', () => void store.init({ windowMs } as Options).catch(() => undefined));
  return { store, passOnStoreError: true };
}
