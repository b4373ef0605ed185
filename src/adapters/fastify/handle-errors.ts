import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReportError } from 'pagelope';
import type { AdapterOptions } from '../../http/adapter-options';
import { createErrorReporter, methodNotAllowedError, routeNotFoundError, splitUrl, toErrorReply } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';
import { bodyLimitOf, fromBodyError, mountedOf } from './body-parsers';
import type { CorrelationIdOf } from './correlation-id';

/**
 * Answers every failure of `app` with the error envelope under the request's correlation id (`toErrorReply`): the
 * error handler (Fastify's body errors translated, `fromBodyError`; a 404 or 405 before any of them, as it does not
 * depend on the body), the not-found handler and the requests Fastify refuses while routing. Each 5xx goes once to
 * `reportError` (default: the request's logger), in the request's context. Internal to the adapter.
 */
export function handleErrors(
  app: FastifyInstance,
  { bodyLimit, reportError, correlationIdOf }: AdapterOptions<unknown> & { readonly correlationIdOf: CorrelationIdOf },
): void {
  const send = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const correlationId = correlationIdOf(request, reply);
    const answer = toErrorReply(error, { correlationId, method: request.method, url: request.originalUrl });
    reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
    const report = () => createErrorReporter(reportError, loggerOf(request))(error, answer.info);
    if (answer.statusCode >= 500) runInRequestContext({ correlationId }, report);
    return reply;
  };
  /** The 404 or the 405 of a request no route of the app or the plugin's took, else `undefined`. */
  const routeErrorOf = (request: FastifyRequest) => {
    const { allow } = mountedOf(request);
    if (request.is404) return routeNotFoundError(request.method, splitUrl(request.raw.url ?? '/').path);
    return allow === undefined ? undefined : methodNotAllowedError(request.method, allow);
  };
  app.setErrorHandler((error, request, reply) => {
    const refused = fromBodyError(error, bodyLimitOf(request, bodyLimit));
    return send(refused === undefined ? error : (routeErrorOf(request) ?? refused), request, reply);
  });
  app.setNotFoundHandler((request, reply) => send(routeErrorOf(request), request, reply));
  // Fastify sends what it refuses while routing (a malformed path, a parameter over `maxParamLength`) to its server
  // option `frameworkErrors` only, which a plugin cannot pass: set it where Fastify 5 keeps it, unless the app did.
  const server = serverOptionsOf(app) ?? {};
  server.frameworkErrors ??= (error: unknown, request: FastifyRequest, reply: FastifyReply) =>
    void send(error, request, reply);
}

/** The server options Fastify 5 keeps under `Symbol('fastify.options')` and reads at each request, if found. */
function serverOptionsOf(app: FastifyInstance): { frameworkErrors?: unknown } | undefined {
  for (let target: object | null = app; target !== null; target = Object.getPrototypeOf(target) as object | null) {
    const key = Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === 'fastify.options');
    if (key !== undefined) return (target as Record<symbol, { frameworkErrors?: unknown } | undefined>)[key];
  }
  return undefined;
}

/** Reports to the request's logger as Fastify logs a 5xx; none under Fastify's default `logger: false` (no level). */
function loggerOf(request: FastifyRequest): ReportError | undefined {
  if (typeof (request.log as { readonly level?: unknown }).level !== 'string') return undefined;
  return (err, { correlationId, method, path, statusCode }) => {
    request.log.error({ err, correlationId, method, path, statusCode }, `${method} ${path} answered ${statusCode}`);
  };
}
