/**
 * The raw path of a request URL, as the client sent it (percent-encoded), without the query or fragment. Internal to
 * the adapter.
 *
 * @example
 * pathOf('http://localhost/users/a%20b?limit=1'); // '/users/a%20b'
 */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.search(/[?#]/);
  return url.slice(start, end === -1 ? undefined : end);
}
