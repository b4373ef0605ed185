import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import {
  CORRELATION_ID_HEADER,
  errorResponse,
  type ErrorReportInfo,
  type ErrorReportingOptions,
  type ResourceRoutes,
} from 'pagelope';
import {
  createErrorReporter,
  DEFAULT_BODY_LIMIT,
  isJsonContentType,
  methodNotAllowedError,
  routeNotFoundError,
  type OpenApiRoute,
  type OpenApiRouteOptions,
  type Route,
} from 'pagelope/http';
import { adoptFrameworkErrors } from './adopt-framework-errors';
import { addBodyParsers, unsupportedMediaType } from './body-parsers';
import { useCorrelationId, type CorrelationIdOf } from './correlation-id';
import { fromFastifyError, isFastifyBodyError } from './from-fastify-error';
import { routeMethodNotAllowed } from './method-not-allowed-route';
import { responseSchemaOf } from './response-schema';
import { allowOf, noBodyConfig } from './route-config';
import { openApiRouteOf, serveOpenApi } from './serve-open-api';

/** Options of the {@link pagelope} plugin. */
export interface PagelopeFastifyOptions extends ErrorReportingOptions {
  /** What `defineRoutes` returned, for one resource or several. */
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
  /** Largest JSON body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /**
   * What the service's hooks and scopes see as `locals`, from the request: for example the user an authentication hook
   * put on it. Runs for every request of a pagelope route, after its body is parsed; what it throws (or rejects with)
   * is answered with the error envelope.
   */
  readonly locals?: (request: FastifyRequest, reply: FastifyReply) => object | Promise<object>;
  /**
   * Serve the routes' OpenAPI 3.1 document (`toOpenApi`): `{ info, servers?, path? }`. `GET path` (default
   * `/openapi.json`) answers it as `application/json; charset=utf-8`, HEAD as GET; another method there is a 405 with
   * `allow: GET`. The document is built once, when the plugin is registered.
   */
  readonly openapi?: OpenApiRouteOptions;
  /**
   * Called once for each 5xx the plugin answers (the masked 500, a 503 of an unavailable database, ...), with the
   * error thrown and `{ correlationId, method, path, statusCode }`; never for a 4xx. Default: the request's logger,
   * `request.log.error({ err, correlationId, method, path, statusCode }, message)`, or `console.error` when the app
   * has none (Fastify's default `logger: false`); `false` reports nothing. What it throws never reaches the client
   * (the default reports the error instead).
   */
  readonly reportError?: ErrorReportingOptions['reportError'];
}

type Locals = PagelopeFastifyOptions['locals'];

/**
 * The pagelope plugin for Fastify 5: `app.register(pagelope, { routes, bodyLimit?, locals?, openapi? })` mounts every
 * route of one or more resources (`defineRoutes`) with response schemas for Fastify's serializer, and, with `openapi`,
 * their OpenAPI document (`GET /openapi.json` unless its `path` says otherwise). It applies to the whole app, as if
 * wrapped in `fastify-plugin`:
 * - the correlation id is the app's request id (`genReqId`), resolved before anything else, and an `onRequest` hook
 *   sets it on every response (the app's own routes included);
 * - the app's content-type parsers become pagelope's: `application/json` and `application/*+json` bodies up to
 *   `bodyLimit` bytes, parsed from their text (so the service's checks of `__proto__`, `constructor` and `prototype`
 *   keys answer, not Fastify's); a body of any other type, or of none, is a 415;
 * - the error handler, the not-found handler (404 `Cannot GET /path`) and the requests Fastify refuses while routing
 *   (a malformed path: 400; a parameter over `maxParamLength`: 414) answer with `errorResponse`'s envelope, Fastify's
 *   own body errors translated to the messages every adapter gives (413, 415, 400 `Malformed JSON body`);
 * - every other method on a resource path is a 405 with `allow` (`{path}/cursor` never falls through to `{path}/:id`);
 * - each 5xx those handlers answer is reported once, with the original error and the correlation id the client
 *   received, to `reportError`, by default the request's logger (`request.log.error`; `console.error` under Fastify's
 *   default `logger: false`); `reportError: false` for none.
 *
 * Register it first, so that its hook runs before the app's own (a rate limiter's rejection thrown as a 429
 * `TooManyRequestsError` becomes the envelope with its `retry-after`); an error or not-found handler the app sets on
 * the same instance replaces the plugin's.
 *
 * @throws TypeError (the app's `ready` rejects) for `routes` that are not `defineRoutes`' result, a `bodyLimit` that is
 * not a positive integer, a `locals` that is not a function, a `reportError` that is neither a function nor `false`, a
 * resource path with `*` (a Fastify wildcard), a bad
 * `openapi` option (see `toOpenApiRoute`; a path with `*` too), or a second registration on the same app.
 * @example
 * const app = Fastify({ clientErrorHandler: clientErrorListener(), requestTimeout: 30_000 });
 * app.register(pagelope, {
 *   routes: defineRoutes(users),
 *   locals: (request) => ({ user: request.headers['x-user'] }),
 *   openapi: { info: { title: 'Users API', version: '1.0.0' } },
 * });
 * app.get('/health', async () => ({ ok: true }));
 */
