import { splitUrl, type SplitUrl } from './split-url';

/**
 * Splits the absolute URL of a Fetch API `Request` (`request.url`, on Hono, Bun, Deno or Workers) as `splitUrl`
 * splits a request target, its origin and fragment dropped: the path as the client sent it, and the raw query.
 *
 * @example
 * splitRequestUrl('http://localhost/users?limit=5#top'); // { path: '/users', query: 'limit=5' }
 */
export function splitRequestUrl(url: string): SplitUrl {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return { path: '/', query: '' };
  const hash = url.indexOf('#', start);
  return splitUrl(url.slice(start, hash === -1 ? undefined : hash));
}
