/** A request target cut at its first `?`: the path as sent, and the raw query string without the `?`. */
export interface SplitUrl {
  /** The path as the client sent it (percent-encoded), without the query. */
  readonly path: string;
  /** The raw query string, without the `?` (`''` when there is none). */
  readonly query: string;
}

/**
 * Splits a request target (`req.url`, `req.originalUrl`) at its first `?`, the one place adapters cut a URL: the
 * path is the base of a list's `link` targets, the query goes unparsed to the library's own query parser.
 *
 * @example
 * splitUrl('/users?limit=5&page=2'); // { path: '/users', query: 'limit=5&page=2' }
 */
export function splitUrl(url: string): SplitUrl {
  const at = url.indexOf('?');
  return at === -1 ? { path: url, query: '' } : { path: url.slice(0, at), query: url.slice(at + 1) };
}
