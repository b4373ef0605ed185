import { HttpError } from '../errors/index';
import { normalizeHeaders } from '../internal/index';
import {
  parseRouteCursorQuery,
  parseRouteDeleteQuery,
  parseRouteGetQuery,
  parseRouteListQuery,
  parseRouteWriteQuery,
  type DeletedParam,
} from '../query/index';
import type { Resource } from '../resource/index';
import { BATCH_ITEMS, batchList, type OperationOptions, type ResourceService } from '../service/index';
import type { RouteOptions } from './route-options';

/** The part of a request a route's service call reads (what a framework adapter hands every route). */
interface RouteCallInput {
  readonly params: { readonly id?: string };
  readonly query: unknown;
  readonly body?: unknown;
}

/** A route's service call, for one request: resolves to the reply body (or to anything, for a bodiless reply). */
type RouteCall = (input: RouteCallInput, options: OperationOptions<unknown>) => Promise<unknown>;

/**
 * How a route type calls the service: given the service, the resource the route parses its query for and the route's
 * options (once, at `defineRoutes`), the call that runs per request.
 */
export type RouteOperation = (
  service: ResourceService<unknown, unknown>,
  resource: Resource,
  options: RouteOptions,
) => RouteCall;

type Service = ResourceService<unknown, unknown>;
type Options = OperationOptions<unknown>;

const idOf = (input: RouteCallInput): string => String(input.params.id ?? '');

/** The list query `query` with the `deleted` mode the route read, if given. */
const withDeleted = (query: object, deleted: DeletedParam | undefined): object =>
  deleted === undefined ? query : { ...query, deleted };

/**
 * The `If-Match` of a write, for the service's `ifMatch`; with the route's `requireIfMatch`, a request without one
 * is a 428.
 */
function ifMatchOf(options: Options, route: RouteOptions): string | undefined {
  const raw = normalizeHeaders(options.headers)['if-match'];
  const value = typeof raw === 'string' || raw === undefined ? raw : raw.join(', ');
  if (value === undefined && route.requireIfMatch === true)
    throw new HttpError(428, 'this write needs an if-match header with the etag of the record');
  return value;
}

/** The options of a write with its `If-Match` (unchanged without one). */
const writeOptions = (options: Options, route: RouteOptions) => {
  const ifMatch = ifMatchOf(options, route);
  return ifMatch === undefined ? options : { ...options, ifMatch };
};

/**
 * The array under `name` of a batch body (`{ "items": [...] }`, `{ "ids": [...] }`), checked before any item is
 * read: a JSON object with that one key, whose array the service's one batch rule (`batchList`) checks with the
 * route's `maxItems`.
 *
 * @throws HttpError 400 for anything else.
 */
function batchOf(body: unknown, name: 'items' | 'ids', route: RouteOptions): readonly unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, [`the body must be a JSON object with ${name}`]);
  const extra = Object.keys(body).filter((key) => key !== name);
  if (extra.length > 0)
    throw new HttpError(
      400,
      extra.map((key) => `${JSON.stringify(key)}: unknown field`),
    );
  return batchList((body as Record<string, unknown>)[name], name, route.maxItems ?? BATCH_ITEMS.default);
}

/** `GET_LIST`: the list grammar with the route's `total` and `deleted` (query/parse), every problem in one 400. */
export const listCall: RouteOperation = (service, resource, route) => (input, options) => {
  const { query, deleted } = parseRouteListQuery(input.query, resource, route);
  return service.list(withDeleted(query, deleted) as Parameters<Service['list']>[0], options);
};

/** `GET_LIST_CURSOR`: the cursor grammar with `deleted` where the route allows it. */
export const cursorCall: RouteOperation = (service, resource, route) => (input, options) => {
  const { query, deleted } = parseRouteCursorQuery(input.query, resource, route);
  return service.listByCursor(withDeleted(query, deleted) as Parameters<Service['listByCursor']>[0], options);
};

/** `GET {path}/:id`: `include`, `counts` and (with the route's `deleted` option) `deleted` from the query string. */
export const getCall: RouteOperation = (service, resource, route) => (input, options) =>
  service.get(idOf(input), { ...options, ...parseRouteGetQuery(input.query, resource, route) });

/** `POST {path}`. */
export const createCall: RouteOperation = (service) => (input, options) => {
  parseRouteWriteQuery(input.query);
  return service.create(input.body, options);
};

/** `PUT {path}/:id`. */
export const replaceCall: RouteOperation = (service, _resource, route) => (input, options) => {
  parseRouteWriteQuery(input.query);
  return service.replace(idOf(input), input.body, writeOptions(options, route));
};

/** `PATCH {path}/:id`. */
export const updateCall: RouteOperation = (service, _resource, route) => (input, options) => {
  parseRouteWriteQuery(input.query);
  return service.update(idOf(input), input.body, writeOptions(options, route));
};

/**
 * `DELETE {path}/:id`: `permanent=true` (where the route's `permanent` option allows it) removes a soft-deleted
 * resource's record; any other parameter is a 400, in one 400 with a bad `permanent`.
 */
export const deleteCall: RouteOperation = (service, _resource, route) => (input, options) => {
  const { permanent } = parseRouteDeleteQuery(input.query, route);
  const write = writeOptions(options, route);
  return service.delete(idOf(input), permanent ? { ...write, permanent } : write);
};

/** `POST {path}/:id/restore`. */
export const restoreCall: RouteOperation = (service, _resource, route) => (input, options) => {
  parseRouteWriteQuery(input.query);
  return service.restore(idOf(input), writeOptions(options, route));
};

/** `POST {path}/batch`. */
export const createManyCall: RouteOperation = (service, _resource, route) => async (input, options) => {
  parseRouteWriteQuery(input.query);
  return { items: await service.createMany(batchOf(input.body, 'items', route), options) };
};

/** `PATCH {path}/batch`. */
export const updateManyCall: RouteOperation = (service, _resource, route) => async (input, options) => {
  parseRouteWriteQuery(input.query);
  return { items: await service.updateMany(batchOf(input.body, 'items', route), options) };
};

/** `DELETE {path}/batch`: answers the ids of the deleted records. */
export const deleteManyCall: RouteOperation = (service, resource, route) => async (input, options) => {
  parseRouteWriteQuery(input.query);
  const removed = await service.deleteMany(batchOf(input.body, 'ids', route), options);
  return { ids: removed.map((record) => (record as Record<string, unknown>)[resource.idField]) };
};
