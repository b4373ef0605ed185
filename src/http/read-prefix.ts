/**
 * Checks the `prefix` option of a server wrapper (`createFetchHandler`, `createNodeHandler` of `pagelope/node`):
 * absent or `''` for none, else a path starting with `/` and not ending with one.
 *
 * @throws TypeError, prefixed with `adapter`, for any other value.
 * @example
 * const prefix = readPrefix('createFetchHandler', options.prefix); // '/api'
 */
export function readPrefix(adapter: string, prefix: unknown): string {
  if (prefix === undefined || prefix === '') return '';
  if (typeof prefix !== 'string' || !prefix.startsWith('/') || prefix.endsWith('/'))
    throw new TypeError(`${adapter}: prefix must be a path such as "/api", got ${String(prefix)}`);
  return prefix;
}

/**
 * The part of a request path below `prefix` that the routes match (the path itself for no prefix), or `''` for a
 * path outside it (`/apix`, `/other`), which matches no route.
 *
 * @example
 * belowPrefix('/api/users', '/api'); // '/users'
 */
export function belowPrefix(path: string, prefix: string): string {
  if (prefix === '') return path;
  return path.startsWith(prefix) && path.charCodeAt(prefix.length) === 0x2f ? path.slice(prefix.length) : '';
}
