import { type Resource, freezeMap, withRoutePagination } from '../resource/index';
import { BATCH_ITEMS, type DefaultLocals, type ResourceService } from '../service/index';
import { BATCH_BODY_LIMITS } from './batch-limits';
import type { Route, RouteOptions } from './route';
import { routeHandler } from './route-handler';
import { ROUTE_TABLE, ROUTE_TYPES, type RouteRow, type RouteType } from './route-table';
import { TOTAL_OPTIONS, checkTotalOption, checkTotalThreshold } from './route-total';

/** Options of {@link defineRoutes}. */
export interface DefineRoutesOptions {
  /** The resource's base path (default `'/' + resource.name`). */
  readonly path?: string;
  /** The enabled route types (default: all); with it, exactly those given a value other than `false`/`undefined`. */
  readonly routes?: { readonly [T in RouteType]?: boolean | RouteOptions };
  /**
   * Fields a create body may leave out although the schema requires them, because something on the server fills
   * them: an `onBeforeCreate` hook (a slug, a timestamp) or the database. The OpenAPI document's create schema
   * lists them as optional. The repository's own `databaseDefaults` are added to them.
   */
  readonly filledOnCreate?: readonly string[];
}

/**
 * The routes of one resource, for a framework adapter to mount. `ResourceRoutes<User>` is assignable to the plain
 * `ResourceRoutes` that adapters take, whatever the record type.
 */
export interface ResourceRoutes<TRecord = unknown> {
  /** The resource the routes serve (untyped, so that routes of every record type share one type). */
  readonly resource: Resource;
  /** The base path, without a trailing slash. */
  readonly path: string;
  /** The enabled routes, in {@link ROUTE_TYPES} order. */
  readonly routes: readonly Route[];
  /** Each path pattern with routes, mapped to its `allow` header value: the enabled methods joined by `, `. */
  readonly allow: ReadonlyMap<string, string>;
  /** The fields a create body may leave out although the schema requires them: `filledOnCreate` and the repository's `databaseDefaults`. */
  readonly filledOnCreate: readonly string[];
  /** Type-only marker of the record type; never set at run time. */
  readonly '~record'?: TRecord;
}

const PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

/**
 * Declares the HTTP routes of a resource service, one per enabled route type: `GET_LIST` `GET {path}`, `CREATE`
 * `POST {path}`, `GET_LIST_CURSOR` `GET {path}/cursor`, `GET` `GET {path}/:id`, `UPDATE` `PUT {path}/:id` (the
 * service's `replace`), `PARTIAL_UPDATE` `PATCH {path}/:id` and `DELETE` `DELETE {path}/:id`. Framework adapters
 * (`pagelope/express`, `/fastify`, `/hono`, `/nestjs`) mount them.
 *
 * @throws TypeError for a bad path, an unknown route type or option, a `routes` object that enables none, or
 * page sizes that do not fit (a default above the maximum).
 * @example
 * const routes = defineRoutes(service, { routes: { GET_LIST: { pagination: { maxLimit: 50 } }, GET: true } });
 * const reply = await routes.routes[0].handle({ params: {}, query: '?limit=5', headers: req.headers });
 */
