import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError, type ErrorReportingOptions, type ReportError } from 'pagelope';
import { routeNotFoundError } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';
import { correlationIdOf } from './correlation-id';
import { errorResponseHeaders, readErrorReporter, replyToError, type ErrorReporter } from '../../http/reply-to-error';
import { splitRequestUrl } from '../../http/split-request-url';

/**
 * Options of {@link onError}: `reportError(error, info)` is called once for each 5xx it answers (the masked 500, a
 * 503 of an unavailable database, ...), with the error thrown and `{ correlationId, method, path, statusCode }`;
 * never for a 4xx. Default: `console.error`; `false` reports nothing.
 *
 * @example
 * app.onError(onError({ reportError: (error, info) => logger.error({ err: error, ...info }, 'request failed') }));
 */
export type OnErrorOptions = ErrorReportingOptions;

/** A Hono error handler, as `app.onError` takes it. */
export type OnErrorHandler = (error: unknown, c: Context) => Response;

/** {@link onError}: the handler itself, or, given options, a handler that reports with them. */
export interface OnError {
  /** The handler with these options (`reportError`). */
  (options?: OnErrorOptions): OnErrorHandler;
  /** Answers `error` with the envelope; a 5xx is reported with `console.error`. */
  (error: unknown, c: Context): Response;
}

/**
 * Hono error handler answering every failure with the error envelope and the request's correlation id (also where
 * `correlationId()` did not run): the routes' 400, 404, 405, 413 and 415, a rate limiter's 429 with `retry-after`,
 * `HttpError`s, Hono's `HTTPException`s (their status, and their response's headers such as `www-authenticate`), and
 * anything else as a 500 that tells nothing of the cause. Pass it as it is (each 5xx reported with `console.error`),
 * or call it with `{ reportError }` for a handler that reports each 5xx there (`false`: nowhere), once, with the
 * original error and the correlation id the client received; what the reporter throws never reaches the client.
 *
 * @throws TypeError (called with options) for options that are not an object, or a `reportError` that is neither a
 * function nor `false`.
 * @example
 * app.onError(onError);
 * app.onError(onError({ reportError: (error, { correlationId }) => console.error(correlationId, error) }));
 */
export const onError: OnError = function onError(first?: unknown, c?: Context): Response | OnErrorHandler {
  return c === undefined ? handlerWith(readErrorReporter('onError', first)) : defaultHandler(first, c);
} as OnError;

/**
 * Hono not-found handler answering a request no route matches with the 404 envelope (`Cannot GET /path`) and the
 * request's correlation id, whether or not `correlationId()` ran on that path. Pass it as it is.
 *
 * @example
 * app.notFound(notFound);
 */
export function notFound(c: Context): Response {
  return defaultHandler(routeNotFoundError(c.req.method, c.req.path), c);
}

const defaultHandler = handlerWith(readErrorReporter('onError'));

function handlerWith(report: ErrorReporter): OnErrorHandler {
  return (error, c) => {
    const request = { correlationId: correlationIdOf(c), method: c.req.method, path: splitRequestUrl(c.req.url).path };
    const headers = errorResponseHeaders(error);
    const reply = runInRequestContext(request, () => replyToError(error, { ...request, headers }, report));
    return c.json(reply.body, reply.statusCode as ContentfulStatusCode, reply.headers);
  };
}

/** Options of {@link nodeErrorHandler}, which must name `reportError` (a bare object would be an error to answer). */
export interface NodeErrorHandlerOptions {
  /**
   * Called once for each 5xx answered, with the failure and `{ correlationId, method: undefined, path: undefined,
   * statusCode }` (no request was read); `false` reports nothing.
   */
  readonly reportError: ReportError | false;
}

/** An `errorHandler` of `@hono/node-server`'s `getRequestListener`: `(error) => Response`. */
export type NodeErrorHandler = (error: unknown) => Response;

/** {@link nodeErrorHandler}: the handler itself, or, given options, a handler that reports with them. */
export interface NodeErrorHandlerFunction {
  /** The handler with these options (`reportError`). */
  (options: NodeErrorHandlerOptions): NodeErrorHandler;
  /** Answers `error` with the envelope; a 5xx is reported with `console.error`. */
  (error: unknown): Response;
}

/**
 * An `errorHandler` for `@hono/node-server`'s `getRequestListener` (which `serve()` does not pass): a request it
 * refuses before the app runs (a backslash in the path, an invalid `Host`, `GET *`) gets the 400 envelope instead of
 * a bare 400, and a failure that escapes the app the 500 envelope, never its cause; both under a new correlation id
 * (no request was read). Pass it as it is (each 5xx reported with `console.error`), or call it with
 * `{ reportError }` (a function, or `false`). It imports nothing of `@hono/node-server`, so `pagelope/hono` runs on
 * Bun, Deno and Workers too.
 *
 * @throws TypeError (called with options) for a `reportError` that is neither a function nor `false`.
 * @example
 * const listener = getRequestListener(app.fetch, { errorHandler: nodeErrorHandler });
 * const server = createServer({ requestTimeout: 30_000, headersTimeout: 30_000 }, listener);
 * server.on('clientError', clientErrorListener()); // from pagelope/node
 */
export const nodeErrorHandler = function nodeErrorHandler(value: unknown): Response | NodeErrorHandler {
  return isOptions(value) ? nodeHandlerWith(readErrorReporter('nodeErrorHandler', value)) : defaultNodeHandler(value);
} as NodeErrorHandlerFunction;

/** Options, not a failure: a plain object (an `Error` is not) with its own `reportError` key. */
function isOptions(value: unknown): value is NodeErrorHandlerOptions {
  try {
    const prototype: unknown = typeof value === 'object' && value !== null ? Object.getPrototypeOf(value) : undefined;
    return (prototype === Object.prototype || prototype === null) && Object.hasOwn(value as object, 'reportError');
  } catch {
    // A hostile proxy escaping the app: a failure to answer.
    return false;
  }
}

const defaultNodeHandler = nodeHandlerWith(readErrorReporter('nodeErrorHandler'));

function nodeHandlerWith(report: ErrorReporter): NodeErrorHandler {
  return (error) => {
    // @hono/node-server's RequestError, recognised by name: the request could not become a `Request`.
    const refused = error instanceof Error && error.name === 'RequestError';
    const reply = replyToError(refused ? new HttpError(400, undefined, { cause: error }) : error, {}, report);
    return new Response(JSON.stringify(reply.body), { status: reply.statusCode, headers: reply.headers });
  };
}
