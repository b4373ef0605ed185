import { HttpError } from '../errors/index';
import { normalizeHeaders } from '../internal/index';
import { parseRouteCursorQuery, parseRouteListQuery, withTotal } from '../query/index';
import type { Resource } from '../resource/index';
import { readEmbedParams } from './read-embed-params';
import { choiceParam, queryParamsOf, refuseUnknownParams, type QueryParams } from './query-params';
import type { RouteOptions } from './route-options';
import { totalOfRequest } from './route-total';
import type { OperationOptions, ResourceService } from '../service/index';

/** The HTTP methods the routes use. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The status of a route's success reply. */
export type RouteStatus = 200 | 201 | 204 | 304;

/**
 * An error status a route may answer with, besides its success; the OpenAPI document describes each (405 it adds
 * itself where another route's literal path matches this route's `:id`, 428 where the route requires `If-Match`).
 */
export type RouteErrorStatus = 400 | 404 | 409 | 412 | 413 | 414 | 415 | 429 | 431 | 500 | 503;

/** The part of a request a route's service call reads (what a framework adapter hands every route). */
export interface RouteCallInput {
  readonly params: { readonly id?: string };
  readonly query: unknown;
  readonly body?: unknown;
}

/** A route's service call, for one request: resolves to the reply body (or to anything, for a bodiless reply). */
export type RouteCall = (input: RouteCallInput, options: OperationOptions<unknown>) => Promise<unknown>;

/**
 * One route type: how `defineRoutes` serves it, how the OpenAPI document describes it and which response schema the
 * Fastify adapter serialises with. `{singular}`, `{plural}` and `{tag}` in the `openApi` texts stand for the
 * resource's document names (`User`, `Users`, `users`).
 */
export interface RouteRow {
  /** The HTTP method; the path's `allow` header and its 405 follow from the enabled rows' methods. */
  readonly method: RouteMethod;
  /** The path below the resource's path: `''`, a literal segment (`'/cursor'`), or `'/:id'` for the record id. */
  readonly suffix: string;
  /**
   * The list query the route reads, with its page sizes: `'page'` (`parseListQuery`; the route takes the
   * `pagination`, `linkHeader` and `totalCountHeader` options), `'cursor'` (`parseCursorQuery`; `pagination`) or
   * `'none'` (no options).
   */
  readonly query: 'page' | 'cursor' | 'none';
  /**
   * The service operation and how it is called: given the service, the resource the route parses its query for and
   * the route's options (once, at `defineRoutes`), the call that runs per request.
   */
  readonly operation: (
    service: ResourceService<unknown, unknown>,
    resource: Resource,
    options: RouteOptions,
  ) => RouteCall;
  /** The route options the type takes (`defineRoutes` refuses others). */
  readonly options: readonly (keyof RouteOptions)[];
  /**
   * Whether `defineRoutes` enables the type when its `routes` option is not given: always, for a resource with
   * `softDelete` only, or never (only when `routes` names it).
   */
  readonly byDefault: 'always' | 'softDelete' | 'never';
  /** The status of the success reply. */
  readonly status: RouteStatus;
  /** The request body: none, or the create, replace or patch body schema of the resource. */
  readonly body: 'none' | 'create' | 'replace' | 'patch' | 'createMany' | 'updateMany' | 'ids';
  /** The reply body: a page, a cursor page, one record, or none (the call's result is dropped). */
  readonly response: 'page' | 'cursorPage' | 'record' | 'none' | 'items' | 'ids';
  /** The reply carries `location`: the path of the record the call resolved to. */
  readonly location: boolean;
  /** The error statuses the route may answer with, ascending. */
  readonly errors: readonly RouteErrorStatus[];
  /** The OpenAPI operation's id, summary and success description. */
  readonly openApi: { readonly operationId: string; readonly summary: string; readonly success: string };
}

const idOf = (input: RouteCallInput): string => String(input.params.id ?? '');

/** A write route reads no query parameter: any is a 400 (as on the read routes), never silently ignored. */
const refuseParams = (query: unknown): void => refuseUnknownParams(queryParamsOf(query), []);
const READ: readonly RouteErrorStatus[] = [400, 414, 429, 431, 500, 503];
const WRITE: readonly RouteErrorStatus[] = [400, 404, 409, 412, 413, 414, 415, 429, 431, 500, 503];

