import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, type ErrorReportInfo, type ReportError } from 'pagelope';
import {
  bodyTooLargeError,
  createErrorReporter,
  methodNotAllowedError,
  routeNotFoundError,
  splitUrl,
  toErrorReply,
  unsupportedMediaTypeError,
} from 'pagelope/http';
import type { CorrelationIdOf } from './correlation-id';
import { allowOf } from './mount-routes';

const malformedJson = (_limit: number, cause: unknown) => new HttpError(400, 'Malformed JSON body', { cause });

/** Fastify's own errors for a body it could not take, by code, to the answers every pagelope adapter gives. */
const BODY_ERRORS: ReadonlyMap<string, (limit: number, cause: unknown) => unknown> = new Map([
  ['FST_ERR_CTP_BODY_TOO_LARGE', (limit: number) => bodyTooLargeError(limit)],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', () => unsupportedMediaTypeError()],
  ['FST_ERR_ROUTE_MISSING_CONTENT_TYPE', () => unsupportedMediaTypeError()],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', malformedJson],
  ['FST_ERR_CTP_INVALID_JSON_BODY', malformedJson],
]);

/** What the handlers need: the body limit (for the 413's message), the reporter option, the correlation id. */
export interface ErrorHandling {
  readonly bodyLimit: number;
  readonly reportError: ReportError | false | undefined;
  readonly correlationIdOf: CorrelationIdOf;
}

/**
 * Answers every failure of `app` with the error envelope (`toErrorReply`) under the request's correlation id: its
 * error handler (Fastify's body errors as 413, 415 and 400 `Malformed JSON body`; a 404 or 405 before any body error),
 * its not-found handler (404 `Cannot GET /path`) and the requests Fastify refuses while routing (`frameworkErrors`).
 * Each 5xx is reported once to `reportError`, by default the request's logger. Internal to the adapter.
 *
 * @example
 * handleErrors(app, { bodyLimit, reportError, correlationIdOf });
 */
export function handleErrors(app: FastifyInstance, { bodyLimit, reportError, correlationIdOf }: ErrorHandling): void {
  const send = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const correlationId = correlationIdOf(request, reply);
    const answer = toErrorReply(error, { correlationId, method: request.method, url: request.originalUrl });
    reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
    if (answer.statusCode >= 500 && reportError !== false)
      createErrorReporter(reportError, hasLogger(request) ? logTo(request) : undefined)(error, answer.info);
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
    return send(translate === undefined ? error : translate(bodyLimit, error), request, reply);
  });
  app.setNotFoundHandler((request, reply) => send(notFound(request), request, reply));
  adoptFrameworkErrors(app, (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    send(error, request, reply);
  });
}

/**
 * Answers through `handler` the requests Fastify refuses while routing, before any hook (a malformed path, a
 * parameter over `maxParamLength`, a failing async constraint): Fastify sends those to its `frameworkErrors` server
 * option only, which a plugin cannot pass, so this sets it on the options object Fastify 5 keeps under
 * `Symbol('fastify.options')`. An app's own `frameworkErrors` is kept; elsewhere this does nothing.
 */
function adoptFrameworkErrors(app: FastifyInstance, handler: unknown): void {
  for (let target: object | null = app; target !== null; target = Object.getPrototypeOf(target) as object | null) {
    const key = Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === 'fastify.options');
    if (key === undefined) continue;
    const options = (target as Record<symbol, { frameworkErrors?: unknown } | null>)[key];
    const taken = options?.frameworkErrors !== undefined && options.frameworkErrors !== null;
    if (typeof options === 'object' && options !== null && !taken) options.frameworkErrors = handler;
    return;
  }
}

/** Whether the app has a logger: Fastify's default (`logger: false`) has no level and writes nothing. */
const hasLogger = (request: FastifyRequest) => typeof (request.log as { readonly level?: unknown }).level === 'string';

/** Reports to the request's logger, as Fastify's own error handler logs a 5xx. */
const logTo =
  (request: FastifyRequest) =>
  (error: unknown, { correlationId, method, path, statusCode }: ErrorReportInfo): void => {
    request.log.error(
      { err: error, correlationId, method, path, statusCode },
      `${method} ${path} answered ${statusCode}`,
    );
  };
