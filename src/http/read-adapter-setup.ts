import type { OpenApiRouteOptions } from '../openapi/index';
import { readAdapterOptions, type AdapterOptions, type AdapterOptionsInput } from './adapter-options';
import { toMountableRoutes, type MountableRoutes } from './mountable-routes';

/** An adapter's options with its routes, as given (`PagelopeModuleOptions`, the Fastify plugin's options). */
export interface AdapterSetupInput<TLocals> extends AdapterOptionsInput<TLocals> {
  readonly routes?: unknown;
  /** Serve the routes' OpenAPI document (`toOpenApiRoute`) at `path` (default `/openapi.json`) below their prefix. */
  readonly openapi?: OpenApiRouteOptions | undefined;
}

/** What an adapter's framework refuses in its options and routes. */
export interface AdapterSetupRules {
  /** The only option names taken (`routes` among them): any other is refused. Default: any. */
  readonly keys?: readonly string[];
  /** Whether an empty array of routes is refused. */
  readonly someRoutes?: boolean;
  /** The refusal of a mount's path that the framework's router cannot serve (it reads it as syntax), else `undefined`. */
  readonly refusePath?: (path: string) => string | undefined;
  /** The routes, where the adapter takes them beside its options (`resourceRouter(routes, options)`); default theirs. */
  readonly routes?: unknown;
}

/** What {@link readAdapterSetup} checked: the options with their defaults, and the routes to mount. */
export interface AdapterSetup<TLocals> extends AdapterOptions<TLocals> {
  /** Each resource's routes, in order, then the OpenAPI document's route with the `openapi` option. */
  readonly mounts: readonly MountableRoutes[];
}

/**
 * Checks a framework adapter's options and routes at set-up: `readAdapterOptions`, then the option names (`keys`),
 * an empty array of routes (`someRoutes`), `toMountableRoutes` with the `openapi` option, and each mount's path
 * (`refusePath`; the document's path named `openapi: `).
 *
 * @throws TypeError, its message prefixed with `name: `, for the first option or route that is not what it must be.
 * @example
 * const { mounts, bodyLimit } = readAdapterSetup('pagelope', options, { refusePath });
 */
export function readAdapterSetup<TLocals>(
  name: string,
  options: AdapterSetupInput<TLocals>,
  rules: AdapterSetupRules = {},
): AdapterSetup<TLocals> {
  const { keys, someRoutes = false, refusePath } = rules;
  const fail = (message: string): never => {
    throw new TypeError(`${name}: ${message}`);
  };
  const read = readAdapterOptions(name, options);
  const routes = 'routes' in rules ? rules.routes : options.routes;
  for (const key of Object.keys(options)) if (keys?.includes(key) === false) fail(`unknown option "${key}"`);
  if (someRoutes && Array.isArray(routes) && routes.length === 0) fail('routes must name at least one resource');
  const mounts = toMountableRoutes(routes, { name, openapi: options.openapi });
  for (const [index, { path }] of mounts.entries()) {
    const where = options.openapi !== undefined && index === mounts.length - 1 ? 'openapi: ' : '';
    const refusal = refusePath?.(path);
    if (refusal !== undefined) fail(`${where}${refusal}`);
  }
  return { ...read, mounts };
}
