import type { TotalMode } from '../pagination/index';
import type { PaginationOptions } from '../resource/index';
import type { RouteMethod, RouteStatus, RouteType } from './route-table';

export type { RouteOptions } from './route-options';

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
  readonly status: RouteStatus;
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
  /** `GET_LIST` only, when not `'exact'`: the route's total mode (its `total` option). */
  readonly total?: TotalMode;
  /** `GET_LIST` only: the total modes a client may choose with `total=` (its `clientTotal` option). */
  readonly clientTotal?: readonly TotalMode[];
  /** `GET_LIST` only: the threshold of the `'estimated'` mode, when the route sets one. */
  readonly totalThreshold?: number;
  /** Present (`true`) when the route takes `deleted=include|only`. */
  readonly deleted?: boolean;
  /** Present (`true`) when the `DELETE` route takes `permanent=true`. */
  readonly permanent?: boolean;
  /** Present (`true`) when a write without `If-Match` is a 428. */
  readonly requireIfMatch?: boolean;
  /**
   * The largest JSON body the route reads, in bytes, when it differs from the adapter's `bodyLimit` (the batch routes
   * set it from `maxItems` or their own `bodyLimit` option); a larger body is the 413 envelope.
   */
  readonly bodyLimit?: number;
  /** The batch routes: the most items (ids) one request may hold. */
  readonly maxItems?: number;
  /**
   * Runs the route: parses the query, calls the service, and resolves to the reply.
   *
   * @throws whatever the service or the query parser throws (`HttpError`s for client faults); adapters turn it into
   * the error envelope.
   */
  handle(input: RouteInput): Promise<RouteReply>;
}
