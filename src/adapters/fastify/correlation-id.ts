import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CORRELATION_ID_HEADER, resolveCorrelationId } from 'pagelope';
import { isSafeCorrelationId } from 'pagelope/http';

/** Reads (or, when no hook set it yet, resolves and sets) the correlation id of a request. Internal to the adapter. */
export type CorrelationIdOf = (request: FastifyRequest, reply: FastifyReply) => string;

/**
 * Makes the correlation id the first thing resolved for each request of `app`: the app's `genReqId` becomes
 * `resolveCorrelationId(req.headers)` (the request's safe `x-correlation-id`, else a new uuid v4), so `request.id`
 * and Fastify's log lines carry it, and an `onRequest` hook puts it on the response's `x-correlation-id` header before
 * any later hook (a rate limiter's, an authentication's) can answer. When the app reads its request ids from a header
 * of its own (`requestIdHeader`), `request.id` is left to it and the correlation id is resolved from the request's
 * headers in the hook. Returns the reader the plugin's handlers use. Internal to the adapter.
 *
 * @example
 * const correlationIdOf = useCorrelationId(app);
 * app.get('/whoami', (request, reply) => ({ correlationId: correlationIdOf(request, reply) }));
 */
export function useCorrelationId(app: FastifyInstance): CorrelationIdOf {
  const trustRequestId = !app.initialConfig.requestIdHeader;
  if (trustRequestId) app.setGenReqId((req) => resolveCorrelationId(req.headers));
  const resolve = (request: FastifyRequest): string =>
    trustRequestId && isSafeCorrelationId(request.id) ? request.id : resolveCorrelationId(request.headers);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header(CORRELATION_ID_HEADER, resolve(request));
    done();
  });

  return (request, reply) => {
    const current = reply.getHeader(CORRELATION_ID_HEADER);
    if (isSafeCorrelationId(current)) return current;
    // No hook ran (a request Fastify refused before routing), or a hook before ours answered.
    const id = resolve(request);
    if (!reply.sent) reply.header(CORRELATION_ID_HEADER, id);
    return id;
  };
}
