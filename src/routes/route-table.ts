import {
  createCall,
  createManyCall,
  cursorCall,
  deleteCall,
  deleteManyCall,
  getCall,
  listCall,
  replaceCall,
  restoreCall,
  updateCall,
  updateManyCall,
  type RouteOperation,
} from './route-calls';
import type { RouteOptions } from './route-options';

/** The HTTP methods the routes use. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The status of a route's success reply. */
export type RouteStatus = 200 | 201 | 204 | 304;

/**
 * An error status a route may answer with, besides its success; the OpenAPI document describes each (405 it adds
 * itself where another route's literal path matches this route's `:id`, 428 where the route requires `If-Match`).
 */
type RouteErrorStatus = 400 | 404 | 409 | 412 | 413 | 414 | 415 | 429 | 431 | 500 | 503;

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
  /** The service operation and how it is called (src/routes/route-calls.ts). */
  readonly operation: RouteOperation;
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

const READ: readonly RouteErrorStatus[] = [400, 414, 429, 431, 500, 503];
const WRITE: readonly RouteErrorStatus[] = [400, 404, 409, 412, 413, 414, 415, 429, 431, 500, 503];

const rows = {
  GET_LIST: {
    method: 'GET',
    suffix: '',
    query: 'page',
    operation: listCall,
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
    operation: cursorCall,
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
    operation: getCall,
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
    operation: createCall,
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
    operation: replaceCall,
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
    operation: updateCall,
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
    operation: deleteCall,
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
    operation: restoreCall,
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
    operation: createManyCall,
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
    operation: updateManyCall,
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
    operation: deleteManyCall,
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
