import type { RequestHandler } from 'express';
import { CORRELATION_ID_HEADER, resolveCorrelationId } from 'pagelope';
import { runInRequestContext } from 'pagelope/node';

/**
 * Returns the Express middleware that resolves each request's correlation id before anything else runs: the
 * request's `x-correlation-id` when it is a safe token, else a new uuid v4. It sets the id as the response's
 * `x-correlation-id` header, so every response of the app carries it (the app's own routes included), and keeps it in
 * `res.locals.correlationId` for later middleware. Everything after it runs in the request's context
 * (`currentCorrelationId()` of `pagelope/node`): later middleware, the routes and the error handler. Install it first.
 *
 * @example
 * const app = express();
 * app.use(correlationId());
 * app.get('/whoami', (_req, res) => res.json({ correlationId: res.locals.correlationId }));
 */
export function correlationId(): RequestHandler {
  return (req, res, next) => {
    const id = resolveCorrelationId(req.headers);
    res.setHeader(CORRELATION_ID_HEADER, id);
    res.locals['correlationId'] = id;
    runInRequestContext({ correlationId: id }, next);
  };
}
