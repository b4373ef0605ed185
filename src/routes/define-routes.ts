import { CORRELATION_ID_HEADER, isSafeCorrelationId, resolveCorrelationId } from '../errors/index';
import { normalizeHeaders } from '../internal/index';
import { parseCursorQuery, parseListQuery } from '../query/index';
import { type PaginationOptions, type Resource, freezeMap, withRoutePagination } from '../resource/index';
import type { DefaultLocals, ResourceService } from '../service/index';
import { ROUTE_SHAPES, ROUTE_TYPES, type RouteMethod, type RouteType } from './route-types';
import { linkHeader, queryTextOf } from './link-header';

/**
 * Per-route options: the list routes may override the resource's page sizes for that route only; the `GET_LIST`
 * route also says which paging headers it sends.
 */
export interface RouteOptions {
  readonly pagination?: PaginationOptions;
  /**
   * `GET_LIST` only: send a `link` header (RFC 8288) with the `first`, `prev`, `next` and `last` pages, each the
   * request's own path and query with only `page` changed (default `true`). Left out when it would be longer than
   * 4,096 characters (a query of about 1,000 characters or more).
   */
  readonly linkHeader?: boolean;
  /**
   * `GET_LIST` only: send `x-total-count` with the total, named in `access-control-expose-headers` (with `link`)
   * so that browser clients on another origin can read it (default `false`).
   */
  readonly totalCountHeader?: boolean;
}

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

/** What a framework adapter hands a route: the request, framework-neutral. */
export interface RouteInput {
  /** Path parameters; `id` for the routes below `{path}/:id`. */
  readonly params: { readonly id?: string };
  /** The query: the raw query string, a `URLSearchParams`, or the framework's parsed query object. */
  readonly query: unknown;
  /** The parsed JSON body (create, update, replace). */
  readonly body?: unknown;
  /** The request headers (Node header object, Fetch `Headers`, or a plain record). */
  readonly headers: unknown;
  /**
   * The request's path as received, without the query (for example `/api/users` below a prefix): the base of the
   * `link` header's targets. Default: the route's own path.
   */
  readonly path?: string | undefined;
  /** The correlation id already resolved for the request, when the adapter resolved it first. */
  readonly correlationId?: string | undefined;
  /** What the adapter knows of the request beyond its headers (for example the authenticated user). */
  readonly locals?: Readonly<Record<string, unknown>> | undefined;
}

/** What a route answers, before a framework writes it. */
export interface RouteReply {
  readonly status: 200 | 201 | 204;
  /** `x-correlation-id`, and `location` on 201. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body; `undefined` for 204. */
  readonly body?: unknown;
}

/** One enabled route. */
export interface Route {
  /** The route type; `'OPENAPI'` for the route that serves the OpenAPI document (`toOpenApiRoute` in `pagelope/http`). */
  readonly type: RouteType | 'OPENAPI';
  readonly method: RouteMethod;
  /** The path pattern, `:id` for the record id (`/users`, `/users/cursor`, `/users/:id`). */
  readonly path: string;
  /** The page sizes of the list routes (`GET_LIST`, `GET_LIST_CURSOR`): the resource's, with the route's own merged over them. */
  readonly pagination?: Readonly<Required<PaginationOptions>>;
  /** `GET_LIST` only: whether replies carry the `link` header. */
  readonly linkHeader?: boolean;
  /** `GET_LIST` only: whether replies carry `x-total-count`. */
  readonly totalCountHeader?: boolean;
  /**
   * Runs the route: parses the query, calls the service, and resolves to the reply.
   *
   * @throws whatever the service or the query parser throws (`HttpError`s for client faults); adapters turn it into
   * the error envelope.
   */
  handle(input: RouteInput): Promise<RouteReply>;
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

