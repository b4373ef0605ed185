import { toOpenApiRoute, type OpenApiRouteOptions } from '../openapi/index';
import type { ResourceRoutes } from '../routes/index';

/** The parts of `defineRoutes`' result (or of `toOpenApiRoute`'s) that a framework adapter mounts, any record type. */
export type MountableRoutes = Pick<ResourceRoutes, 'path' | 'routes' | 'allow'>;

/** Options of {@link toMountableRoutes}. */
export interface MountableRoutesOptions {
  /** The adapter function's name, the prefix of every TypeError's message (`resourceRouter`, ...). */
  readonly name: string;
  /** The adapter's `openapi` option: with it, the document's route (`toOpenApiRoute`) is mounted as one more item. */
  readonly openapi?: OpenApiRouteOptions | undefined;
}

/**
 * Checks, once at set-up, what an adapter was given to mount: one `defineRoutes` result or an array of them, no two
 * on the same path pattern; with `openapi`, the route of the OpenAPI document is appended, so the adapter mounts it
 * with its ordinary route code (GET, HEAD as GET, a 405 with `allow: GET` for another method).
 *
 * @throws TypeError, its message prefixed with `name: `, for an argument that is not `defineRoutes`' result, two
 * resources on the same path, or a bad `openapi` option (whatever `toOpenApiRoute` throws).
 * @example
 * const list = toMountableRoutes([users, orders], { name: 'resourceRouter', openapi: { info } });
 * for (const { routes, allow } of list) for (const route of routes) mount(route, allow.get(route.path));
 */
export function toMountableRoutes(routes: unknown, options: MountableRoutesOptions): readonly MountableRoutes[] {
  const { name, openapi } = options;
  const list: readonly unknown[] = Array.isArray(routes) ? routes : [routes];
  const patterns = new Set<string>();
  for (const item of list) {
    const value = item as Partial<MountableRoutes> | null;
    if (typeof value !== 'object' || value === null || !Array.isArray(value.routes) || !(value.allow instanceof Map))
      throw new TypeError(`${name}: routes must be what defineRoutes returns, or an array of them`);
    for (const pattern of value.allow.keys()) {
      if (patterns.has(pattern)) throw new TypeError(`${name}: two resources mount ${pattern}`);
      patterns.add(pattern);
    }
  }
  const resources = list as readonly MountableRoutes[];
  if (openapi === undefined) return resources;
  try {
    return [...resources, toOpenApiRoute(resources as readonly ResourceRoutes[], openapi)];
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${name}: ${error.message}`, { cause: error });
    throw error;
  }
}
