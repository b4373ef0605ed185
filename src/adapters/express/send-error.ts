import type { Request, Response } from 'express';
import { CORRELATION_ID_HEADER, errorResponse, type ErrorReportInfo } from 'pagelope';
import { correlationIdOf } from './correlation-id';

/**
 * Answers a request with the error envelope of anything thrown (`errorResponse`), under the request's correlation
 * id, the error's own headers (`allow`, `retry-after`, ...) included. Returns what a reporter is told of the answer.
 * Internal to the adapter.
 */
export function sendError(error: unknown, req: Request, res: Response): ErrorReportInfo {
  const id = correlationIdOf(req, res);
  const { statusCode, headers, body } = errorResponse(error, { headers: { [CORRELATION_ID_HEADER]: id } });
  res.status(statusCode).set(headers).end(JSON.stringify(body));
  return { correlationId: id, method: req.method, path: pathOf(req.originalUrl), statusCode };
}

/** The path of a request URL as the client sent it, without the query string. */
function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}
