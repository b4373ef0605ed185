import type { TotalMode } from '../pagination/index';
import type { PaginationOptions } from '../resource/index';

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
  /**
   * `GET_LIST` only: how the page's total is counted (see `TotalMode`; default `'exact'`). `'none'` sends `total`
   * and `totalPages` as `null`, and neither the `last` link nor `x-total-count`; `'estimated'` adds `totalRelation`
   * and sends no `x-total-count` for an approximate total.
   */
  readonly total?: TotalMode;
  /**
   * `GET_LIST` only: the modes a client may choose with the query parameter `total=` (`['none', 'estimated']`, say),
   * instead of the route's `total`. Without it, `total=` is a 400; so is a mode not listed, an empty or a repeated one.
   */
  readonly clientTotal?: readonly TotalMode[];
  /**
   * `GET_LIST` only: in `'estimated'` mode, the count up to which the total is exact, an integer from 1 to
   * `TOTAL_THRESHOLD.max` (default 1,000); above it the total is the store's estimate. Only with `total:
   * 'estimated'` or `'estimated'` in `clientTotal`: `defineRoutes` throws a `TypeError` for a threshold no mode reads.
   */
  readonly totalThreshold?: number;
  /**
   * `GET_LIST`, `GET_LIST_CURSOR` and `GET`, on a resource with `softDelete`: take the query parameter
   * `deleted=include|only`, which shows deleted records too or only them (default `false`: the parameter is a 400).
   */
  readonly deleted?: boolean;
  /**
   * `DELETE`, on a resource with `softDelete`: take `permanent=true`, which removes the record instead (default
   * `false`: the parameter is a 400).
   */
  readonly permanent?: boolean;
  /** `UPDATE`, `PARTIAL_UPDATE`, `DELETE` and `RESTORE`: a write without `If-Match` is a 428 (default `false`). */
  readonly requireIfMatch?: boolean;
  /**
   * `CREATE_MANY`, `UPDATE_MANY` and `DELETE_MANY`: the most items (ids) one batch may hold, from 1 to 1,000 (default
   * 100); more is a 400 before any item is read.
   */
  readonly maxItems?: number;
  /**
   * `CREATE_MANY`, `UPDATE_MANY` and `DELETE_MANY`: the largest JSON body the route reads, in bytes (default 4,096
   * bytes per item of `maxItems`, at least 16,384 and at most 1,048,576 in all); a larger body is the 413 envelope.
   */
  readonly bodyLimit?: number;
}
