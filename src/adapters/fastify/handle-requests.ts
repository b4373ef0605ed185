import { gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyBodyParser, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CORRELATION_ID_HEADER, resolveCorrelationId, type ReportError } from 'pagelope';
import { createErrorReporter, isSafeCorrelationId, methodNotAllowedError } from 'pagelope/http';
import { routeNotFoundError, splitUrl, toErrorReply, unsupportedMediaTypeError, type Route } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';
import type { AdapterOptions } from '../../http/adapter-options';
import { malformedEncodingError, parseContentEncoding } from '../../http/body-encoding';
import { fromBodyError, fromZlibError } from '../../http/from-body-error';
import { parseJsonBytes } from '../../http/read-node-json-body';
import { routeBodyLimit, routeReadsBody } from '../../http/route-body';

/** The route `config` key of what the plugin mounted: the pagelope route a Fastify route runs, or a 405's `allow`. */
export const MOUNTED = Symbol('pagelope.mounted');

/** Reads (or, when no hook set it yet, resolves and sets) the correlation id of a request. Internal to the adapter. */
export type CorrelationIdOf = (request: FastifyRequest, reply: FastifyReply) => string;

/** What the plugin mounted on the route a request matched (nothing for the app's own routes). */
const mountedOf = (request: FastifyRequest): { readonly route?: Route; readonly allow?: string } =>
  (request.routeOptions.config as { readonly [MOUNTED]?: object } | undefined)?.[MOUNTED] ?? {};