  const enabled = enabledTypes(options.routes, fail);
  const routes: Route[] = [];
  const allow = new Map<string, string[]>();
  for (const type of ROUTE_TYPES) {
    const config = enabled.get(type);
    if (config === undefined) continue;
    const { method, suffix } = ROUTE_SHAPES[type];
    const pattern = `${path === '/' ? '' : path}${suffix}` || '/';
    const view = viewOf(type, resource, config, label);
    const pagination = type === 'GET_LIST' || type === 'GET_LIST_CURSOR' ? view.pagination : undefined;
    const headers =
      type === 'GET_LIST'
        ? { linkHeader: config.linkHeader ?? true, totalCountHeader: config.totalCountHeader ?? false }
        : {};
    const handle = handlerOf(type, service as ResourceService<unknown, unknown>, view, pattern, headers);
    routes.push(
      Object.freeze({ type, method, path: pattern, ...(pagination ? { pagination } : {}), ...headers, handle }),
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

function enabledTypes(
  routes: DefineRoutesOptions['routes'],
  fail: (message: string) => never,
): Map<RouteType, RouteOptions> {
  const enabled = new Map<RouteType, RouteOptions>();
  if (routes === undefined) {
    for (const type of ROUTE_TYPES) enabled.set(type, {});
    return enabled;
  }
  if (typeof routes !== 'object' || routes === null) fail('routes must be an object');
  for (const [type, value] of Object.entries(routes as Record<string, unknown>)) {
    if (!(ROUTE_TYPES as readonly string[]).includes(type)) fail(`unknown route type "${type}"`);
    if (value === false || value === undefined) continue;
    if (value === true) enabled.set(type as RouteType, {});
    else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        const allowed = type === 'GET_LIST' ? LIST_OPTIONS : type === 'GET_LIST_CURSOR' ? CURSOR_OPTIONS : NO_OPTIONS;
        if (!allowed.has(key)) fail(`unknown option "${key}" of route ${type}`);
        const flag = (value as Record<string, unknown>)[key];
        if (key !== 'pagination' && typeof flag !== 'boolean' && flag !== undefined)
          fail(`option "${key}" of route ${type} must be a boolean`);
      }
      enabled.set(type as RouteType, value as RouteOptions);
    } else fail(`route ${type} must be a boolean or an options object`);
  }
  if (enabled.size === 0) fail('routes enables no route type');
  return enabled;
}

type Handler = (input: RouteInput) => Promise<RouteReply>;

const LIST_OPTIONS: ReadonlySet<string> = new Set(['pagination', 'linkHeader', 'totalCountHeader']);
const CURSOR_OPTIONS: ReadonlySet<string> = new Set(['pagination']);
const NO_OPTIONS: ReadonlySet<string> = new Set();

interface ListHeaders {
  readonly linkHeader?: boolean;
  readonly totalCountHeader?: boolean;
}

/** The resource a route parses its query for: a list route's own page sizes merged over the resource's. */
function viewOf(type: RouteType, resource: Resource, config: RouteOptions, label: string): Resource {
  if (!config.pagination) {
    return type === 'GET_LIST_CURSOR'
      ? withRoutePagination(resource, {}, 'cursor', `${label} GET_LIST_CURSOR`)
      : resource;
  }
  if (type === 'GET_LIST') return withRoutePagination(resource, config.pagination, 'page', `${label} GET_LIST`);
  return withRoutePagination(resource, config.pagination, 'cursor', `${label} GET_LIST_CURSOR`);
}

function handlerOf(
  type: RouteType,
  service: ResourceService<unknown, unknown>,
  resource: Resource,
  pattern: string,
  listHeaders: ListHeaders,
): Handler {
  const base = pattern.endsWith('/:id') ? pattern.slice(0, -'/:id'.length) : pattern;
  const reply = (
    status: RouteReply['status'],
    correlationId: string,
    body?: unknown,
    location?: string,
  ): RouteReply & { headers: Record<string, string> } => {
    const headers: Record<string, string> = { [CORRELATION_ID_HEADER]: correlationId };
    if (location !== undefined) headers['location'] = location;
    return { status, headers, body } satisfies RouteReply;
  };
  const operation = (input: RouteInput) => {
    const correlationId = isSafeCorrelationId(input.correlationId)
      ? input.correlationId
      : resolveCorrelationId(normalizeHeaders(input.headers));
    const options = { headers: input.headers, correlationId, locals: input.locals };
    return { correlationId, options, id: String(input.params.id ?? '') };
  };
  switch (type) {
    case 'GET_LIST':
      return async (input) => {
        const { correlationId, options } = operation(input);
        const page = await service.list(parseListQuery(input.query, resource) as never, options);
        const answer = reply(200, correlationId, page);
        if (listHeaders.linkHeader) {
          const path = typeof input.path === 'string' && input.path.startsWith('/') ? input.path : pattern;
          const link = linkHeader(path, queryTextOf(input.query), page);
          if (link !== undefined) answer.headers['link'] = link;
        }
        if (listHeaders.totalCountHeader) {
          answer.headers['x-total-count'] = String(page.total);
          answer.headers['access-control-expose-headers'] = listHeaders.linkHeader
            ? 'x-total-count, link'
            : 'x-total-count';
        }
        return answer;
      };
    case 'GET_LIST_CURSOR':
      return async (input) => {
        const { correlationId, options } = operation(input);
        const query = parseCursorQuery(input.query, resource) as never;
        return reply(200, correlationId, await service.listByCursor(query, options));
      };
    case 'GET':
      return async (input) => {
        const { correlationId, options, id } = operation(input);
        return reply(200, correlationId, await service.get(id, options));
      };
    case 'CREATE':
      return async (input) => {
        const { correlationId, options } = operation(input);
        const entity = (await service.create(input.body, options)) as Record<string, unknown>;
        const id = String(entity[resource.idField]);
        return reply(201, correlationId, entity, `${base}/${encodeURIComponent(id)}`);
      };
    case 'UPDATE':
      return async (input) => {
        const { correlationId, options, id } = operation(input);
        return reply(200, correlationId, await service.replace(id, input.body, options));
      };
    case 'PARTIAL_UPDATE':
      return async (input) => {
        const { correlationId, options, id } = operation(input);
        return reply(200, correlationId, await service.update(id, input.body, options));
      };
    case 'DELETE':
      return async (input) => {
        const { correlationId, options, id } = operation(input);
        await service.delete(id, options);
        return reply(204, correlationId);
      };
  }
}