export function defineRoutes<TRecord, TLocals = DefaultLocals>(
  service: ResourceService<TRecord, TLocals>,
  options: DefineRoutesOptions = {},
): ResourceRoutes<TRecord> {
  const resource = service.resource as unknown as Resource;
  const label = `defineRoutes(${JSON.stringify(resource.name)})`;
  const fail = (message: string): never => {
    throw new TypeError(`${label}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  for (const key of Object.keys(options))
    if (key !== 'path' && key !== 'routes' && key !== 'filledOnCreate') fail(`unknown option "${key}"`);
  const filledOnCreate = filledFields(resource, options.filledOnCreate, service.databaseDefaults, fail);
  const path = options.path ?? `/${resource.name}`;
  if (typeof path !== 'string' || !PATH.test(path) || path.includes(':') || (path.length > 1 && path.endsWith('/')))
    fail(`path must start with "/", hold no ":" and not end with "/", got ${JSON.stringify(path)}`);

  const enabled = enabledTypes(options.routes, resource, fail);
  const routes: Route[] = [];
  const allow = new Map<string, string[]>();
  for (const type of ROUTE_TYPES) {
    const config = enabled.get(type);
    if (config === undefined) continue;
    const row = ROUTE_TABLE[type];
    const { method } = row;
    const pattern = `${path === '/' ? '' : path}${row.suffix}` || '/';
    const view = viewOf(type, row, resource, config, label);
    const pagination = row.query === 'none' ? undefined : view.pagination;
    const headers =
      row.query === 'page'
        ? {
            linkHeader: config.linkHeader ?? true,
            totalCountHeader: config.totalCountHeader ?? false,
            ...totalFlags(config),
          }
        : {};
    const handle = routeHandler(
      row,
      service as ResourceService<unknown, unknown>,
      view,
      { path: pattern, ...headers },
      config,
    );
    const flags = lifecycleFlags(config);
    const batch = row.options.includes('maxItems')
      ? { maxItems: config.maxItems ?? BATCH_ITEMS.default, bodyLimit: batchBodyLimit(config) }
      : {};
    routes.push(
      Object.freeze({
        type,
        method,
        path: pattern,
        ...(pagination ? { pagination } : {}),
        ...headers,
        ...flags,
        ...batch,
        handle,
      }),
    );
    allow.set(pattern, [...(allow.get(pattern) ?? []), method]);
  }
  const allowHeaders = new Map([...allow].map(([pattern, methods]) => [pattern, methods.join(', ')]));
  return Object.freeze({
    resource,
    path,
    routes: Object.freeze(routes),
    allow: freezeMap(allowHeaders),
    filledOnCreate,
  });
}

/** `filledOnCreate` checked (an array of the resource's field names) and joined with the repository's defaults. */
function filledFields(
  resource: Resource,
  given: unknown,
  databaseDefaults: readonly string[] | undefined,
  fail: (message: string) => never,
): readonly string[] {
  if (given !== undefined && !Array.isArray(given)) fail('filledOnCreate must be an array of field names');
  const fields = new Set<string>();
  for (const field of [...((given as readonly unknown[] | undefined) ?? []), ...(databaseDefaults ?? [])]) {
    if (typeof field !== 'string' || !resource.fields.has(field))
      fail(`filledOnCreate: ${JSON.stringify(field)} is not a field of the resource`);
    fields.add(field as string);
  }
  return Object.freeze([...fields]);
}

const NUMERIC_OPTIONS: ReadonlySet<string> = new Set(['maxItems', 'bodyLimit']);
const isCount = (value: unknown, max: number): boolean =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= max;

/**
 * The body limit of a batch route: its own, else 4,096 bytes per item of `maxItems`, at least 16,384 and at most
 * 1,048,576 (`BATCH_BODY_LIMITS`).
 */
const batchBodyLimit = (config: RouteOptions): number => {
  if (config.bodyLimit !== undefined) return config.bodyLimit;
  const { perItem, least, total } = BATCH_BODY_LIMITS;
  return Math.min(total, Math.max(least, perItem * (config.maxItems ?? BATCH_ITEMS.default)));
};

/** The total options a `GET_LIST` route sets, as the route carries them (for the OpenAPI document). */
function totalFlags(config: RouteOptions): Pick<RouteOptions, 'total' | 'clientTotal' | 'totalThreshold'> {
  return {
    ...(config.total === undefined || config.total === 'exact' ? {} : { total: config.total }),
    ...(config.clientTotal === undefined ? {} : { clientTotal: Object.freeze([...config.clientTotal]) }),
    ...(config.totalThreshold === undefined ? {} : { totalThreshold: config.totalThreshold }),
  };
}

/** The lifecycle options a route enables, as the route carries them (for the OpenAPI document): only the true ones. */
function lifecycleFlags(config: RouteOptions): Pick<RouteOptions, 'deleted' | 'permanent' | 'requireIfMatch'> {
  const flags: { deleted?: boolean; permanent?: boolean; requireIfMatch?: boolean } = {};
  if (config.deleted === true) flags.deleted = true;
  if (config.permanent === true) flags.permanent = true;
  if (config.requireIfMatch === true) flags.requireIfMatch = true;
  return flags;
}

function enabledTypes(
  routes: DefineRoutesOptions['routes'],
  resource: Resource,
  fail: (message: string) => never,
): Map<RouteType, RouteOptions> {
  const enabled = new Map<RouteType, RouteOptions>();
  if (routes === undefined) {
    // The single-record types, and RESTORE for a resource with soft delete (each row says).
    for (const type of ROUTE_TYPES) {
      const { byDefault } = ROUTE_TABLE[type];
      if (byDefault === 'always' || (byDefault === 'softDelete' && resource.softDelete !== undefined))
        enabled.set(type, {});
    }
    return enabled;
  }
  if (typeof routes !== 'object' || routes === null) fail('routes must be an object');
  for (const [type, value] of Object.entries(routes as Record<string, unknown>)) {
    if (!(ROUTE_TYPES as readonly string[]).includes(type)) fail(`unknown route type "${type}"`);
    if (value === false || value === undefined) continue;
    if (value === true) enabled.set(type as RouteType, {});
    else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        if (!(ROUTE_TABLE[type as RouteType].options as readonly string[]).includes(key))
          fail(`unknown option "${key}" of route ${type}`);
        const flag = (value as Record<string, unknown>)[key];
        if (key === 'maxItems' && flag !== undefined && !isCount(flag, BATCH_ITEMS.max))
          fail(`option "maxItems" of route ${type} must be an integer from 1 to ${BATCH_ITEMS.max}`);
        else if (key === 'bodyLimit' && flag !== undefined && !isCount(flag, Number.MAX_SAFE_INTEGER))
          fail(`option "bodyLimit" of route ${type} must be a positive integer (bytes)`);
        else if (TOTAL_OPTIONS.has(key)) checkTotalOption(key, flag, type, fail);
        else if (!NUMERIC_OPTIONS.has(key) && key !== 'pagination' && typeof flag !== 'boolean' && flag !== undefined)
          fail(`option "${key}" of route ${type} must be a boolean`);
      }
      checkTotalThreshold(value as RouteOptions, type, fail);
      enabled.set(type as RouteType, value as RouteOptions);
    } else fail(`route ${type} must be a boolean or an options object`);
  }
  if (enabled.size === 0) fail('routes enables no route type');
  if (resource.softDelete === undefined) {
    for (const type of enabled.keys())
      if (ROUTE_TABLE[type].byDefault === 'softDelete') fail(`${type} needs a resource with softDelete`);
    for (const [type, config] of enabled)
      for (const key of ['deleted', 'permanent'] as const)
        if (config[key] === true) fail(`option "${key}" of route ${type} needs a resource with softDelete`);
  }
  return enabled;
}

/**
 * The resource a route parses its query for: a list route's own page sizes merged over the resource's (a cursor
 * route's over the cursor default limit, even without its own).
 */
function viewOf(type: RouteType, row: RouteRow, resource: Resource, config: RouteOptions, label: string): Resource {
  if (row.query === 'none' || (row.query === 'page' && !config.pagination)) return resource;
  return withRoutePagination(resource, config.pagination ?? {}, row.query, `${label} ${type}`);
}
