import type { ErrorReportingOptions } from '../errors/index';
import { toOpenApiRoute, type OpenApiRoute, type OpenApiRouteOptions } from '../openapi/index';
import type { ResourceRoutes } from '../routes/index';
import { DEFAULT_BODY_LIMIT } from './json-body';

/** The options every framework adapter reads the same way: its routes, body limit, `locals`, reporter and document. */
export interface AdapterOptions extends ErrorReportingOptions {
  /** What `defineRoutes` returned, for one resource or several. */
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
  /** Largest JSON body read, in bytes (default `DEFAULT_BODY_LIMIT`). */
  readonly bodyLimit?: number | undefined;
  /** The adapter's `locals` function: what the service's hooks and scopes see as `locals`, from the request. */
  readonly locals?: unknown;
  /** The OpenAPI document's route (`toOpenApiRoute`), served beside the resources' routes. */
  readonly openapi?: OpenApiRouteOptions | undefined;
}

/** What an adapter mounts, checked: each item is mounted as `defineRoutes`' result is. */
export interface AdapterSetup {
  /** Each resource's routes, then the OpenAPI document's route when the options ask for it. */
  readonly mounts: readonly (ResourceRoutes | OpenApiRoute)[];
  /** The resources' routes alone. */
  readonly resources: readonly ResourceRoutes[];
  /** The body limit, in bytes. */
  readonly bodyLimit: number;
}

/**
 * Checks an adapter's options the same way on every framework and resolves its `openapi` option into one more item
 * to mount (`toOpenApiRoute`, whose route answers `GET path` with the document).
 *
 * @throws TypeError, its message prefixed with `label: `, for options that are not an object, `routes` that are not
 * `defineRoutes`' result (or an array of them), a `bodyLimit` that is not a positive integer, a `locals` that is not a
 * function, a `reportError` that is neither a function nor `false`, and a bad `openapi` option.
 * @example
 * const { mounts, bodyLimit } = readAdapterOptions('resourceRouter', { routes, ...options });
 * for (const { routes, allow } of mounts) mount(routes, allow);
 */
export function readAdapterOptions(label: string, options: AdapterOptions): AdapterSetup {
  const fail = (message: string): never => {
    throw new TypeError(`${label}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  const { routes, bodyLimit = DEFAULT_BODY_LIMIT, locals, reportError, openapi } = options;
  const list: readonly unknown[] = Array.isArray(routes) ? routes : [routes];
  for (const item of list) {
    const value = item as Partial<ResourceRoutes> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      !Array.isArray(value.routes) ||
      !(value.allow instanceof Map) ||
      !(value.resource?.fields instanceof Map)
    )
      fail('routes must be what defineRoutes returns, or an array of them');
  }
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit <= 0)
    fail(`bodyLimit must be a positive integer, got ${String(bodyLimit)}`);
  if (locals !== undefined && typeof locals !== 'function') fail('locals must be a function');
  if (reportError !== undefined && reportError !== false && typeof reportError !== 'function')
    fail('reportError must be a function or false');
  const resources = list as readonly ResourceRoutes[];
  if (openapi === undefined) return { mounts: resources, resources, bodyLimit };
  try {
    return { mounts: [...resources, toOpenApiRoute(resources, openapi)], resources, bodyLimit };
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${label}: ${error.message}`, { cause: error });
    throw error;
  }
}
