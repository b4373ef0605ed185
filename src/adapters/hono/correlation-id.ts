import type { Context, MiddlewareHandler } from 'hono';
import { CORRELATION_ID_HEADER, resolveCorrelationId } from 'pagelope';
import { isSafeCorrelationId } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's correlation id, set by `correlationId()` from `pagelope/hono`. */
    correlationId: string;
  }
}

/**
 * Middleware resolving the request's correlation id before anything else: the `x-correlation-id` request header
 * when it is a safe token, else a new uuid v4. It stores the id in the context (`c.get('correlationId')`, typed as a
 * `string` in Hono's `ContextVariableMap` once `pagelope/hono` is imported) and sets the `x-correlation-id` header on
 * every response that passes through it, your own routes' included. A value thrown below it that is not an `Error`
 * (which Hono's `onError` never sees) is thrown on as an `Error` whose `cause` it is, for `onError` to answer with the
 * 500 envelope (and report). Everything below it runs in the request's context (`currentCorrelationId()` of
 * `pagelope/node`): later middleware, the routes, `onError`.
 *
 * Mount it first, before the rate limiter and the routes.
 *
 * @example
 * const app = new Hono();
 * app.use(correlationId());
 * app.get('/whoami', (c) => c.json({ correlationId: c.get('correlationId') }));
 */
export function correlationId(): MiddlewareHandler {
  // Not `async`: one promise a request, not the function's own and its `await`'s (promise hooks on Node 20 and 22).
  return (c, next) => {
    const id = correlationIdOf(c);
    c.header(CORRELATION_ID_HEADER, id);
    // Hono's `next` is async: what the routes throw comes as its rejection.
    return runInRequestContext({ correlationId: id }, next).then(() => {
      // A route that returns its own `Response` skips the headers prepared above: set the id on it too, unless the
      // response cannot be copied (a WebSocket upgrade's 101 on Deno or Bun), which is then left as it is.
      try {
        if (!c.res.headers.has(CORRELATION_ID_HEADER)) c.header(CORRELATION_ID_HEADER, id);
      } catch {
        // Left without the header rather than failing the request.
      }
    }, rethrowAsError);
  };
}

/** Throws `thrown` on as an `Error`, or as an `Error` whose `cause` it is: Hono's `onError` takes only `Error`s. */
export function rethrowAsError(thrown: unknown): never {
  throw thrown instanceof Error ? thrown : new Error('A route threw a value that is not an Error', { cause: thrown });
}

/**
 * The request's correlation id: the one stored in the context, else resolved from its `x-correlation-id` header
 * and stored, so that every later reader of the request (a route, `onError`, `notFound`) gets the same id.
 */
export function correlationIdOf(c: Context): string {
  const stored: unknown = c.get('correlationId');
  if (isSafeCorrelationId(stored)) return stored;
  c.set('correlationId', resolveCorrelationId(c.req.raw.headers));
  return c.get('correlationId');
}
