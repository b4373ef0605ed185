import type { RequestHandler } from 'express';
import { routeNotFoundError, splitUrl } from 'pagelope/http';
import { sendError } from './error-handler';

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
    sendError(routeNotFoundError(req.method, splitUrl(req.originalUrl).path), req, res);
  };
}
