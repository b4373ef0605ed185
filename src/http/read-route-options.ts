import { toOpenApiRoute, type OpenApiRouteOptions } from '../openapi/index';
import type { ResourceRoutes } from '../routes/index';
import { DEFAULT_BODY_LIMIT } from './json-body';
import { DEFAULT_DEPTH_LIMIT } from './json-depth';
import type { MountableRoutes } from './mountable-routes';

/** The route options every framework adapter takes (`bodyLimit`, `depthLimit`, `locals`, `openapi`). */
export interface AdapterRouteOptions {
  readonly bodyLimit?: number;
  /** The deepest nesting of arrays and objects a JSON body may have (default `DEFAULT_DEPTH_LIMIT`, 64). */
  readonly depthLimit?: number;
  readonly locals?: unknown;
  readonly openapi?: OpenApiRouteOptions;
}

/** Who reads the options, for the messages of its `TypeError`s, and what its framework cannot serve. */
export interface ReadRouteOptionsSetup {
  /** The adapter function's name, the prefix of every message (`resourceRoutes: ...`). */
  readonly adapter: string;
  /** The option names it takes besides `bodyLimit`, `locals` and `openapi`. */
  readonly keys?: readonly string[];
  /** The framework that reads `*` in a path as a wildcard (`'Hono'`): such a path is then refused. */
  readonly wildcard?: string;
}

/** What {@link readRouteOptions} resolves. */
export interface AdapterMounts {
  /** The OpenAPI document's route first (with the `openapi` option), then each resource's routes, in order. */
  readonly mounts: readonly MountableRoutes[];
  /** `bodyLimit`, or `DEFAULT_BODY_LIMIT`. */
  readonly bodyLimit: number;
  /** `depthLimit`, or `DEFAULT_DEPTH_LIMIT`. */
  readonly depthLimit: number;
}

const KEYS = ['bodyLimit', 'depthLimit', 'locals', 'openapi'];

/**
 * Checks a framework adapter's arguments once, when the app is built, and lists what it mounts: the OpenAPI
 * document's route (`toOpenApiRoute`) as one more item before the resources' routes, so that the adapter serves it
 * with its ordinary route code.
 *
 * @throws TypeError, prefixed with `setup.adapter`, for options that are not an object or have an unknown key, a
 * `bodyLimit` or `depthLimit` that is not a positive integer, a `locals` that is not a function, `routes` that are not `defineRoutes`'
 * result or an array of them, two resources on one path, a path holding `*` where `setup.wildcard` names the
 * framework, and whatever `toOpenApiRoute` throws for the `openapi` option.
 * @example
 * const { mounts, bodyLimit } = readRouteOptions(routes, options, { adapter: 'resourceRoutes', wildcard: 'Hono' });
 */
export function readRouteOptions(
  routes: unknown,
  options: AdapterRouteOptions,
  { adapter, keys = [], wildcard }: ReadRouteOptionsSetup,
): AdapterMounts {
  const fail = (message: string): never => {
    throw new TypeError(`${adapter}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  for (const key of Object.keys(options))
    if (!KEYS.includes(key) && !keys.includes(key)) fail(`unknown option "${key}"`);
  const { bodyLimit = DEFAULT_BODY_LIMIT, depthLimit = DEFAULT_DEPTH_LIMIT, locals, openapi } = options;
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit <= 0)
    fail(`bodyLimit must be a positive integer, got ${String(bodyLimit)}`);
  if (!Number.isSafeInteger(depthLimit) || depthLimit <= 0)
    fail(`depthLimit must be a positive integer, got ${String(depthLimit)}`);
  if (locals !== undefined && typeof locals !== 'function') fail('locals must be a function');
  const list: readonly unknown[] = Array.isArray(routes) ? routes : [routes];
  const mounts: MountableRoutes[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    const value = item as Partial<MountableRoutes> | null;
    if (typeof value?.path !== 'string' || !Array.isArray(value.routes) || !(value.allow instanceof Map))
      return fail('routes must be what defineRoutes returns, or an array of them');
    for (const pattern of value.allow.keys()) {
      if (seen.has(pattern)) fail(`the path ${pattern} is mounted twice`);
      seen.add(pattern);
    }
    mounts.push(value as MountableRoutes);
  }
  if (openapi !== undefined) {
    try {
      mounts.unshift(toOpenApiRoute(list as readonly ResourceRoutes[], openapi));
    } catch (error) {
      if (error instanceof TypeError) throw new TypeError(`${adapter}: ${error.message}`, { cause: error });
      throw error;
    }
  }
  for (const { path } of mounts) {
    if (wildcard !== undefined && path.includes('*'))
      fail(`${wildcard} reads "*" as a wildcard, so it cannot serve the path ${path}`);
  }
  return { mounts, bodyLimit, depthLimit };
}
