import type { Context } from 'hono';
import { type ErrorReportingOptions } from 'pagelope';
import { createErrorReporter } from 'pagelope/http';
import { correlationIdOf } from './correlation-id-of';
import { errorReply } from './error-reply';
import { pathOf } from './path-of';

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

const defaultHandler = handlerWith(createErrorReporter(undefined));

/**
 * Hono error handler answering every failure with the error envelope and the request's correlation id (also when the
 * failure happened before `correlationId()` ran, or on a path without it): the routes' 400, 404, 405, 413 and 415,
 * a rate limiter's 429 with its `retry-after`, `HttpError`s, Hono's `HTTPException`s (their status, and their
 * response's headers such as `www-authenticate`), and anything else as a 500 that tells nothing of the cause.
 * It takes any value, so a limiter's handler can answer with it too.
 *
 * Pass it as it is (`app.onError(onError)`), and each 5xx it answers is reported with `console.error`; or call it
 * with options (`app.onError(onError({ reportError }))`) for a handler that gives each 5xx to `reportError` instead
 * (`false`: to nobody), once, with the original error and the correlation id the client received. What the reporter
 * throws never reaches the client.
 *
 * @throws TypeError (called with options) for options that are not an object, or a `reportError` that is neither a
 * function nor `false`.
 * @example
 * app.onError(onError);
 * // or, reporting to your own logger:
 * app.onError(onError({ reportError: (error, { correlationId }) => console.error(correlationId, error) }));
 */
export const onError: OnError = function onError(first?: unknown, c?: Context): Response | OnErrorHandler {
  if (c !== undefined) return defaultHandler(first, c);
  const options = (first === undefined ? {} : first) as OnErrorOptions;
  if (typeof options !== 'object' || options === null) throw new TypeError('onError: options must be an object');
  const { reportError } = options;
  if (reportError !== undefined && reportError !== false && typeof reportError !== 'function')
    throw new TypeError('onError: reportError must be a function or false');
  return handlerWith(createErrorReporter(reportError));
} as OnError;

function handlerWith(report: ReturnType<typeof createErrorReporter>): OnErrorHandler {
  return (error, c) => {
    const response = errorReply(c, error);
    report(error, {
      correlationId: correlationIdOf(c),
      method: c.req.method,
      path: pathOf(c.req.url),
      statusCode: response.status,
    });
    return response;
  };
}