/**
 * The parameters a list route reads itself, beside the list grammar (which refuses them as unknown otherwise):
 * `deleted` where the route's `deleted` option allows it, and `extra`.
 */
const ownParamsOf = (options: RouteOptions, extra: readonly string[] = []): ReadonlySet<string> =>
  new Set(options.deleted === true ? [...extra, 'deleted'] : extra);

/** The list query `query` with the `deleted` mode of the route's own parameters `own`, if given. */
function withDeleted(query: object, own: QueryParams): object {
  const deleted = choiceParam(own, 'deleted', ['include', 'only'] as const);
  return deleted === undefined ? query : { ...query, deleted };
}

/**
 * The `If-Match` of a write, for the service's `ifMatch`; with the route's `requireIfMatch`, a request without one
 * is a 428.
 */
function ifMatchOf(options: OperationOptions<unknown>, route: RouteOptions): string | undefined {
  const raw = normalizeHeaders(options.headers)['if-match'];
  const value = typeof raw === 'string' || raw === undefined ? raw : raw.join(', ');
  if (value === undefined && route.requireIfMatch === true)
    throw new HttpError(428, 'this write needs an if-match header with the etag of the record');
  return value;
}

/** The most items a batch route takes by default (`maxItems`), and the most it may be set to. */
export const BATCH_ITEMS = Object.freeze({ default: 100, max: 1000 });

/**
 * A batch route's default body limit, in bytes: `perItem` for each of its `maxItems`, at least `least` and at most
 * `total` (1 MiB: 4 KiB an item would let 1,000 items take 4 MB, which a parser spends seconds on).
 */
export const BATCH_BODY_LIMITS = Object.freeze({ perItem: 4096, least: 16_384, total: 1_048_576 });

/**
 * The array under `name` of a batch body (`{ "items": [...] }`, `{ "ids": [...] }`), checked before any item is
 * read: a JSON object with that one key, an array of 1 to `maxItems` entries.
 *
 * @throws HttpError 400 for anything else.
 */
function batchOf(body: unknown, name: 'items' | 'ids', route: RouteOptions): readonly unknown[] {
  const max = route.maxItems ?? BATCH_ITEMS.default;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, [`the body must be a JSON object with ${name}`]);
  const extra = Object.keys(body).filter((key) => key !== name);
  if (extra.length > 0)
    throw new HttpError(
      400,
      extra.map((key) => `${JSON.stringify(key)}: unknown field`),
    );
  const list = (body as Record<string, unknown>)[name];
  if (!Array.isArray(list)) throw new HttpError(400, [`${name} must be an array`]);
  if (list.length === 0) throw new HttpError(400, [`${name} must hold at least one entry`]);
  if (list.length > max) throw new HttpError(400, [`${name} may hold at most ${max} entries`]);
  return list as readonly unknown[];
}

/** The options of a write with its `If-Match` (unchanged without one). */
const writeOptions = (options: OperationOptions<unknown>, route: RouteOptions) => {
  const ifMatch = ifMatchOf(options, route);
  return ifMatch === undefined ? options : { ...options, ifMatch };
};

