import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CORRELATION_ID_HEADER, type ErrorReportingOptions } from 'pagelope';
import { readErrorReporter, replyToError, routeNotFoundError, splitUrl, type ErrorReporter } from 'pagelope/http';
import { correlationIdOf } from './correlation-id';

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
    const request = { correlationId: correlationIdOf(c), method: c.req.method, path: targetOf(c.req.url).path };
    const reply = replyToError(error, { ...request, headers: ownHeadersOf(error) }, report);
    return c.json(reply.body, reply.statusCode as ContentfulStatusCode, reply.headers);
  };
}

/** The raw path and query of a request URL, as the client sent them (without the origin and the fragment). */
export function targetOf(url: string): ReturnType<typeof splitUrl> {
  const hash = url.indexOf('#');
  return splitUrl(url.slice(url.indexOf('/', url.indexOf('//') + 2), hash === -1 ? undefined : hash));
}

/** Never copied from a thrown `HTTPException`'s own response: framing, state, and the envelope's own headers. */
const SKIPPED = new Set(
  `content-type content-length transfer-encoding connection keep-alive upgrade trailer set-cookie ${CORRELATION_ID_HEADER}`.split(
    ' ',
  ),
);

/** The headers of the `res` a Hono `HTTPException` carries, recognised by shape (an `Error` with a `Response`). */
function ownHeadersOf(thrown: unknown): Record<string, string> | undefined {
  if (!(thrown instanceof Error) || !('res' in thrown)) return undefined;
  const own = Object.create(null) as Record<string, string>;
  try {
    const headers = (thrown.res as { readonly headers?: unknown } | undefined)?.headers;
    if (typeof Headers === 'function' && headers instanceof Headers)
      headers.forEach((value, name) => {
        if (!SKIPPED.has(name)) own[name] = value;
      });
  } catch {
    // A hostile getter: answer with the envelope alone.
  }
  return own;
}
