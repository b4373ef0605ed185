import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import { rateLimit, type AugmentedRequest } from 'express-rate-limit';
import { ALLOWED_METHODS, BODY_LIMIT_BYTES, createDemo, type DemoOptions, type Reply } from '../shared/demo-app';
import { correlationIdOf, expressCorrelationId } from '../shared/express-correlation-id';
import { queryStringOf } from '../shared/query-string-of';
import { sendExpressReply } from '../shared/send-express-reply';
import { tooManyRequests } from '../shared/too-many-requests';

/**
 * The demo as an Express 5 app, not listening. Middleware order: correlation id, rate limiter, routes, 405s, the
 * 404 fallback, then the one error handler that answers every failure with `demo.error`.
 */
export function createApp(options: DemoOptions = {}): Express {
  const demo = createDemo(options);
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  // 1. Correlation id, before anything else: resolved once, on every response.
  app.use(expressCorrelationId(demo));

  // 2. Rate limiting; the rejection goes to the error handler as a 429 with `retry-after`.
  app.use(
    rateLimit({
      windowMs: demo.rateLimit.windowMs,
      limit: demo.rateLimit.max,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (req, _res, next) => {
        next(tooManyRequests((req as AugmentedRequest)['rateLimit']?.resetTime, demo.rateLimit.windowMs));
      },
    }),
  );

  // 3. Routes. Express 5 forwards a rejected promise to the error handler by itself. List routes take the raw
  // query string rather than `req.query`, so `parseListQuery`'s own checks apply.
  type Run = (req: Request, id: string) => Promise<Reply> | Reply;
  const route = (run: Run) => (req: Request, res: Response) => sendExpressReply(res, run(req, correlationIdOf(res)));
  const json = express.json({ limit: BODY_LIMIT_BYTES });
  const withJson = (run: Run) => [json, route(run)];
  const query = (req: Request): string => queryStringOf(req.originalUrl);
  const userId = (req: Request): string => String(req.params['id']); // a named param is always one string

  // Each path ends with its 405 for other methods, so /users/cursor never falls through to /users/:id.
  const otherMethods = (path: string) =>
    route((req, id) => demo.methodNotAllowed(req.method, ALLOWED_METHODS[path] ?? '', id));
  app
    .route('/users')
    .get(route((req, id) => demo.list(query(req), req.headers, id)))
    .post(withJson((req, id) => demo.create(req.body, req.headers, id)))
    .all(otherMethods('/users'));
  app
    .route('/users/cursor')
    .get(route((req, id) => demo.cursor(query(req), req.headers, id)))
    .all(otherMethods('/users/cursor'));
  app
    .route('/users/:id')
    .get(route((req, id) => demo.get(userId(req), req.headers, id)))
    .patch(withJson((req, id) => demo.update(userId(req), req.body, req.headers, id)))
    .delete(route((req, id) => demo.remove(userId(req), req.headers, id)))
    .all(otherMethods('/users/:id'));
  app
    .route('/audit')
    .get(route((_req, id) => demo.auditLog(id)))
    .all(otherMethods('/audit'));

  // 4. Any other route (404).
  app.use(route((req, id) => demo.notFound(req.method, req.path, id)));

  // 5. Every failure: body-parser's 400/413, the limiter's 429, HTTP errors, unexpected throws (500, masked).
  const onError: ErrorRequestHandler = (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    void sendExpressReply(res, demo.error(error, correlationIdOf(res)));
  };
  app.use(onError);
  return app;
}
