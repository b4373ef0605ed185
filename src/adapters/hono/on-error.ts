import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ErrorReportingOptions } from 'pagelope';
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
    const { method, url } = c.req;
    const request = { correlationId: correlationIdOf(c), method, path: splitRequestUrl(url).path };
    const headers = errorResponseHeaders(error);
    const reply = runInRequestContext(request, () => replyToError(error, { ...request, headers }, report));
    return c.json(reply.body, reply.statusCode as ContentfulStatusCode, reply.headers);
  };
}
