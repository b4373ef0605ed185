import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORRELATION_ID_HEADER, resolveCorrelationId } from 'pagelope';
import { readJsonBody } from './read-json-body';
import { keepRequestState, requestStateOf } from './request-state';

/** A Nest functional middleware, as both platforms call it: with the Node request and response. */
export type PagelopeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => Promise<void>;

/**
 * Returns the middleware `PagelopeModule` applies to every route of the app: it resolves the request's correlation
 * id (the request's `x-correlation-id` when it is a safe token, else a new uuid v4) and sets it as the response's
 * `x-correlation-id` header, so every response carries it, then reads a JSON body (see `readJsonBody`) and leaves
 * it as `req.body`, where `@Body()` finds it. Nest passes what it throws (400, 413, 415) to the exception filters.
 * Internal to the adapter.
 *
 * @example
 * consumer.apply(pagelopeMiddleware(16_384)).forRoutes('{*path}');
 */
export function pagelopeMiddleware(bodyLimit: number): PagelopeMiddleware {
  return async (req, res, next) => {
    // Once per request, even where the module is imported twice.
    if (requestStateOf(req) !== undefined) return next();
    const state = keepRequestState(req, { correlationId: resolveCorrelationId(req.headers) });
    if (!res.headersSent) res.setHeader(CORRELATION_ID_HEADER, state.correlationId);
    const body = await readJsonBody(req, bodyLimit);
    if (body !== undefined) {
      state.body = body;
      (req as { body?: unknown }).body = body.value;
    }
    next();
  };
}
