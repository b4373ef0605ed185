import type { ErrorReportingOptions, ResourceRoutes } from 'pagelope';
import { toMountableRoutes, type MountableRoutes, type OpenApiRouteOptions } from 'pagelope/http';
import { readAdapterOptions, type AdapterOptions } from '../../http/adapter-options';

/** What `locals` returns: what the service's hooks and scopes see as `locals`. */
type PagelopeLocals = Readonly<Record<string, unknown>>;

/**
 * Options of `PagelopeModule.forRoot`; `TRequest` is the platform's request type `locals` takes. `reportError` is
 * called once for each 5xx the filter answers, never a 4xx; default Nest's `Logger`, `false` reports nothing.
 *
 * @example
 * const options: PagelopeModuleOptions<FastifyRequest> = { routes: [users, orders], locals: (req) => ({ ip: req.ip }) };
 */
export interface PagelopeModuleOptions<TRequest = unknown> extends ErrorReportingOptions {
  /** The routes of one resource (`defineRoutes`), or of several. */
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
  /** Largest JSON request body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /** Deepest nesting of arrays and objects in a JSON request body (default `DEFAULT_DEPTH_LIMIT`, 64); deeper is a 400. */
  readonly depthLimit?: number;
  /** `locals` of the service's hooks and scopes, from the platform's request, after the guards (say, their user). */
  readonly locals?: (request: TRequest) => PagelopeLocals | Promise<PagelopeLocals>;
  /** Serve the routes' OpenAPI document (`toOpenApiRoute`) at `path` (default `/openapi.json`) below the prefix. */
  readonly openapi?: OpenApiRouteOptions;
}

/** The module's options once checked, with the defaults applied: `mounted` ends with the document's route. */
export interface ResolvedOptions extends AdapterOptions<(request: object) => PagelopeLocals | Promise<PagelopeLocals>> {
  readonly mounted: readonly MountableRoutes[];
}

const NAME = 'PagelopeModule.forRoot';
/** Characters Nest's routers read as path syntax (path-to-regexp on Express, find-my-way on Fastify). */
const ROUTE_SYNTAX = /[()[\]{}?+!*:\\]/;
const KEYS = new Set(['routes', 'bodyLimit', 'depthLimit', 'locals', 'openapi', 'reportError']);

/**
 * Checks the options of `PagelopeModule.forRoot` (`readAdapterOptions`, `toMountableRoutes`, Nest's path syntax).
 *
 * @throws TypeError as `PagelopeModule.forRoot` says, its message prefixed with `PagelopeModule.forRoot: `.
 */
export function resolveOptions(options: PagelopeModuleOptions<never>): ResolvedOptions {
  const fail = (message: string): never => {
    throw new TypeError(`${NAME}: ${message}`);
  };
  const { bodyLimit, depthLimit, locals, reportError } = readAdapterOptions(NAME, options);
  for (const key of Object.keys(options)) if (!KEYS.has(key)) fail(`unknown option "${key}"`);
  if (Array.isArray(options.routes) && options.routes.length === 0) fail('routes must name at least one resource');
  const mounted = toMountableRoutes(options.routes, { name: NAME, openapi: options.openapi });
  for (const [index, { path }] of mounted.entries()) {
    const openapi = options.openapi !== undefined && index === mounted.length - 1 ? 'openapi: ' : '';
    if (ROUTE_SYNTAX.test(path)) fail(`${openapi}the path ${path} holds characters Nest's routers read as syntax`);
  }
  return Object.freeze({
    mounted,
    bodyLimit,
    depthLimit,
    locals: locals as ResolvedOptions['locals'],
    reportError,
  });
}
