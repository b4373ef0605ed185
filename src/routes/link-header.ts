import type { PageMeta } from '../pagination/index';

/** Characters kept as they are in a link target; anything else is percent-encoded, so the header stays well-formed. */
const UNSAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@%/?[\]]/g;

/**
 * Longest `link` header sent, in characters. A longer one (a query of about 1,000 characters or more) is left out
 * entirely, never cut short: clients and proxies limit response headers (Node's client to 16 KiB in all, nginx's
 * default proxy buffer to 4 or 8 KiB), and a list without `next` would read as the last page.
 */
export const MAX_LINK_HEADER_LENGTH = 4096;

/**
 * The `link` header (RFC 8288) of one page of a list: `first`, `prev` (not on page 1), `next` (not on the last page)
 * and `last`, each the request's own path and query with only `page` changed (appended when the query had none).
 * `last` is page 1 when nothing matches. `undefined` when it would be longer than {@link MAX_LINK_HEADER_LENGTH}.
 */
export function linkHeader(path: string, query: string, meta: PageMeta): string | undefined {
  const parts = query === '' ? [] : query.split('&').filter((part) => part !== '');
  const at = parts.findIndex((part) => keyOf(part) === 'page');
  const target = (page: number): string => {
    const next = [...parts];
    if (at === -1) next.push(`page=${page}`);
    else next[at] = `page=${page}`;
    return `<${`${path}?${next.join('&')}`.replace(UNSAFE, encodeURIComponent)}>`;
  };
  const last = Math.max(meta.totalPages, 1);
  const links = [`${target(1)}; rel="first"`];
  if (meta.page > 1) links.push(`${target(Math.min(meta.page - 1, last))}; rel="prev"`);
  if (meta.page < last) links.push(`${target(meta.page + 1)}; rel="next"`);
  links.push(`${target(last)}; rel="last"`);
  const header = links.join(', ');
  return header.length > MAX_LINK_HEADER_LENGTH ? undefined : header;
}

function keyOf(part: string): string {
  const eq = part.indexOf('=');
  const key = eq === -1 ? part : part.slice(0, eq);
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/**
 * A route's query as query-string text: the raw string (without `?`), a `URLSearchParams`, or a framework's parsed
 * object (values as strings or string lists, one level of `name[sub]` nesting).
 */
export function queryTextOf(query: unknown): string {
  if (typeof query === 'string') return query.startsWith('?') ? query.slice(1) : query;
  if (query instanceof URLSearchParams) return query.toString();
  if (typeof query !== 'object' || query === null) return '';
  const params = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (typeof value === 'string') params.append(key, value);
    else if (Array.isArray(value)) for (const item of value) add(key, item);
    else if (typeof value === 'object' && value !== null)
      for (const sub of Object.keys(value)) add(`${key}[${sub}]`, (value as Record<string, unknown>)[sub]);
  };
  for (const key of Object.keys(query)) add(key, (query as Record<string, unknown>)[key]);
  return params.toString();
}
