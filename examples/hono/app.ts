import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { rateLimiter, type RateLimitInfo } from 'hono-rate-limiter';
import { correlationId, notFound, onError, resourceRoutes } from 'pagelope/hono';
import { createDemoRoutes, type DemoOptions } from '../shared/demo-routes';
import { docsPage } from '../shared/docs-page';
import { tooManyRequests } from '../shared/too-many-requests';

/** The demo on Hono 4, not listening: correlation id, limiter (429 envelope), `/users` routes, `/audit`, `/docs`. */
export function createApp(options: DemoOptions = {}): Hono {
  const { routes, openapi, audit, rateLimit } = createDemoRoutes(options);
  const app = new Hono().use(correlationId());
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
  app.route('/', resourceRoutes(routes, { openapi }));
  app.get('/audit', (c) => c.json(audit));
  app.get('/docs/*', (c) => {
    const page = docsPage(c.req.path);
    return page ? c.body(page.body, page.status, page.headers) : c.notFound();
  });
  return app.onError(onError).notFound(notFound);
}
