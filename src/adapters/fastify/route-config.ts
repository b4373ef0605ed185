import type { FastifyContextConfig, FastifyRequest } from 'fastify';

/** Route `config` key of the plugin's 405 routes: the `allow` header value of their path. */
const ALLOW = Symbol('pagelope.allow');
/** Route `config` key of the plugin's routes that take no body (DELETE and the 405s): bodies are not parsed. */
const NO_BODY = Symbol('pagelope.noBody');

/** The route `config` of a 405 route of a path that takes `allow`. Internal to the adapter. */
export const methodNotAllowedConfig = (allow: string): FastifyContextConfig =>
  ({ [ALLOW]: allow, [NO_BODY]: true }) as FastifyContextConfig;

/** The route `config` of a route that reads no body. Internal to the adapter. */
export const noBodyConfig = (): FastifyContextConfig => ({ [NO_BODY]: true }) as FastifyContextConfig;

function configOf(request: FastifyRequest): Readonly<Record<symbol, unknown>> | undefined {
  return request.routeOptions.config as unknown as Readonly<Record<symbol, unknown>> | undefined;
}

/**
 * The `allow` header value when the request matched one of the plugin's 405 routes, else `undefined`. Internal to the
 * adapter.
 *
 * @example
 * const allow = allowOf(request); // 'GET, POST' for PUT /users
 */
export function allowOf(request: FastifyRequest): string | undefined {
  const allow = configOf(request)?.[ALLOW];
  return typeof allow === 'string' ? allow : undefined;
}

/**
 * Whether the request's answer never depends on its body: an unknown route (404), a 405, or a route of the plugin
 * that takes none. Internal to the adapter.
 *
 * @example
 * if (ignoresBody(request)) return done(null, undefined);
 */
export function ignoresBody(request: FastifyRequest): boolean {
  return request.is404 || configOf(request)?.[NO_BODY] === true;
}