const rows = {
  GET_LIST: {
    method: 'GET',
    suffix: '',
    query: 'page',
    // `total` is always the route's own parameter, so that `total=` without `clientTotal` is a 400 naming it.
    operation: (service, resource, route) => {
      const counts = route.total !== undefined || route.clientTotal !== undefined;
      const names = ownParamsOf(route, ['total']);
      return (input, options) => {
        const { query, own } = parseRouteListQuery(input.query, resource, names);
        const parsed = counts || own.has('total') ? withTotal(query, resource, totalOfRequest(own, route)) : query;
        return service.list(withDeleted(parsed, own) as never, options);
      };
    },
    options: ['pagination', 'linkHeader', 'totalCountHeader', 'deleted', 'total', 'clientTotal', 'totalThreshold'],
    byDefault: 'always',
    status: 200,
    body: 'none',
    response: 'page',
    location: false,
    errors: READ,
    openApi: {
      operationId: 'list{plural}',
      summary: 'List {tag}, a page at a time',
      success: 'One page of {tag} with the page metadata.',
    },
  },
  GET_LIST_CURSOR: {
    method: 'GET',
    suffix: '/cursor',
    query: 'cursor',
    operation: (service, resource, route) => {
      const names = ownParamsOf(route);
      return (input, options) => {
        const { query, own } = parseRouteCursorQuery(input.query, resource, names);
        return service.listByCursor(withDeleted(query, own) as never, options);
      };
    },
    options: ['pagination', 'deleted'],
    byDefault: 'always',
    status: 200,
    body: 'none',
    response: 'cursorPage',
    location: false,
    errors: READ,
    openApi: {
      operationId: 'list{plural}ByCursor',
      summary: 'List {tag} by cursor',
      success: 'One page of {tag} and the cursor of the next, or null after the last.',
    },
  },
  GET: {
    method: 'GET',
    suffix: '/:id',
    query: 'none',
    // `include`, `counts` and (with the route's `deleted` option) `deleted` are read from the query string; any other
    // parameter is a 400, as on the list routes.
    operation: (service, resource, route) => {
      const known = route.deleted === true ? ['include', 'counts', 'deleted'] : ['include', 'counts'];
      return (input, options) => {
        const params = queryParamsOf(input.query);
        if (params.size === 0) return service.get(idOf(input), options);
        refuseUnknownParams(params, known);
        const embeds = readEmbedParams(params, resource);
        const deleted = choiceParam(params, 'deleted', ['include', 'only'] as const);
        return service.get(idOf(input), {
          ...options,
          ...embeds,
          ...(deleted === undefined ? {} : { deleted }),
        });
      };
    },
    options: ['deleted'],
    byDefault: 'always',
    status: 200,
    body: 'none',
    response: 'record',
    location: false,
    errors: [400, 404, 414, 429, 431, 500, 503],
    openApi: { operationId: 'get{singular}', summary: 'Get one record of {tag}', success: 'The record.' },
  },
  CREATE: {
    method: 'POST',
    suffix: '',
    query: 'none',
    operation: (service) => (input, options) => {
      refuseParams(input.query);
      return service.create(input.body, options);
    },
    options: [],
    byDefault: 'always',
    status: 201,
    body: 'create',
    response: 'record',
    location: true,
    errors: [400, 409, 413, 414, 415, 429, 431, 500, 503],
    openApi: { operationId: 'create{singular}', summary: 'Create a record of {tag}', success: 'The created record.' },
  },
  UPDATE: {
    method: 'PUT',
    suffix: '/:id',
    query: 'none',
    operation: (service, _resource, route) => (input, options) => {
      refuseParams(input.query);
      return service.replace(idOf(input), input.body, writeOptions(options, route));
    },
    options: ['requireIfMatch'],
    byDefault: 'always',
    status: 200,
    body: 'replace',
    response: 'record',
    location: false,
    errors: WRITE,
    openApi: {
      operationId: 'replace{singular}',
      summary: 'Replace a record of {tag}',
      success: 'The record as stored.',
    },
  },
  PARTIAL_UPDATE: {
    method: 'PATCH',
    suffix: '/:id',
    query: 'none',
    operation: (service, _resource, route) => (input, options) => {
      refuseParams(input.query);
      return service.update(idOf(input), input.body, writeOptions(options, route));
    },
    options: ['requireIfMatch'],
    byDefault: 'always',
    status: 200,
    body: 'patch',
    response: 'record',
    location: false,
    errors: WRITE,
    openApi: {
      operationId: 'update{singular}',
      summary: 'Update the named fields of a record of {tag}',
      success: 'The record as stored.',
    },
  },
  DELETE: {
    method: 'DELETE',
    suffix: '/:id',
    query: 'none',
    // `permanent=true` (where the route's `permanent` option allows it) removes a soft-deleted resource's record;
    // any other parameter is a 400.
    operation: (service, _resource, route) => {
      const known = route.permanent === true ? ['permanent'] : [];
      return (input, options) => {
        const params = queryParamsOf(input.query);
        refuseUnknownParams(params, known);
        const permanent = choiceParam(params, 'permanent', ['true', 'false'] as const) === 'true';
        const write = writeOptions(options, route);
        return service.delete(idOf(input), permanent ? { ...write, permanent } : write);
      };
    },
    options: ['permanent', 'requireIfMatch'],
    byDefault: 'always',
    status: 204,
    body: 'none',
    response: 'none',
    location: false,
    errors: [400, 404, 409, 412, 414, 429, 431, 500, 503],
    openApi: { operationId: 'delete{singular}', summary: 'Delete a record of {tag}', success: 'Deleted.' },
  },
  RESTORE: {
    method: 'POST',
    suffix: '/:id/restore',
    query: 'none',
    operation: (service, _resource, route) => (input, options) => {
      refuseParams(input.query);
      return service.restore(idOf(input), writeOptions(options, route));
    },
    options: ['requireIfMatch'],
    byDefault: 'softDelete',
    status: 200,
    body: 'none',
    response: 'record',
    location: false,
    errors: [400, 404, 409, 412, 414, 429, 431, 500, 503],
    openApi: {
      operationId: 'restore{singular}',
      summary: 'Restore a deleted record of {tag}',
      success: 'The record, no longer deleted.',
    },
  },
  CREATE_MANY: {
    method: 'POST',
    suffix: '/batch',
    query: 'none',
    operation: (service, _resource, route) => async (input, options) => {
      refuseParams(input.query);
      return { items: await service.createMany(batchOf(input.body, 'items', route), options) };
    },
    options: ['maxItems', 'bodyLimit'],
    byDefault: 'never',
    status: 201,
    body: 'createMany',
    response: 'items',
    location: false,
    errors: [400, 409, 413, 414, 415, 429, 431, 500, 503],
    openApi: {
      operationId: 'create{plural}',
      summary: 'Create records of {tag} in one batch, all or none',
      success: 'The created records, in the order given.',
    },
  },
  UPDATE_MANY: {
    method: 'PATCH',
    suffix: '/batch',
    query: 'none',
    operation: (service, _resource, route) => async (input, options) => {
      refuseParams(input.query);
      return { items: await service.updateMany(batchOf(input.body, 'items', route), options) };
    },
    options: ['maxItems', 'bodyLimit'],
    byDefault: 'never',
    status: 200,
    body: 'updateMany',
    response: 'items',
    location: false,
    errors: [400, 404, 409, 413, 414, 415, 429, 431, 500, 503],
    openApi: {
      operationId: 'update{plural}',
      summary: 'Update the named fields of records of {tag} in one batch, all or none',
      success: 'The records as stored, in the order given.',
    },
  },
  DELETE_MANY: {
    method: 'DELETE',
    suffix: '/batch',
    query: 'none',
    operation: (service, resource, route) => async (input, options) => {
      refuseParams(input.query);
      const ids = batchOf(input.body, 'ids', route);
      const removed = await service.deleteMany(ids, options);
      return { ids: removed.map((record) => (record as Record<string, unknown>)[resource.idField]) };
    },
    options: ['maxItems', 'bodyLimit'],
    byDefault: 'never',
    status: 200,
    body: 'ids',
    response: 'ids',
    location: false,
    errors: [400, 404, 409, 413, 414, 415, 429, 431, 500, 503],
    openApi: {
      operationId: 'delete{plural}',
      summary: 'Delete records of {tag} in one batch, all or none',
      success: 'The ids of the deleted records, in the order given.',
    },
  },
} satisfies Readonly<Record<string, RouteRow>>;

/**
 * The route table: one row per route type, in the order routes are mounted and documented. `defineRoutes` builds
 * each route's handler from its row, the OpenAPI document its operation, schemas and error responses, and the
 * Fastify adapter its response schema; a new route type is a new row (and its service operation).
 */
export const ROUTE_TABLE: { readonly [T in keyof typeof rows]: RouteRow } = deepFreeze(rows);

/**
 * One route type: `GET_LIST`, `GET_LIST_CURSOR`, `GET`, `CREATE`, `UPDATE` (PUT), `PARTIAL_UPDATE` (PATCH), `DELETE`
 * `RESTORE` (`POST {path}/:id/restore`, for a resource with `softDelete`), or the batches `CREATE_MANY`,
 * `UPDATE_MANY` and `DELETE_MANY` (`POST`, `PATCH`, `DELETE {path}/batch`, only when `routes` names them).
 */
export type RouteType = keyof typeof ROUTE_TABLE;

/** The route types of a resource, after the spec's controller definition (GET_LIST is the paginated list): the table's keys. */
export const ROUTE_TYPES: readonly RouteType[] = Object.freeze(Object.keys(ROUTE_TABLE) as RouteType[]);

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value))
    if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) deepFreeze(child as object);
  return Object.freeze(value);
}