/** `application/*+json` as Fastify hands it to a parser: type and subtype lower-cased, then any parameters. */
const JSON_SUFFIX = /^application\/[\w.!#$&^-]+\+json(?:;|$)/;

/**
 * What the plugin does for every request of the app, its own routes' too. Returns the reader of correlation ids.
 *
 * The correlation id is the first thing resolved: the app's `genReqId` becomes `resolveCorrelationId(req.headers)`,
 * so `request.id` and the log lines carry it (unless the app reads its request ids from a `requestIdHeader` of its
 * own), and an `onRequest` hook puts it on the response before any later hook (a limiter's, an authentication's) can
 * answer, and runs the rest of the request in its context (`pagelope/node`). Fastify reads a body, and finishes a
 * response, outside the context of the hook that started it: a `preValidation` and an `onResponse` hook enter it
 * again, so the app's later hooks, the handler and the error handler run in it. The reader gives the id on the
 * response, else (no hook ran: a request Fastify refused before routing, or a hook before ours answered) the one
 * resolved now, set on the response unless it is sent.
 *
 * Fastify's `application/json` and `text/plain` parsers give way to pagelope's: JSON bodies (`application/json`,
 * `application/*+json`) up to `bodyLimit` bytes (a route's own wins) and `depthLimit` levels, inflated ones too
 * (gzip, deflate), parsed as the Node reader parses its bytes (`parseJsonBytes`), which keeps keys such as
 * `__proto__` for the service's own checks; a body no parser of the app takes is a 415 before it is read. The body of
 * a 404, of a 405 or of a route that reads none (`routeReadsBody`) is ignored. What a parser throws, Fastify answers
 * as its error.
 *
 * Every failure is answered with the error envelope under the request's correlation id (`toErrorReply`): the error
 * handler's (Fastify's refusals of a body as every adapter answers them, `fromBodyError`; a 404 or 405 before any of
 * them, as it does not depend on the body), the not-found handler's and those of the requests Fastify refuses while
 * routing. Each 5xx goes once to `reportError` (default: the request's logger), in the request's context.
 */
export function handleRequests(app: FastifyInstance, options: AdapterOptions<unknown>): CorrelationIdOf {
  const { bodyLimit, depthLimit, reportError } = options;
  const trustRequestId = !app.initialConfig.requestIdHeader;
  if (trustRequestId) app.setGenReqId((req) => resolveCorrelationId(req.headers));
  const correlationIdOf: CorrelationIdOf = (request, reply) => {
    const current = reply.getHeader(CORRELATION_ID_HEADER);
    if (isSafeCorrelationId(current)) return current;
    const id = trustRequestId && isSafeCorrelationId(request.id) ? request.id : resolveCorrelationId(request.headers);
    if (!reply.sent) reply.header(CORRELATION_ID_HEADER, id);
    return id;
  };
  const enter = (request: FastifyRequest, reply: FastifyReply, done: () => void) =>
    runInRequestContext({ correlationId: correlationIdOf(request, reply) }, done);
  // The request's own id, whatever a hook before this one put on the response.
  app.addHook('onRequest', (request, reply, done) => enter(request, reply.removeHeader(CORRELATION_ID_HEADER), done));
  app.addHook('preValidation', enter);
  app.addHook('onResponse', enter);

  const limitOf = (request: FastifyRequest): number => routeBodyLimit(mountedOf(request).route ?? {}, bodyLimit);
  const ignoresBody = (request: FastifyRequest): boolean => {
    const { route, allow } = mountedOf(request);
    return request.is404 || allow !== undefined || (route !== undefined && !routeReadsBody(route));
  };
  const parseJson: FastifyBodyParser<Buffer> = (request, body, done) => {
    if (ignoresBody(request)) return done(null, undefined);
    const encoding = parseContentEncoding(request.headers['content-encoding']);
    const bytes = encoding === undefined ? body : inflate(body, encoding === 'gzip', limitOf(request));
    done(null, parseJsonBytes(bytes, request.headers['content-type'], { depthLimit }));
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, parseJson);
  app.addContentTypeParser(JSON_SUFFIX, { parseAs: 'buffer', bodyLimit }, parseJson);
  app.addContentTypeParser('*', { bodyLimit }, (request, _payload, done) => {
    done(ignoresBody(request) ? null : (unsupportedMediaTypeError() as Error), undefined);
  });

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
    const refused = fromBodyError(error, limitOf(request));
    return send(refused === undefined ? error : (routeErrorOf(request) ?? refused), request, reply);
  });
  app.setNotFoundHandler((request, reply) => send(routeErrorOf(request), request, reply));
  // Fastify sends what it refuses while routing (a malformed path, a parameter over `maxParamLength`) to its server
  // option `frameworkErrors` only, which a plugin cannot pass: set it where Fastify 5 keeps it, unless the app did.
  (serverOptionsOf(app) ?? {}).frameworkErrors ??= (...args: Parameters<typeof send>) => void send(...args);
  return correlationIdOf;
}

/** Inflates a body into at most `limit` bytes: past it a 413, a body that does not inflate a 400. */
function inflate(body: Buffer, gzip: boolean, limit: number): Buffer {
  try {
    return (gzip ? gunzipSync : inflateSync)(body, { maxOutputLength: limit });
  } catch (error) {
    throw fromZlibError(error, limit) ?? malformedEncodingError(error);
  }
}

/** The server options Fastify 5 keeps under `Symbol('fastify.options')` and reads at each request, if found. */
function serverOptionsOf(app: object | null): { frameworkErrors?: unknown } | undefined {
  const key = app && Object.getOwnPropertySymbols(app).find((symbol) => symbol.description === 'fastify.options');
  if (key) return (app as Record<symbol, { frameworkErrors?: unknown } | undefined>)[key];
  return app === null ? undefined : serverOptionsOf(Object.getPrototypeOf(app) as object | null);
}

/** Reports to the request's logger as Fastify logs a 5xx; none under Fastify's default `logger: false` (no level). */
function loggerOf(request: FastifyRequest): ReportError | undefined {
  if (typeof (request.log as { readonly level?: unknown }).level !== 'string') return undefined;
  return (err, info) => request.log.error({ err, ...info }, `${info.method} ${info.path} answered ${info.statusCode}`);
}
