import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CORRELATION_ID_HEADER, resolveCorrelationId } from 'pagelope';
import { isSafeCorrelationId } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';

/** Reads (or, when no hook set it yet, resolves and sets) the correlation id of a request. Internal to the adapter. */
export type CorrelationIdOf = (request: FastifyRequest, reply: FastifyReply) => string;

/**
 * Makes the correlation id the first thing resolved for each request: the app's `genReqId` becomes
 * `resolveCorrelationId(req.headers)`, so `request.id` and the log lines carry it (unless the app reads its request
 * ids from a `requestIdHeader` of its own), and an `onRequest` hook puts it on the response before any later hook
 * (a limiter's, an authentication's) can answer, and runs the rest of the request in its context (`pagelope/node`).
 * Fastify reads a body, and finishes a response, outside the context of the hook that started it: a `preValidation`
 * and an `onResponse` hook enter it again, so the app's later hooks, the handler and the error handler run in it.
 * Returns the reader the handlers use: the id on the response, else (no hook ran: a request Fastify refused before
 * routing, or a hook before ours answered) the one resolved now, set on the response unless it is sent. Internal.
 */
export function useCorrelationId(app: FastifyInstance): CorrelationIdOf {
  const trustRequestId = !app.initialConfig.requestIdHeader;
  if (trustRequestId) app.setGenReqId((req) => resolveCorrelationId(req.headers));
  const idOf: CorrelationIdOf = (request, reply) => {
    const current = reply.getHeader(CORRELATION_ID_HEADER);
    if (isSafeCorrelationId(current)) return current;
    const id = trustRequestId && isSafeCorrelationId(request.id) ? request.id : resolveCorrelationId(request.headers);
    if (!reply.sent) reply.header(CORRELATION_ID_HEADER, id);
    return id;
  };
  const enter = (request: FastifyRequest, reply: FastifyReply, done: () => void) =>
    runInRequestContext({ correlationId: idOf(request, reply) }, done);
  // The request's own id, whatever a hook before this one put on the response.
  app.addHook('onRequest', (request, reply, done) => enter(request, reply.removeHeader(CORRELATION_ID_HEADER), done));
  app.addHook('preValidation', enter);
  app.addHook('onResponse', enter);
  return idOf;
}
