import type { Context } from 'hono';
import { errorReply } from './error-reply';

/**
 * Hono error handler answering every failure with the error envelope and the request's correlation id (also when the
 * failure happened before `correlationId()` ran, or on a path without it): the routes' 400, 404, 405, 413 and 415,
 * a rate limiter's 429 with its `retry-after`, `HttpError`s, Hono's `HTTPException`s (their status, and their
 * response's headers such as `www-authenticate`), and anything else as a 500 that tells nothing of the cause.
 * Pass it as it is; to log, wrap it. It takes any value, so a limiter's handler can answer with it too.
 *
 * @example
 * app.onError(onError);
 * // or, logging server errors first:
 * app.onError((error, c) => {
 *   if (!('status' in error)) console.error(error);
 *   return onError(error, c);
 * });
 */
export function onError(error: unknown, c: Context): Response {
  return errorReply(c, error);
}
