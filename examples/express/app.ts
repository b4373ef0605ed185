import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import { rateLimit, type AugmentedRequest } from 'express-rate-limit';
import { CORRELATION_ID_HEADER, TooManyRequestsError } from 'pagelope';
import { ALLOWED_METHODS, BODY_LIMIT_BYTES, createDemo, type DemoOptions, type Reply } from '../shared/demo-app';

/**
 * The demo as an Express 5 app, not listening. Middleware order: correlation id, rate limiter, routes, 405s, the
 * 404 fallback, then the one error handler that answers every failure with `demo.error`.
 *
 * List routes hand `parseListQuery` the raw query string rather than `req.query`, so its own limits and checks
 * (malformed percent-encoding, parameter count) apply; it also reads `req.query` objects, flat or qs-style.
 */
export function createApp(options: DemoOptions = {}): Express {
  const demo = createDemo(options);
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  // 1. Correlation id, before anything else: resolved once, on every response.
  app.use((req, res, next) => {
    const id = demo.correlationIdOf(req.headers);
    res.locals['correlationId'] = id;
    res.setHeader(CORRELATION_ID_HEADER, id);
    next();
  });

  // 2. Rate limiting; the rejection goes to the error handler as a 429 with `retry-after`.
  app.use(
    rateLimit({
      windowMs: demo.rateLimit.windowMs,
      limit: demo.rateLimit.max,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (req, _res, next) => {
        const { resetTime } = (req as AugmentedRequest)['rateLimit'] ?? {};
        const resetAt = resetTime?.getTime() ?? Date.now() + demo.rateLimit.windowMs;
        const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
        next(new TooManyRequestsError(undefined, { headers: { 'retry-after': retryAfter } }));
      },
    }),
  );

  // 3. Routes. Express 5 forwards a rejected promise to the error handler by itself.
  const route = (run: (req: Request, id: string) => Promise<Reply> | Reply) => async (req: Request, res: Response) =>
    send(res, await run(req, idOf(res)));
  const json = express.json({ limit: BODY_LIMIT_BYTES });
  const withJson = (run: Parameters<typeof route>[0]) => [json, route(run)];
  const userId = (req: Request): string => String(req.params['id']); // a named param is always one string

  // Each path ends with its 405 for other methods, so /users/cursor never falls through to /users/:id.
  const otherMethods = (path: string) =>
    route((req, id) => demo.methodNotAllowed(req.method, ALLOWED_METHODS[path] ?? '', id));
  app
    .route('/users')
    .get(route((req, id) => demo.list(rawQuery(req), req.headers, id)))
    .post(withJson((req, id) => demo.create(req.body, req.headers, id)))
    .all(otherMethods('/users'));
  app
    .route('/users/cursor')
    .get(route((req, id) => demo.cursor(rawQuery(req), req.headers, id)))
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
    send(res, demo.error(error, idOf(res)));
  };
  app.use(onError);
  return app;
}

const idOf = (res: Response): string => res.locals['correlationId'] as string;

const rawQuery = (req: Request): string => {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at + 1);
};

function send(res: Response, reply: Reply): void {
  res.status(reply.status).set(reply.headers);
  if (reply.body === undefined) res.end();
  else res.json(reply.body);
}
