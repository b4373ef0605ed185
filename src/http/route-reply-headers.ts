import { HttpError } from '../errors/index';
import type { Route, RouteReply } from '../routes/index';

/**
 * The record id of a request to a `/:id` route: the last segment of its raw path, percent-decoded once (`a%2Fb` is
 * `a/b`, `a%252F` is `a%2F`), as every adapter hands it to the route.
 *
 * @throws HttpError 400 for malformed percent-encoding.
 * @example
 * decodeRecordId('/v1/users/a%20b'); // 'a b'
 */
export function decodeRecordId(path: string): string {
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch (cause) {
    throw new HttpError(400, 'Malformed percent-encoding in the record id', { cause });
  }
}

/**
 * The headers to send with a route's reply: its own, a create's `location` carrying the prefix the routes are
 * mounted below (what the request's `path` holds before the route's pattern), and, for a body, the `content-type`
 * of its JSON text (`application/json`; the OpenAPI document's `application/json; charset=utf-8`).
 *
 * @example
 * const headers = routeReplyHeaders(route, reply, '/v1/users'); // location: '/v1/users/42', content-type: ...
 */
export function routeReplyHeaders(
  route: Route,
  reply: Pick<RouteReply, 'headers' | 'body'>,
  path: string,
): Readonly<Record<string, string>> {
  const { headers, body } = reply;
  const location = headers['location'];
  const prefixed =
    location === undefined || path === route.path || !path.endsWith(route.path)
      ? headers
      : { ...headers, location: path.slice(0, -route.path.length) + location };
  if (body === undefined) return prefixed;
  return { 'content-type': route.type === 'OPENAPI' ? 'application/json; charset=utf-8' : JSON_TYPE, ...prefixed };
}

const JSON_TYPE = 'application/json';
