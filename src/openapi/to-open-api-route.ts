import { CORRELATION_ID_HEADER } from '../errors/index';
import { correlationIdOf, type ResourceRoutes, type Route, type RouteInput, type RouteReply } from '../routes/index';
import type { OpenApiDocument, OpenApiOptions, OpenApiRouteOptions } from './open-api-options';
import { toOpenApi } from './to-open-api';

/**
 * The route that serves a document, mountable as one more resource's routes: `routes` holds one `GET path` route
 * (type `'OPENAPI'`) whose reply is the document, and `allow` maps `path` to `'GET'`, so an adapter mounts it with
 * the same code as `defineRoutes`' result (405 with `allow: GET` for another method there, HEAD as GET).
 */
export interface OpenApiRoute extends Pick<ResourceRoutes, 'path' | 'routes' | 'allow'> {
  /** The path it is served at (`'/openapi.json'` unless the options say otherwise). */
  readonly path: string;
  readonly document: OpenApiDocument;
  /** `JSON.stringify(document)`, computed once. */
  readonly json: string;
}

const PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=@%/-]*$/;
const KEYS = new Set(['info', 'servers', 'securitySchemes', 'security', 'headers', 'path']);

/**
 * Resolves the framework adapters' `openapi` option into a route: the path (default `/openapi.json`) and the
 * document of the routes, built once. Its one route answers `GET path` with status 200, the document as the JSON
 * body, and the request's correlation id; adapters mount it beside the resources' routes with their ordinary route
 * code.
 *
 * @throws TypeError for an unknown option, a path that does not start with `/`, holds `:` or a character a URL path
 * cannot hold, or that a resource's route matches (`/users`, `/users/cursor`, or `/users/x` below a `/users/:id`
 * route), and whatever {@link toOpenApi} throws.
 * @example
 * const docs = toOpenApiRoute(routes, { info: { title: 'Users API', version: '1.0.0' } });
 * const reply = await docs.routes[0].handle({ params: {}, query: '', headers: {} }); // { status: 200, body: document }
 */
export function toOpenApiRoute(
  routes: ResourceRoutes | readonly ResourceRoutes[],
  options: OpenApiRouteOptions,
): OpenApiRoute {
  if (typeof options !== 'object' || options === null) throw new TypeError('openapi: options must be an object');
  for (const key of Object.keys(options)) if (!KEYS.has(key)) throw new TypeError(`openapi: unknown option "${key}"`);
  const path = options.path ?? '/openapi.json';
  if (typeof path !== 'string' || !PATH.test(path) || (path.length > 1 && path.endsWith('/')))
    throw new TypeError(
      `openapi: path must start with "/", hold no ":" and not end with "/", got ${JSON.stringify(path)}`,
    );
  const list: readonly ResourceRoutes[] = Array.isArray(routes) ? routes : [routes as ResourceRoutes];
  for (const resource of list) {
    if (!(resource?.allow instanceof Map)) continue;
    for (const pattern of resource.allow.keys()) {
      // `/users/:id` would also match `/users/openapi.json`, and frameworks disagree on which route wins.
      const byId = pattern.endsWith('/:id') ? pattern.slice(0, -':id'.length) : undefined;
      const matches =
        pattern === path || (byId !== undefined && path.startsWith(byId) && !path.slice(byId.length).includes('/'));
      if (matches) throw new TypeError(`openapi: path ${path} is a route of the resource at ${resource.path}`);
    }
  }
  const documentOptions: Record<string, unknown> = { ...options };
  delete documentOptions['path'];
  const document = toOpenApi(routes, documentOptions as unknown as OpenApiOptions);
  const route: Route = Object.freeze({
    type: 'OPENAPI',
    method: 'GET',
    path,
    handle: (input: RouteInput): Promise<RouteReply> => {
      const headers = { [CORRELATION_ID_HEADER]: correlationIdOf(input) };
      return Promise.resolve({ status: 200, headers, body: document });
    },
  });
  return Object.freeze({
    path,
    document,
    json: JSON.stringify(document),
    routes: Object.freeze([route]),
    allow: new Map([[path, 'GET']]) as ReadonlyMap<string, string>,
  });
}
