import type { ErrorRequestHandler } from 'express';
import { fromBodyParserError } from './body-parser-error';
import { sendError } from './send-error';

/**
 * Returns the Express error middleware that answers every failure with the error envelope (`errorResponse`) under
 * the request's correlation id: pagelope's route errors (400, 404, 405 with `allow`, 413, 415), body-parser's errors
 * (a body over the limit is a 413, malformed JSON a 400 `Malformed JSON body`), a rate limiter's rejection passed to
 * `next` (429 with `retry-after`), `HttpError`s and foreign error shapes thrown by your own routes, and anything else
 * as the masked 500. Install it last. It logs nothing: put your own logging error middleware before it, calling
 * `next(error)`. A response already under way is left to Express's default handler, which closes the connection.
 *
 * @example
 * app.use(resourceRouter(routes));
 * app.use(notFound());
 * app.use(errorHandler());
 */
export function errorHandler(): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    sendError(fromBodyParserError(error), req, res);
  };
}
