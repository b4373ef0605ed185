import type { Request, Response } from 'express';
import { CORRELATION_ID_HEADER, errorResponse } from 'pagelope';
import { correlationIdOf } from './correlation-id';

/**
 * Answers a request with the error envelope of anything thrown (`errorResponse`), under the request's correlation
 * id, the error's own headers (`allow`, `retry-after`, ...) included. Internal to the adapter.
 */
export function sendError(error: unknown, req: Request, res: Response): void {
  const id = correlationIdOf(req, res);
  const { statusCode, headers, body } = errorResponse(error, { headers: { [CORRELATION_ID_HEADER]: id } });
  res.status(statusCode).set(headers).end(JSON.stringify(body));
}
