// Benchmark baseline (see app.ts): examples/shared/query-string-of.ts as of commit e7641d6, unchanged but for import paths.
/**
 * The raw query string of a request URL or path, without the `?` (`/users?limit=5` gives `limit=5`).
 *
 * The examples hand this to `parseListQuery` rather than the framework's parsed query object, so that its own checks
 * (malformed percent-encoding, parameter count, repeated keys) apply to exactly what the client sent.
 */
export function queryStringOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}
