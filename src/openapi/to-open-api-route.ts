import type { ResourceRoutes } from '../routes/index';
import type { OpenApiDocument, OpenApiOptions, OpenApiRouteOptions } from './open-api-options';
import { toOpenApi } from './to-open-api';

/** The route that serves a document: where, the document, and its JSON text. */
export interface OpenApiRoute {
  /** The path it is served at (`'/openapi.json'` unless the options say otherwise). */
  readonly path: string;
  readonly document: OpenApiDocument;
  /** `JSON.stringify(document)`, computed once. */
  readonly json: string;
}

const PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=@%/-]*$/;
const KEYS = new Set(['info', 'servers', 'securitySchemes', 'security', 'headers', 'path']);

/**
 * Resolves the framework adapters' `openapi` option: the path (default `/openapi.json`) and the document of the
 * routes, built once. Adapters serve `json` on `GET path` with `content-type: application/json`.
 *
 * @throws TypeError for an unknown option, a path that does not start with `/`, holds `:` or a character a URL path
 * cannot hold, or that a resource's route matches (`/users`, `/users/cursor`, or `/users/x` below a `/users/:id`
 * route), and whatever {@link toOpenApi} throws.
 * @example
 * const { path, json } = toOpenApiRoute(routes, { info: { title: 'Users API', version: '1.0.0' } });
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
  return Object.freeze({ path, document, json: JSON.stringify(document) });
}
