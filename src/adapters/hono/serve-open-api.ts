import type { Env, Hono } from 'hono';
import { type ResourceRoutes } from 'pagelope';
import { methodNotAllowedError, toOpenApiRoute, type OpenApiRoute, type OpenApiRouteOptions } from 'pagelope/http';
import { correlationIdOf } from './correlation-id-of';
import { toRoutePath } from './to-route-path';

/**
 * The route of the `openapi` option of `resourceRoutes`, resolved once by `toOpenApiRoute`; `undefined` without the
 * option. Internal to the adapter.
 *
 * @throws TypeError for a bad option (an unknown key, a path that is not a plain absolute path or is a resource's
 * own, a path holding `*`, a wildcard to Hono), its message prefixed with `resourceRoutes: `.
 */
export function openApiRouteOf(
  routes: readonly ResourceRoutes[],
  options: OpenApiRouteOptions | undefined,
): OpenApiRoute | undefined {
  if (options === undefined) return undefined;
  let route: OpenApiRoute;
  try {
    route = toOpenApiRoute(routes, options);
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`resourceRoutes: ${error.message}`, { cause: error });
    throw error;
  }
  if (route.path.includes('*'))
    throw new TypeError(`resourceRoutes: openapi: Hono reads "*" as a wildcard, so it cannot serve ${route.path}`);
  return route;
}

/**
 * Adds the OpenAPI document's routes to `app`: `GET path` (HEAD as GET) answers 200 with the document's JSON text
 * (`application/json; charset=utf-8`); any other method there throws the 405 with `allow: GET` for `onError`.
 * Internal to the adapter.
 *
 * @example
 * serveOpenApi(app, toOpenApiRoute(routes, { info: { title: 'Users API', version: '1.0.0' } }));
 */
export function serveOpenApi<E extends Env>(app: Hono<E>, { path, json }: OpenApiRoute): void {
  const routePath = toRoutePath(path);
  app.get(routePath, (c) => {
    correlationIdOf(c);
    return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  app.all(routePath, (c) => {
    throw methodNotAllowedError(c.req.method, 'GET');
  });
}
