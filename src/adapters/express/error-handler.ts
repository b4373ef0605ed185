import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { ErrorReportingOptions } from 'pagelope';
import { createErrorReporter, routeNotFoundError, splitUrl, toErrorReply } from 'pagelope/http';
import { readAdapterOptions } from '../../http/adapter-options';
import { fromBodyError, fromZlibError } from '../../http/from-body-error';
import type { ErrorReporter } from '../../http/reply-to-error';
import { correlationIdOf } from '../../http/to-node-exchange';

/**
 * Options of {@link errorHandler}: `reportError(error, info)` is called once for each 5xx it answers (the masked
 * 500, a 503 of an unavailable database, ...), with the error thrown and `{ correlationId, method, path, statusCode }`;
 * never for a 4xx. Default: `console.error`; `false` reports nothing.
 *
 * @example
 * app.use(errorHandler({ reportError: (error, info) => logger.error({ err: error, ...info }, 'request failed') }));
 */
export type ErrorHandlerOptions = ErrorReportingOptions;

/**
 * Returns the Express error middleware that answers every failure with the error envelope (`errorResponse`) under
 * the request's correlation id: pagelope's route errors (400, 404, 405 with `allow`, 413, 415), body-parser's errors
 * (a body over the limit is a 413, malformed JSON a 400 `Malformed JSON body`), a rate limiter's rejection passed to
 * `next` (429 with `retry-after`), `HttpError`s and foreign error shapes thrown by your own routes, and anything else
 * as the masked 500. Each 5xx it answers goes to `reportError` (default `console.error`; `false` for none), once, with
 * the original error and the correlation id the client received; what the reporter throws never reaches the client.
 * Install it last. A response already under way is left to Express's default handler, which closes the connection
 * (and logs the error itself).
 *
 * @throws TypeError for a `reportError` that is neither a function nor `false`.
 * @example
 * app.use(resourceRouter(routes));
 * app.use(notFound());
 * app.use(errorHandler({ reportError: (error, { correlationId }) => console.error(correlationId, error) }));
 */
export function errorHandler(options: ErrorHandlerOptions = {}): ErrorRequestHandler {
  const report = createErrorReporter(readAdapterOptions('errorHandler', options).reportError);
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    sendError(fromBodyParserError(error), req, res, report);
  };
}

/**
 * Returns the Express middleware that answers any request no route took with the 404 envelope
 * (`Cannot GET /path`). Install it after every route, before {@link errorHandler}.
 *
 * @example
 * app.use(resourceRouter(routes));
 * app.get('/health', (_req, res) => res.json({ ok: true }));
 * app.use(notFound());
 * app.use(errorHandler());
 */
export function notFound(): RequestHandler {
  return (req, res) => {
    sendError(routeNotFoundError(req.method, splitUrl(req.originalUrl).path), req, res, NOT_REPORTED);
  };
}

/** A 404 is never reported. */
const NOT_REPORTED = (): void => undefined;

/**
 * Answers a request with the error envelope of anything thrown (`toErrorReply`), under the request's correlation id
 * (`correlationIdOf`), the error's own headers (`allow`, `retry-after`, ...) included; then gives a 5xx to `report`.
 */
function sendError(error: unknown, req: Request, res: Response, report: ErrorReporter): void {
  const request = { correlationId: correlationIdOf(req, res), method: req.method, url: req.originalUrl };
  const { statusCode, headers, body, info } = toErrorReply(error, request);
  res.status(statusCode).set(headers).end(JSON.stringify(body));
  report(error, info);
}

/**
 * The error pagelope answers for one of body-parser's (and so `express.json()`'s, `express.raw()`'s, ...): its
 * refusals as every adapter answers them (`fromBodyError`: 413, 400 `Malformed JSON body`), and a compressed body that
 * does not decode (a zlib error) as `malformedEncodingError` (`fromZlibError`); anything else is returned unchanged.
 */
function fromBodyParserError(error: unknown): unknown {
  return fromZlibError(error) ?? fromBodyError(error) ?? error;
}
