/**
 * The path Hono matches a pattern as: percent-decoded as Hono decodes request paths (`%25`, and the reserved
 * characters such as `%2F`, kept), so that `/caf%C3%A9` matches a request for `/caf%C3%A9`. Internal to the adapter.
 *
 * @example
 * toRoutePath('/caf%C3%A9/:id'); // '/café/:id'
 */
export function toRoutePath(pattern: string): string {
  try {
    return decodeURI(pattern.replace(/%25/g, '%2525'));
  } catch {
    return pattern;
  }
}
