/** A request target cut at its first `?`: the path as sent, and the raw query string without the `?`. */
export interface SplitUrl {
  /** The path as the client sent it (percent-encoded), without the query. */
  readonly path: string;
  /** The raw query string, without the `?` (`''` when there is none). */
  readonly query: string;
}

/**
 * Splits a request target (`req.url`, `req.originalUrl`) at its first `?`, the one place adapters cut a URL: the
 * path is the base of a list's `link` targets, the query goes unparsed to the library's own query parser. An
 * absolute-form target (`http://host/users?x=1`) gives its path (`/users`).
 *
 * @example
 * splitUrl('/users?limit=5&page=2'); // { path: '/users', query: 'limit=5&page=2' }
 */
export function splitUrl(url: string): SplitUrl {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at + 1);
  // An absolute-form target (`GET http://host/users`, RFC 9112 3.2.2) gives its path.
  if (path.startsWith('/') || !/^https?:\/\//i.test(path) || !URL.canParse(path)) return { path, query };
  return { path: new URL(path).pathname, query };
}
