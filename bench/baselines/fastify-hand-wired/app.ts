/*
 * Benchmark baseline, not an example: the hand-wired Fastify example as it was before the framework adapters
 * (issue 10), copied from commit e7641d6 (examples/fastify/app.ts, listen.ts and response-schemas.ts, and the shared
 * helpers they import: examples/shared/demo-app.ts, client-error.ts, query-string-of.ts, listen-options.ts). The code
 * is unchanged but for import paths: `pagelope` and `pagelope/node` by name, the demo domain (`users`, `seedUsers`)
 * from examples/shared as the other W3 servers use it. It keeps its @fastify/rate-limit limiter, its correlation-id
 * hook, error and 404 handlers, 405 routes and the response schemas of its list routes.
 *
 * W3 (bench/w3-http.ts) runs it beside the `pagelope/fastify` adapter example: the adapter's list route is to serve
 * at least 95% of this baseline's requests per second, measured side by side in one run. Do not edit it to follow
 * the package; it is the reference point.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type HTTPMethods } from 'fastify';
import { CORRELATION_ID_HEADER, HttpError } from 'pagelope';
import { answerClientError } from './client-error';
import { ALLOWED_METHODS, BODY_LIMIT_BYTES, createDemo, type DemoOptions, type Reply } from './demo-app';
import { queryStringOf } from './query-string-of';
import { users } from '../../../examples/shared/users';
import { cursorPageSchema, pageSchema } from './response-schemas';

/**
 * The demo as a Fastify 5 app, not listening (call `listen` or `ready` on it). The correlation id is Fastify's own
 * request id (`genReqId`), so it is resolved once per request, before routing, and is `request.id` everywhere,
 * including the `frameworkErrors` path (malformed URL) that runs no hooks. An `onRequest` hook, registered first,
 * puts it on every response; the error handler, the 404 handler and `frameworkErrors` answer every failure with
 * `demo.error`: JSON parse errors (400), `bodyLimit` (413), the limiter's 429, HTTP errors and unexpected throws.
 *
 * List routes hand `parseListQuery` the raw query string rather than `request.query`, so its own checks
 * (malformed percent-encoding, parameter count) apply; it also reads Fastify's flat `request.query` object.
 */
export function createApp(options: DemoOptions = {}): FastifyInstance {
  const demo = createDemo(options);
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    clientErrorHandler: answerClientError,
    genReqId: (req) => demo.correlationIdOf(req.headers),
    frameworkErrors: (error, request, reply) => send(reply, demo.error(error, request.id)),
  });

  // 1. Correlation id on every response, before anything else runs (the limiter's hook comes after it).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(CORRELATION_ID_HEADER, request.id);
    done();
  });

  // 2. Every failure, whatever threw it.
  app.setErrorHandler((error, request, reply) => send(reply, demo.error(error, request.id)));

  // 3. Rate limiting; the rejection is thrown into the error handler as a 429 with `retry-after`.
  app.register(rateLimit, {
    max: demo.rateLimit.max,
    timeWindow: demo.rateLimit.windowMs,
    errorResponseBuilder: (_request, { ttl }) =>
      new HttpError(429, undefined, { headers: { 'retry-after': Math.max(1, Math.ceil(ttl / 1000)) } }),
  });

  // 4. Routes, registered once the limiter is loaded so that its `onRoute` hook limits each of them.
  app.register(async (scope) => {
    type Run = (request: FastifyRequest, id: string) => Promise<Reply> | Reply;
    const on = (method: HTTPMethods | HTTPMethods[], url: string, run: Run, ok?: object) =>
      scope.route({
        method,
        url,
        // The 200 body's schema lets Fastify compile a serializer for it (fast-json-stringify), much cheaper than
        // JSON.stringify on a page of records with dates; error replies have no schema and are JSON.stringify'd.
        ...(ok ? { schema: { response: { 200: ok } } } : {}),
        handler: async (request, reply) => send(reply, await run(request, request.id)),
      });
    const userId = (request: FastifyRequest): string => (request.params as { id: string }).id;

    on('GET', '/users', (req, id) => demo.list(queryStringOf(req.url), req.headers, id), pageSchema(users));
    on('POST', '/users', (req, id) => demo.create(req.body, req.headers, id));
    on(
      'GET',
      '/users/cursor',
      (req, id) => demo.cursor(queryStringOf(req.url), req.headers, id),
      cursorPageSchema(users),
    );
    on('GET', '/users/:id', (req, id) => demo.get(userId(req), req.headers, id));
    on('PATCH', '/users/:id', (req, id) => demo.update(userId(req), req.body, req.headers, id));
    on('DELETE', '/users/:id', (req, id) => demo.remove(userId(req), req.headers, id));
    on('GET', '/audit', (_req, id) => demo.auditLog(id));

    // Known paths with another method: 405 (HEAD comes with GET).
    for (const [url, allow] of Object.entries(ALLOWED_METHODS)) {
      const taken = allow.split(', ').concat(allow.includes('GET') ? ['HEAD'] : []);
      const others = scope.supportedMethods.filter((name) => !taken.includes(name)) as HTTPMethods[];
      on(others, url, (req, id) => demo.methodNotAllowed(req.method, allow, id));
    }
    // Any other route: 404, rate-limited like the rest.
    scope.setNotFoundHandler({ preHandler: scope.rateLimit() }, (request, reply) =>
      send(reply, demo.notFound(request.method, pathOf(request), request.id)),
    );
  });
  return app;
}

const pathOf = (request: FastifyRequest): string => request.url.split('?', 1)[0] ?? '';

function send(reply: FastifyReply, { status, headers, body }: Reply): FastifyReply {
  return reply.code(status).headers(headers).send(body);
}
