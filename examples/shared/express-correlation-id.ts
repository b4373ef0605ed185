import type { RequestHandler, Response } from 'express';
import { CORRELATION_ID_HEADER } from 'pagelope';
import type { Demo } from './demo-app';

/**
 * Express middleware (for the Express and NestJS examples) that resolves the request's correlation id once, keeps it
 * in `res.locals` and puts it on the response, so every reply, success or error, carries it. Install it first.
 */
export function expressCorrelationId(demo: Pick<Demo, 'correlationIdOf'>): RequestHandler {
  return (req, res, next) => {
    const id = demo.correlationIdOf(req.headers);
    res.locals['correlationId'] = id;
    res.setHeader(CORRELATION_ID_HEADER, id);
    next();
  };
}

/** The correlation id `expressCorrelationId` resolved for this response's request. */
export const correlationIdOf = (res: Response): string => res.locals['correlationId'] as string;
