import { errorResponse, HttpError } from 'pagelope';

/**
 * An `errorHandler` for `@hono/node-server`'s `getRequestListener`, which `serve()` does not pass: a request the
 * adapter refuses before the app runs (a backslash in the path, an invalid `Host`, `GET *`, a malformed target),
 * which would get a bare 400 without a body, gets the 400 envelope instead, and a failure that escapes the app (its
 * `fetch` rejecting) the 500 envelope, never its cause. The request was never turned into a `Request`, so its
 * `x-correlation-id` is unknown: the envelope carries a new one.
 *
 * It needs no import of `@hono/node-server` at run time (`pagelope/hono` stays usable on Bun, Deno and Workers):
 * build the server with `getRequestListener` and `node:http` instead of `serve()`.
 *
 * @example
 * import { createServer } from 'node:http';
 * import { getRequestListener } from '@hono/node-server';
 *
 * const listener = getRequestListener(app.fetch, { errorHandler: nodeErrorHandler });
 * const server = createServer({ requestTimeout: 30_000, headersTimeout: 30_000 }, listener);
 * server.on('clientError', clientErrorListener()); // from pagelope/node
 * server.listen(3000);
 */
export function nodeErrorHandler(error: unknown): Response {
  // @hono/node-server's RequestError, recognised by name: the request could not become a `Request`.
  const refused = error instanceof Error && error.name === 'RequestError';
  const reply = errorResponse(refused ? new HttpError(400, undefined, { cause: error }) : error);
  return new Response(JSON.stringify(reply.body), { status: reply.statusCode, headers: reply.headers });
}