export const pagelope: FastifyPluginCallback<PagelopeFastifyOptions> = Object.assign(register, {
  // What `fastify-plugin` sets: the plugin decorates the instance it is registered on, not a child of it.
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'pagelope',
  [Symbol.for('plugin-meta')]: { name: 'pagelope', fastify: '5.x' },
});

/** The decoration that marks an app the plugin is registered on. */
const REGISTERED = Symbol.for('pagelope.registered');

function register(app: FastifyInstance, options: PagelopeFastifyOptions, done: (error?: Error) => void): void {
  let list: readonly ResourceRoutes[];
  let bodyLimit: number;
  let openApiRoute: OpenApiRoute | undefined;
  try {
    ({ list, bodyLimit, openApiRoute } = readOptions(options));
    if (app.hasDecorator(REGISTERED))
      throw new TypeError('pagelope: the plugin is registered once per app; pass every resource in one routes array');
  } catch (error) {
    done(error as Error);
    return;
  }
  app.decorate(REGISTERED, true);
  const { locals, reportError } = options;
  const correlationIdOf = useCorrelationId(app);
  const send = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const id = correlationIdOf(request, reply);
    const { statusCode, headers, body } = errorResponse(error, { headers: { [CORRELATION_ID_HEADER]: id } });
    reply.code(statusCode).headers(headers).send(body);
    if (statusCode >= 500 && reportError !== false) {
      const info = { correlationId: id, method: request.method, path: pathOf(request.originalUrl), statusCode };
      createErrorReporter(reportError, hasLogger(request) ? logTo(request) : undefined)(error, info);
    }
    return reply;
  };
  const notFound = (request: FastifyRequest) => routeNotFoundError(request.method, pathOf(request.raw.url));

  addBodyParsers(app, bodyLimit);
  app.setErrorHandler((error, request, reply) => {
    let answer: unknown = error;
    if (isFastifyBodyError(error)) {
      // A 404 or 405 does not depend on the body: Fastify's refusal of it does not answer first.
      const allow = allowOf(request);
      if (request.is404) answer = notFound(request);
      else if (allow !== undefined) answer = methodNotAllowedError(request.method, allow);
    }
    return send(fromFastifyError(answer, bodyLimit), request, reply);
  });
  app.setNotFoundHandler((request, reply) => send(notFound(request), request, reply));
  adoptFrameworkErrors(app, (error, request, reply) => void send(error, request, reply));

  try {
    if (openApiRoute !== undefined) serveOpenApi(app, openApiRoute, correlationIdOf);
    for (const resource of list) mount(app, resource, correlationIdOf, locals);
  } catch (error) {
    done(error as Error);
    return;
  }
  done();
}

interface ReadOptions {
  readonly list: readonly ResourceRoutes[];
  readonly bodyLimit: number;
  readonly openApiRoute: OpenApiRoute | undefined;
}

