import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReportError } from 'pagelope';
import {
  bodyTooLargeError,
  createErrorReporter,
  methodNotAllowedError,
  routeNotFoundError,
  splitUrl,
  toErrorReply,
  unsupportedMediaTypeError,
} from 'pagelope/http';
import { malformedJsonError } from '../../http/malformed-json-error';
import { runInRequestContext } from 'pagelope/node';
import type { CorrelationIdOf } from './correlation-id';
import { allowOf, bodyLimitOf } from './mount-routes';

/** Fastify's own errors for a body it could not take, by code, to the answers every pagelope adapter gives. */
const BODY_ERRORS: ReadonlyMap<string, (limit: number, cause: unknown) => unknown> = new Map([
  ['FST_ERR_CTP_BODY_TOO_LARGE', (limit: number) => bodyTooLargeError(limit)],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', unsupportedMediaTypeError],
  ['FST_ERR_ROUTE_MISSING_CONTENT_TYPE', unsupportedMediaTypeError],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', (_limit: number, cause: unknown) => malformedJsonError(cause)],
  ['FST_ERR_CTP_INVALID_JSON_BODY', (_limit: number, cause: unknown) => malformedJsonError(cause)],
]);

/**
 * Answers every failure of `app` with the error envelope under the request's correlation id (`toErrorReply`): the
 * error handler (Fastify's body errors translated; a 404 or 405 before any of them), the not-found handler and the
 * requests Fastify refuses while routing. Each 5xx goes once to `reportError` (default: the request's logger).
 */
export function handleErrors(
  app: FastifyInstance,
  options: { bodyLimit: number; reportError: ReportError | false | undefined; correlationIdOf: CorrelationIdOf },
): void {
  const { bodyLimit, reportError, correlationIdOf } = options;
  const send = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const correlationId = correlationIdOf(request, reply);
    const answer = toErrorReply(error, { correlationId, method: request.method, url: request.originalUrl });
    reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
    if (answer.statusCode >= 500 && reportError !== false)
      runInRequestContext({ correlationId }, () =>
        createErrorReporter(reportError, loggerOf(request))(error, answer.info),
      );
    return reply;
  };
  const notFound = (request: FastifyRequest) =>
    routeNotFoundError(request.method, splitUrl(request.raw.url ?? '/').path);
  app.setErrorHandler((error, request, reply) => {
    const code = (error as { readonly code?: unknown } | null)?.code;
    const translate = typeof code === 'string' ? BODY_ERRORS.get(code) : undefined;
    if (translate !== undefined || (typeof code === 'string' && code.startsWith('FST_ERR_CTP_'))) {
      // A 404 or 405 does not depend on the body: Fastify's refusal of it does not answer first.
      const allow = allowOf(request);
      if (request.is404) return send(notFound(request), request, reply);
      if (allow !== undefined) return send(methodNotAllowedError(request.method, allow), request, reply);
    }
    return send(translate === undefined ? error : translate(bodyLimitOf(request, bodyLimit), error), request, reply);
  });
  app.setNotFoundHandler((request, reply) => send(notFound(request), request, reply));
  // Fastify sends what it refuses while routing (a malformed path, a parameter over `maxParamLength`) to its server
  // option `frameworkErrors` only, which a plugin cannot pass: set it where Fastify 5 keeps it, unless the app did.
  const server = serverOptionsOf(app);
  if (server !== undefined && server.frameworkErrors == null)
    server.frameworkErrors = (error: unknown, request: FastifyRequest, reply: FastifyReply) =>
      void send(error, request, reply);
}

/** The server options Fastify 5 keeps under `Symbol('fastify.options')` and reads at each request, if found. */
function serverOptionsOf(app: FastifyInstance): { frameworkErrors?: unknown } | undefined {
  for (let target: object | null = app; target !== null; target = Object.getPrototypeOf(target) as object | null) {
    const key = Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === 'fastify.options');
    const options = key === undefined ? undefined : (target as Record<symbol, unknown>)[key];
    if (key !== undefined) return typeof options === 'object' && options !== null ? options : undefined;
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
