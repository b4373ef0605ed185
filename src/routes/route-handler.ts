import { CORRELATION_ID_HEADER, isSafeCorrelationId, resolveCorrelationId } from '../errors/index';
import { normalizeHeaders } from '../internal/index';
import type { PageMeta, TotalMode } from '../pagination/index';
import type { Resource } from '../resource/index';
import type { ResourceService } from '../service/index';
import { linkHeader, queryTextOf } from './link-header';
import type { Route, RouteInput, RouteOptions, RouteReply } from './route';
import type { RouteRow } from './route-table';

/** What a route's headers read of the route: its path pattern and its paging flags. */
type RouteFlags = Pick<Route, 'path' | 'linkHeader' | 'totalCountHeader'>;

/** Adds a route's own headers to a reply's, from the request and the service call's result. */
type AddHeaders = (headers: Record<string, string>, input: RouteInput, result: unknown) => void;

/**
 * The `handle` of one route, built from its row once, at `defineRoutes`: per request it resolves the correlation
 * id, runs the row's service call, and answers the row's status with the correlation id, the row's own headers
 * (`location`; the paging headers the route's flags enable) and the result as body (none for a bodiless row).
 */
/**
 * The correlation id a route answers under: the one the adapter resolved for the request when it is a safe token,
 * else one resolved from the request's headers. Every route's `handle` (the document's too) starts with it.
 */
export function correlationIdOf(input: Pick<RouteInput, 'correlationId' | 'headers'>): string {
  return isSafeCorrelationId(input.correlationId)
    ? input.correlationId
    : resolveCorrelationId(normalizeHeaders(input.headers));
}

export function routeHandler(
  row: RouteRow,
  service: ResourceService<unknown, unknown>,
  resource: Resource,
  route: RouteFlags,
  options: RouteOptions = {},
): Route['handle'] {
  const call = row.operation(service, resource, options);
  const { status } = row;
  const hasBody = row.response !== 'none';
  const addHeaders = headersOf(row, resource, route);
  // A reply of one record of a versioned resource carries its version as a strong entity tag; a GET whose
  // `If-None-Match` names it is a 304 without a body.
  const version = row.response === 'record' ? resource.version : undefined;
  const conditionalGet = version !== undefined && row.method === 'GET';
  const reply = (input: RouteInput, correlationId: string, result: unknown): RouteReply => {
    const headers: Record<string, string> = { [CORRELATION_ID_HEADER]: correlationId };
    if (addHeaders !== undefined) addHeaders(headers, input, result);
    if (version !== undefined) {
      const tag = entityTagOf(result, version);
      if (tag !== undefined) {
        headers['etag'] = tag;
        if (conditionalGet && noneMatch(normalizeHeaders(input.headers)['if-none-match'], tag))
          return { status: 304, headers, body: undefined };
      }
    }
    return { status, headers, body: hasBody ? result : undefined };
  };
  // Not an `async` function: the reply is chained on the call's promise (one promise, not two), and a throw before
  // it (a 400 of the query) is a rejection, as from an `async` function.
  return (input) => {
    try {
      const correlationId = correlationIdOf(input);
      return call(input, { headers: input.headers, correlationId, locals: input.locals }).then((result) =>
        reply(input, correlationId, result),
      );
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
}

/** The strong entity tag of a record's version (`"3"`), or `undefined` when it holds none. */
function entityTagOf(record: unknown, field: string): string | undefined {
  const value = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) ? `"${value}"` : undefined;
}

/** Whether an `If-None-Match` value names `tag` (weak comparison: `W/"3"` names `"3"`) or is `*`. */
function noneMatch(header: string | readonly string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : (header as string);
  return text.split(',').some((part) => {
    const one = part.trim();
    return one === '*' || one === tag || one === `W/${tag}`;
  });
}

/** The row's and route's own headers, or `undefined` when it sends none but the correlation id. */
function headersOf(row: RouteRow, resource: Resource, route: RouteFlags): AddHeaders | undefined {
  const location = row.location ? locationHeader(resource, route.path) : undefined;
  const paging = pagingHeaders(route);
  if (location === undefined || paging === undefined) return location ?? paging;
  return (headers, input, result) => {
    location(headers, input, result);
    paging(headers, input, result);
  };
}

/** `location`: the path of the record the call resolved to, below the route's path without its `/:id`. */
function locationHeader(resource: Resource, pattern: string): AddHeaders {
  const base = pattern.endsWith('/:id') ? pattern.slice(0, -'/:id'.length) : pattern;
  const { idField } = resource;
  return (headers, _input, result) => {
    headers['location'] = `${base}/${encodeURIComponent(String((result as Record<string, unknown>)[idField]))}`;
  };
}

/** The `link` and `x-total-count` headers of a page, as the route's flags enable them (only a page route has them). */
function pagingHeaders(route: RouteFlags): AddHeaders | undefined {
  const { path: pattern, linkHeader: link = false, totalCountHeader: total = false } = route;
  if (!link && !total) return undefined;
  const exposed = link ? 'x-total-count, link' : 'x-total-count';
  return (headers, input, result) => {
    const page = result as PageMeta<TotalMode>;
    if (link) {
      const path = typeof input.path === 'string' && input.path.startsWith('/') ? input.path : pattern;
      const value = linkHeader(path, queryTextOf(input.query), page);
      if (value !== undefined) headers['link'] = value;
    }
    // No total ('none' mode) or an estimate ('approx'): no x-total-count, which would read as an exact count.
    if (total && page.total !== null && page.totalRelation !== 'approx') {
      headers['x-total-count'] = String(page.total);
      headers['access-control-expose-headers'] = exposed;
    } else if (total && link) headers['access-control-expose-headers'] = 'link';
  };
}
