import type { Context } from 'hono';
import { routeNotFoundError } from 'pagelope/http';
import { errorReply } from './error-reply';

/**
 * Hono not-found handler answering a request no route matches with the 404 envelope (`Cannot GET /path`) and the
 * request's correlation id, whether or not `correlationId()` ran on that path. Pass it as it is.
 *
 * @example
 * app.notFound(notFound);
 */
export function notFound(c: Context): Response {
  return errorReply(c, routeNotFoundError(c.req.method, c.req.path));
}
