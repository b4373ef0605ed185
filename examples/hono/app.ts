import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { rateLimiter, type RateLimitInfo } from 'hono-rate-limiter';
import { CORRELATION_ID_HEADER, HttpError } from 'pagelope';
import { ALLOWED_METHODS, BODY_LIMIT_BYTES, createDemo, type DemoOptions, type Reply } from '../shared/demo-app';
import { parseJsonBody } from '../shared/parse-json-body';
import { tooManyRequests } from '../shared/too-many-requests';

/** What the example keeps on each request's context. */
export interface DemoEnv {
  Variables: { correlationId: string; rateLimit: RateLimitInfo };
}
type Ctx = Context<DemoEnv>;

/**
 * The demo as a Hono 4 app, not listening (serve it with `@hono/node-server`). Middleware order: correlation id,
 * rate limiter, routes, each path's 405 fallback; `notFound` answers any other route and `onError` every failure.
 *
 * List routes hand the demo the raw query string, so repeated keys and `parseListQuery`'s own checks survive.
 */
export function createApp(options: DemoOptions = {}): Hono<DemoEnv> {
  const demo = createDemo(options);
  const app = new Hono<DemoEnv>();

  // 1. Correlation id, before anything else: resolved once, on every response (`send` sets it again). Hono's
  // `onError` takes only `Error` instances; anything else thrown (a rejected string) is answered here.
  app.use(async (c, next) => {
    const id = demo.correlationIdOf(c.req.raw.headers);
    c.set('correlationId', id);
    c.header(CORRELATION_ID_HEADER, id);
    await next().catch((error: unknown) => {
      c.res = send(c, demo.error(error, id));
    });
  });

  // 2. Rate limiting, keyed by the client's socket address (behind a proxy, key by a trusted forwarded address
  // instead). The rejection is thrown, so `onError` answers it with the envelope and `retry-after`.
  app.use(
    rateLimiter<DemoEnv>({
      windowMs: demo.rateLimit.windowMs,
      limit: demo.rateLimit.max,
      standardHeaders: 'draft-7',
      keyGenerator: (c) => getConnInfo(c).remote.address ?? 'unknown',
      handler: (c) => {
        throw tooManyRequests(c.get('rateLimit').resetTime, demo.rateLimit.windowMs);
      },
    }),
  );

  // 3. Routes, each path followed by its 405 fallback (so `PATCH /users/cursor` is a 405, not an update).
  const idOf = (c: Ctx): string => c.get('correlationId');
  const query = (c: Ctx): string => new URL(c.req.url).search;
  const userId = (c: Ctx): string => c.req.param('id') ?? '';
  const tooLarge = (c: Ctx) => send(c, demo.error(new HttpError(413), idOf(c)));
  const limit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge });
  const notAllowed = (path: string, allow = ALLOWED_METHODS[path] ?? '') =>
    app.all(path, (c) => send(c, demo.methodNotAllowed(c.req.method, allow, idOf(c))));

  app.get('/users', async (c) => send(c, await demo.list(query(c), c.req.raw.headers, idOf(c))));
  app.post('/users', limit, async (c) => send(c, await demo.create(await jsonBody(c), c.req.raw.headers, idOf(c))));
  notAllowed('/users');
  app.get('/users/cursor', async (c) => send(c, await demo.cursor(query(c), c.req.raw.headers, idOf(c))));
  notAllowed('/users/cursor');
  app.get('/users/:id', async (c) => send(c, await demo.get(userId(c), c.req.raw.headers, idOf(c))));
  app.patch('/users/:id', limit, async (c) =>
    send(c, await demo.update(userId(c), await jsonBody(c), c.req.raw.headers, idOf(c))),
  );
  app.delete('/users/:id', async (c) => send(c, await demo.remove(userId(c), c.req.raw.headers, idOf(c))));
  notAllowed('/users/:id');
  app.get('/audit', (c) => send(c, demo.auditLog(idOf(c))));
  notAllowed('/audit');

  // 4. Any other route (404), and every failure: 400 bad JSON, 413, 429, HTTP errors, unexpected throws (500).
  app.notFound((c) => send(c, demo.notFound(c.req.method, c.req.path, idOf(c))));
  app.onError((error, c) => send(c, demo.error(error, idOf(c))));
  return app;
}

/** The JSON body: 415 unless it is sent as JSON, 400 when malformed (not the 500 of `c.req.json()`'s SyntaxError). */
const jsonBody = async (c: Ctx): Promise<unknown> => parseJsonBody(await c.req.text(), c.req.header('content-type'));

function send(c: Ctx, reply: Reply): Response {
  if (reply.body === undefined) return c.body(null, reply.status as StatusCode, reply.headers);
  return c.json(reply.body, reply.status as ContentfulStatusCode, reply.headers);
}
