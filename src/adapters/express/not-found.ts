import type { RequestHandler } from 'express';
import { routeNotFoundError } from 'pagelope/http';
import { sendError } from './send-error';

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
    const url = req.originalUrl;
    const query = url.indexOf('?');
    sendError(routeNotFoundError(req.method, query === -1 ? url : url.slice(0, query)), req, res);
  };
}
