import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import {
  createEdge,
  handleExchange,
  methodNotAllowedError,
  splitUrl,
  unsupportedMediaTypeError,
  type Edge,
} from 'pagelope/http';
import { isJsonContentType } from '../../http/json-body';
import type { Resource } from 'pagelope';
import { type MountableRoutes, type Route } from 'pagelope/http';
import { responseSchemaOf } from '../../http/response-schema-of';
import { routeBodyLimit, routeReadsBody } from '../../http/route-body';
import type { CorrelationIdOf } from './correlation-id';

/** The plugin's `locals` option. */
type Locals = ((request: FastifyRequest, reply: FastifyReply) => object | Promise<object>) | undefined;

/** Route `config` keys: the `allow` value of a 405 route's path; the pagelope route a Fastify route runs. */
const ALLOW = Symbol('pagelope.allow');
const ROUTE = Symbol('pagelope.route');

const configOf = (request: FastifyRequest) =>
  request.routeOptions.config as unknown as Readonly<Record<symbol, unknown>> | undefined;

/** The `allow` value when the request matched one of the plugin's 405 routes, else `undefined`. Internal. */
export function allowOf(request: FastifyRequest): string | undefined {
  return configOf(request)?.[ALLOW] as string | undefined;
}

/** The body limit of the route the request matched: its own `bodyLimit`, else `fallback`. Internal to the adapter. */
export const bodyLimitOf = (request: FastifyRequest, fallback: number): number =>
  routeBodyLimit((configOf(request)?.[ROUTE] as Route | undefined) ?? {}, fallback);

/** Whether the request's answer never depends on its body: a 404, a 405, a route reading none (`routeReadsBody`). */
export function ignoresBody(request: FastifyRequest): boolean {
  const route = configOf(request)?.[ROUTE] as Route | undefined;
  return request.is404 || allowOf(request) !== undefined || (route !== undefined && !routeReadsBody(route));
}

/**
 * Registers each route of every item (a resource's routes, the OpenAPI document's), with its response schema, and on
 * each path a 405 route for every other method the app supports (HEAD goes with GET while the app exposes head
 * routes). 405 routes and routes reading no body ignore one; a route's own `bodyLimit` is its Fastify one. Internal.
 */
export function mountRoutes(
  app: FastifyInstance,
  mounts: readonly MountableRoutes[],
  id: CorrelationIdOf,
  locals: Locals,
) {
  const headWithGet = (app.initialConfig as { readonly exposeHeadRoutes?: boolean }).exposeHeadRoutes !== false;
  const edge = createEdge<FastifyReply>(mounts, {
    // Fastify's own limits and parsers (`addBodyParsers`) read the body before the handler.
    bodyLimit: 1,
    depthLimit: 1,
    readBody: ({ request }) => {
      // A body another parser of the app took (one added after the plugin's) is still not JSON: the 415.
      if (request.body !== undefined && !isJsonContentType(request.headers['content-type']))
        throw unsupportedMediaTypeError();
      return request.body;
    },
    locals: locals === undefined ? undefined : (reply) => locals(reply.request, reply),
    // `reply` is a thenable settled when the response is: the handler's promise adopts it, as Fastify asks.
    write: (reply, result) => reply.code(result.status).headers(result.headers).send(result.body),
  });
  for (const item of mounts) {
    // The document's route (no `resource`) has no response schema and, as before it was a route, runs no `locals`.
    const resource = 'resource' in item ? (item.resource as Resource) : undefined;
    for (const [url, allow] of item.allow) {
      const taken = new Set<string>();
      for (const route of item.routes.filter(({ path }) => path === url)) {
        taken.add(route.method);
        const schema = resource && { response: responseSchemaOf(route, resource) };
        const config = { [ROUTE]: route } as RouteOptions['config'];
        const handler = handlerOf(edge, route, id);
        const { bodyLimit } = route;
        app.route({ method: route.method, url, ...(schema && { schema }), bodyLimit, config, handler });
      }
      if (headWithGet && taken.has('GET')) taken.add('HEAD');
      const others = app.supportedMethods.filter((method) => !taken.has(method)) as RouteOptions['method'];
      if (others.length === 0) continue;
      const config = { [ALLOW]: allow } as RouteOptions['config'];
      const handler: RouteHandlerMethod = (request) => {
        throw methodNotAllowedError(request.method, allow);
      };
      app.route({ method: others, url, exposeHeadRoute: false, config, handler });
    }
  }
}

/** Runs a route on the edge: its input from the request (the correlation id the `onRequest` hook set). */
function handlerOf(edge: Edge<FastifyReply>, route: Route, correlationIdOf: CorrelationIdOf): RouteHandlerMethod {
  return (request, reply) => {
    // As the client sent it: with `rewriteUrl`, `raw.url` is the rewritten URL and `originalUrl` the one received.
    const received = splitUrl(request.originalUrl);
    const url = request.raw.url ?? '';
    const query = url === request.originalUrl ? received.query : splitUrl(url).query;
    const { id } = request.params as { readonly id?: string };
    const correlationId = correlationIdOf(request, reply);
    const { method, headers } = request;
    return handleExchange(edge, { method, path: received.path, query, headers, correlationId, raw: reply, route, id });
  };
}
