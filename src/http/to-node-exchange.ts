import { CORRELATION_ID_HEADER, isSafeCorrelationId, resolveCorrelationId, type ErrorResponse } from '../errors/index';
import type { Route } from '../routes/index';
import type { Exchange } from './handle-exchange';
import { replyToError, type ErrorReporter } from './reply-to-error';
import { splitUrl } from './split-url';

/** The parts of a Node request (Express's `Request` among them) that {@link toNodeExchange} reads. */
export interface NodeRequestLike {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  /** The target as received, before a router trimmed its mount path (Express's `req.originalUrl`). */
  readonly originalUrl?: string | undefined;
  readonly headers: unknown;
}

/** What the framework gives {@link toNodeExchange} beside the request: its own objects, the route it matched, the id. */
export interface NodeExchangeParts<TRaw> {
  readonly raw: TRaw;
  readonly route: Route;
  /** The record id the framework's router read for a `/:id` route. */
  readonly id: string | undefined;
}

/**
 * The exchange of a route that a Node framework's router matched (Express, NestJS on either platform): the method,
 * the path and raw query as the client sent them (`originalUrl`, else `url`), the headers and the correlation id
 * (`correlationIdOf`, set on the response), with the framework's `raw` objects, the `route` and the record `id`.
 *
 * @example
 * const exchange = toNodeExchange(req, res, { raw: { req, res }, route, id: req.params.id });
 */
export function toNodeExchange<TRaw>(
  req: NodeRequestLike,
  res: CorrelatedResponse,
  { raw, route, id }: NodeExchangeParts<TRaw>,
): Exchange<TRaw> {
  const { path, query } = splitUrl(req.originalUrl ?? req.url ?? '');
  const correlationId = correlationIdOf(req, res);
  return { method: req.method ?? route.method, path, query, headers: req.headers, correlationId, raw, route, id };
}

/** The parts of a Node `ServerResponse` (or Express's `Response`) that {@link correlationIdOf} uses. */
export interface CorrelatedResponse {
  readonly headersSent: boolean;
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): unknown;
}

/**
 * The correlation id of a request on a Node response: the one a middleware already set as the response's
 * `x-correlation-id`, else the request's own when it is a safe token or a new uuid v4 (`resolveCorrelationId`), set
 * on the response now unless its headers are out. What the Express and NestJS adapters' routes and error handlers use.
 *
 * @example
 * const correlationId = correlationIdOf(req, res);
 */
export function correlationIdOf(req: { readonly headers: unknown }, res: CorrelatedResponse): string {
  const current = res.getHeader(CORRELATION_ID_HEADER);
  if (isSafeCorrelationId(current)) return current;
  const id = resolveCorrelationId(req.headers);
  if (!res.headersSent) res.setHeader(CORRELATION_ID_HEADER, id);
  return id;
}

/**
 * The error envelope of a failure on a Node framework's request (`replyToError`): under the request's correlation id
 * (`correlationIdOf`), with its method and path as sent (`originalUrl`, else `url`), each 5xx given to `report`.
 *
 * @example
 * const { statusCode, headers, body } = replyToNodeError(error, req, res, report);
 */
export function replyToNodeError(
  error: unknown,
  req: NodeRequestLike,
  res: CorrelatedResponse,
  report: ErrorReporter,
): ErrorResponse {
  const { path } = splitUrl(req.originalUrl ?? req.url ?? '');
  return replyToError(error, { correlationId: correlationIdOf(req, res), method: req.method, path }, report);
}
