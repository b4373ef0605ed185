import { type ErrorReportingOptions, type ResourceRoutes } from 'pagelope';
import { DEFAULT_BODY_LIMIT, toOpenApiRoute, type OpenApiRouteOptions } from 'pagelope/http';

/** What `locals` returns: what the service's hooks and scopes see as `locals`. */
export type PagelopeLocals = Readonly<Record<string, unknown>>;

/**
 * Options of `PagelopeModule.forRoot`; `TRequest` is the platform's request type `locals` is annotated with.
 *
 * @example
 * const options: PagelopeModuleOptions<FastifyRequest> = {
 *   routes: [defineRoutes(users), defineRoutes(orders)],
 *   bodyLimit: 32_768,
 *   locals: (request) => ({ tenant: request.headers['x-tenant'] }),
 *   openapi: { info: { title: 'Shop API', version: '1.0.0' } },
 * };
 */
export interface PagelopeModuleOptions<TRequest = unknown> extends ErrorReportingOptions {
  /** The routes of one resource (`defineRoutes`), or of several. */
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
  /** Largest JSON request body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /**
   * What the service's hooks and scopes see as `locals`, from the platform's request object (Express's `Request`
   * or Fastify's `FastifyRequest`): for example the user a guard authenticated. Runs for each request to a resource
   * route, after the guards; what it throws is answered by the exception filter.
   */
  readonly locals?: (request: TRequest) => PagelopeLocals | Promise<PagelopeLocals>;
  /**
   * Serve the routes' OpenAPI 3.1 document (`toOpenApi`): `{ info, servers?, path? }`. `GET path` (default
   * `/openapi.json`, below the app's global prefix) answers it as `application/json; charset=utf-8`; another method
   * there is a 405 with `allow: GET`. The document is built once, in `forRoot`.
   */
  readonly openapi?: OpenApiRouteOptions;
  /**
   * Called once for each 5xx the module's exception filter answers (the masked 500, a 503 of an unavailable
   * database, Nest's own 5xx exceptions), with the exception and `{ correlationId, method, path, statusCode }`;
   * never for a 4xx. Default: Nest's `Logger` (with the stack and its causes); `false` reports nothing.
   */
  readonly reportError?: ErrorReportingOptions['reportError'];
}

/** The module's options once checked, with the defaults applied. Internal to the adapter. */
export interface ResolvedOptions {
  /** The resources' routes, then the OpenAPI document's route when the `openapi` option asks for one. */
  readonly mounted: readonly Mountable[];
  readonly bodyLimit: number;
  readonly locals: ((request: object) => PagelopeLocals | Promise<PagelopeLocals>) | undefined;
  readonly reportError: ErrorReportingOptions['reportError'];
}

/** What the module mounts as one controller: a `defineRoutes` result or the OpenAPI document's route. */
export type Mountable = Pick<ResourceRoutes, 'path' | 'routes' | 'allow'>;

/** Characters Nest's routers read as path syntax (path-to-regexp on Express, find-my-way on Fastify). */
const ROUTE_SYNTAX = /[()[\]{}?+!*:\\]/;
const KEYS = new Set(['routes', 'bodyLimit', 'locals', 'openapi', 'reportError']);

/**
 * Checks the options of `PagelopeModule.forRoot` and applies the defaults. Internal to the adapter.
 *
 * @throws TypeError as `PagelopeModule.forRoot` says, its message prefixed with `PagelopeModule.forRoot: `.
 */
export function resolveOptions(options: PagelopeModuleOptions<never>): ResolvedOptions {
  const fail = (message: string): never => {
    throw new TypeError(`PagelopeModule.forRoot: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  for (const key of Object.keys(options)) if (!KEYS.has(key)) fail(`unknown option "${key}"`);
  const { bodyLimit = DEFAULT_BODY_LIMIT, locals, reportError } = options;
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit <= 0)
    fail(`bodyLimit must be a positive integer, got ${String(bodyLimit)}`);
  if (locals !== undefined && typeof locals !== 'function') fail('locals must be a function');
  if (reportError !== undefined && reportError !== false && typeof reportError !== 'function')
    fail('reportError must be a function or false');
  const list: readonly unknown[] = Array.isArray(options.routes) ? options.routes : [options.routes];
  const patterns = new Set<string>();
  for (const item of list) {
    const value = item as Partial<ResourceRoutes> | null;
    if (typeof value !== 'object' || value === null || !Array.isArray(value.routes) || !(value.allow instanceof Map))
      fail('routes must be what defineRoutes returns, or an array of them');
    const routes = value as ResourceRoutes;
    if (ROUTE_SYNTAX.test(routes.path)) fail(`the path ${routes.path} holds characters Nest's routers read as syntax`);
    for (const pattern of routes.allow.keys()) {
      if (patterns.has(pattern)) fail(`two resources mount ${pattern}`);
      patterns.add(pattern);
    }
  }
  if (list.length === 0) fail('routes must name at least one resource');
  const routes = list as readonly ResourceRoutes[];
  let document: Mountable[] = [];
  try {
    if (options.openapi !== undefined) document = [toOpenApiRoute(routes, options.openapi)];
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`PagelopeModule.forRoot: ${error.message}`, { cause: error });
    throw error;
  }
  if (document[0] !== undefined && ROUTE_SYNTAX.test(document[0].path))
    fail(`openapi: the path ${document[0].path} holds characters Nest's routers read as syntax`);
  const mounted = Object.freeze([...routes, ...document]);
  return Object.freeze({ mounted, bodyLimit, locals: locals as ResolvedOptions['locals'], reportError });
}
