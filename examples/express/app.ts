import express, { type Express } from 'express';
import { rateLimit, type AugmentedRequest } from 'express-rate-limit';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { createDemoRoutes, type DemoOptions } from '../shared/demo-routes';
import { docsPage } from '../shared/docs-page';
import { tooManyRequests } from '../shared/too-many-requests';

/** The demo on Express 5, not listening: correlation id, limiter, the users routes, `/audit`, `/docs`, 404, errors. */
export function createApp(options: DemoOptions = {}): Express {
  const demo = createDemoRoutes(options);
  const { max: limit, windowMs } = demo.rateLimit;
  const app = express().disable('x-powered-by');
  app.use(correlationId());
  app.use(
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
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