function readOptions(options: PagelopeFastifyOptions): ReadOptions {
  const fail = (message: string): never => {
    throw new TypeError(`pagelope: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  const { routes, bodyLimit = DEFAULT_BODY_LIMIT, locals } = options;
  const list: readonly unknown[] = Array.isArray(routes) ? routes : [routes];
  for (const item of list) {
    const value = item as Partial<ResourceRoutes> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      !Array.isArray(value.routes) ||
      !(value.allow instanceof Map) ||
      !(value.resource?.fields instanceof Map)
    )
      fail('routes must be what defineRoutes returns, or an array of them');
    for (const pattern of (value as ResourceRoutes).allow.keys()) {
      if (pattern.includes('*')) fail(`path ${pattern} holds "*", which Fastify reads as a wildcard`);
    }
  }
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit <= 0)
    fail(`bodyLimit must be a positive integer, got ${String(bodyLimit)}`);
  if (locals !== undefined && typeof locals !== 'function') fail('locals must be a function');
  const { reportError } = options;
  if (reportError !== undefined && reportError !== false && typeof reportError !== 'function')
    fail('reportError must be a function or false');
  const resources = list as readonly ResourceRoutes[];
  return { list: resources, bodyLimit, openApiRoute: openApiRouteOf(resources, options.openapi) };
}

/** Registers each route of one resource, and a 405 route for every other method on each of its paths. */
function mount(app: FastifyInstance, resource: ResourceRoutes, correlationIdOf: CorrelationIdOf, locals: Locals) {
  for (const [pattern, allow] of resource.allow) {
    const taken = new Set<string>();
    for (const route of resource.routes) {
      if (route.path !== pattern) continue;
      taken.add(route.method);
      app.route({
        method: route.method,
        url: pattern,
        schema: { response: responseSchemaOf(route, resource.resource) },
        ...(route.method === 'DELETE' ? { config: noBodyConfig() } : {}),
        handler: handlerOf(route, correlationIdOf, locals),
      });
    }
    routeMethodNotAllowed(app, pattern, allow, taken);
  }
}

const WITH_BODY = new Set<string>(['POST', 'PUT', 'PATCH']);

function handlerOf(route: Route, correlationIdOf: CorrelationIdOf, locals: Locals): RouteHandlerMethod {
  const withBody = WITH_BODY.has(route.method);
  return async (request, reply) => {
    // A body another parser of the app took (one added after the plugin's) is still not JSON: the 415.
    if (withBody && request.body !== undefined && !isJsonContentType(request.headers['content-type']))
      throw unsupportedMediaType();
    const url = request.raw.url ?? '';
    const at = url.indexOf('?');
    const context = locals === undefined ? undefined : ((await locals(request, reply)) as Record<string, unknown>);
    const result = await route.handle({
      params: request.params as { readonly id?: string },
      query: at === -1 ? '' : url.slice(at + 1),
      // As the client sent it: with `rewriteUrl`, `raw.url` is the rewritten URL and `originalUrl` the one received.
      path: pathOf(request.originalUrl),
      body: request.body,
      headers: request.headers,
      correlationId: correlationIdOf(request, reply),
      locals: context,
    });
    return reply.code(result.status).headers(result.headers).send(result.body);
  };
}

/**
 * Whether the app has a logger: Fastify's default (`logger: false`) is a logger without a level that writes nothing,
 * where a 5xx would leave no trace; `console.error` reports there instead. A logger set to `silent` is respected.
 */
function hasLogger(request: FastifyRequest): boolean {
  return typeof (request.log as { readonly level?: unknown }).level === 'string';
}

/** Reports to the request's logger, as Fastify's own error handler logs a 5xx. */
function logTo(request: FastifyRequest) {
  return (error: unknown, info: ErrorReportInfo): void => {
    const { correlationId, method, path, statusCode } = info;
    request.log.error(
      { err: error, correlationId, method, path, statusCode },
      `${method} ${path} answered ${statusCode}`,
    );
  };
}

/** The path of a request URL, without its query string. */
function pathOf(url: string | undefined): string {
  const value = url ?? '/';
  const at = value.indexOf('?');
  return at === -1 ? value : value.slice(0, at);
}
