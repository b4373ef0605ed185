import type { FastifyInstance } from 'fastify';
import { type ResourceRoutes } from 'pagelope';
import { toOpenApiRoute, type OpenApiRoute, type OpenApiRouteOptions } from 'pagelope/http';
import type { CorrelationIdOf } from './correlation-id';
import { routeMethodNotAllowed } from './method-not-allowed-route';
import { noBodyConfig } from './route-config';

/**
 * The route of the plugin's `openapi` option, resolved once by `toOpenApiRoute`; `undefined` without the option.
 * Internal to the adapter.
 *
 * @throws TypeError for a bad option (an unknown key, a path that is not a plain absolute path or is a resource's
 * own, a path holding `*`, a Fastify wildcard), its message prefixed with `pagelope: `.
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
    if (error instanceof TypeError) throw new TypeError(`pagelope: ${error.message}`, { cause: error });
    throw error;
  }
  if (route.path.includes('*'))
    throw new TypeError(`pagelope: openapi: path ${route.path} holds "*", which Fastify reads as a wildcard`);
  return route;
}

/**
 * Registers the OpenAPI document's routes on `app`: `GET path` (and HEAD, while the app exposes head routes) answers
 * 200 with the document's JSON text (`application/json; charset=utf-8`) and the request's correlation id; any other
 * method there is the 405 envelope with `allow: GET`. Internal to the adapter.
 *
 * @example
 * serveOpenApi(app, openApiRoute, correlationIdOf);
 */
export function serveOpenApi(app: FastifyInstance, { path, json }: OpenApiRoute, correlationIdOf: CorrelationIdOf) {
  app.route({
    method: 'GET',
    url: path,
    config: noBodyConfig(),
    handler: async (request, reply) => {
      correlationIdOf(request, reply);
      return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(json);
    },
  });
  routeMethodNotAllowed(app, path, 'GET', ['GET']);
}
