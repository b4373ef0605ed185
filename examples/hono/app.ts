import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { rateLimiter, type RateLimitInfo } from 'hono-rate-limiter';
import { correlationId, notFound, onError, resourceRoutes } from 'pagelope/hono';
import { createDemoRoutes, type DemoOptions } from '../shared/demo-routes';
import { tooManyRequests } from '../shared/too-many-requests';

/** The demo on Hono 4, not listening: correlation id, rate limiter (429 envelope), `/users` routes, `GET /audit`. */
export function createApp(options: DemoOptions = {}): Hono {
  const { routes, audit, rateLimit } = createDemoRoutes(options);
  const app = new Hono();
  app.use(correlationId());
  app.use(
    rateLimiter<{ Variables: { rateLimit: RateLimitInfo } }>({
      windowMs: rateLimit.windowMs,
      limit: rateLimit.max,
      standardHeaders: 'draft-7',
      keyGenerator: (c) => getConnInfo(c).remote.address ?? 'unknown', // behind a proxy: a trusted forwarded address
      handler: (c) => {
        throw tooManyRequests(c.get('rateLimit').resetTime, rateLimit.windowMs);
      },
    }),
  );
  app.route('/', resourceRoutes(routes));
  app.get('/audit', (c) => c.json(audit));
  app.onError(onError);
  app.notFound(notFound);
  return app;
}
