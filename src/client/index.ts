// The `pagelope/client` entry: runs in browsers, Deno, Bun and Node 20+ (no `node:` module, no zod, no uuid).
export { toQueryString, type QueryInput } from './to-query-string';
export { createClient, type Client, type ClientOptions, type ClientHeaders } from './create-client';
export type {
  ClientBatchUpdate,
  ClientDeleteOptions,
  GetOptions,
  ResourceClient,
  ResourceClientOptions,
  RequestOptions,
  ClientWriteOptions,
} from './resource-client';
export { etagOf } from './etag-of';
export type {
  ClientCursorInput,
  ClientDeletedMode,
  ClientListInput,
  CountName,
  CursorItem,
  DefaultRelations,
  IncludeName,
  ManyClause,
  RelationSortPath,
  RelationWhere,
  RelationWhereClause,
  WithEmbeds,
} from './relation-types';
export type { FetchLike, FetchInit, FetchResponse } from './send-request';
export { ClientHttpError, isClientHttpError, type ClientHttpErrorOptions } from './client-http-error';
export type { PageResult } from '../pagination/index';
export type { CursorInput, CursorPage, FieldCondition, ListInput, Where, WhereClause } from '../query/index';
export type { OrderDirection, OrderTerm } from '../fields/index';
