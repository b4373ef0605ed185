import type { Router } from 'express';
import { type ResourceRoutes } from 'pagelope';
import { methodNotAllowedError, toOpenApiRoute, type OpenApiRoute, type OpenApiRouteOptions } from 'pagelope/http';
import { correlationIdOf } from './correlation-id';
import { toRoutePath } from './to-route-path';

/**
 * The route of the `openapi` option of {@link resourceRouter}, resolved once at set-up by `toOpenApiRoute`;
 * `undefined` without the option. Internal to the adapter.
 *
 * @throws TypeError for a bad option (an unknown key, a path that is not a plain absolute path or is a resource's
 * own), its message prefixed with `resourceRouter: `.
 */
export function openApiRouteOf(
  routes: ResourceRoutes | readonly ResourceRoutes[],
  options: OpenApiRouteOptions | undefined,
): OpenApiRoute | undefined {
  if (options === undefined) return undefined;
  try {
    return toOpenApiRoute(routes, options);
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`resourceRouter: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * Mounts the OpenAPI document on `router`: `GET path` (HEAD as GET) answers 200 with the document's JSON text
 * (`application/json; charset=utf-8`) and the request's correlation id; any other method there is the 405 envelope
 * with `allow: GET`. Internal to the adapter.
 *
 * @example
 * serveOpenApi(router, toOpenApiRoute(routes, { info: { title: 'Users API', version: '1.0.0' } }));
 */
export function serveOpenApi(router: Router, { path, json }: OpenApiRoute): void {
  router
    .route(toRoutePath(path, path))
    .get((req, res) => {
      correlationIdOf(req, res);
      res.status(200).set('content-type', 'application/json; charset=utf-8').send(json);
    })
    .all((req, _res, next) => {
      next(methodNotAllowedError(req.method, 'GET'));
    });
}
