import type { PageMeta, TotalMode } from '../pagination/index';

/** Characters kept as they are in a link target; anything else is percent-encoded, so the header stays well-formed. */
const UNSAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@%/?[\]]/g;
/** {@link UNSAFE} without the global flag, to test for a character to encode (a test keeps no `lastIndex`). */
const HAS_UNSAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@%/?[\]]/;

/**
 * Longest `link` header sent, in characters. A longer one (a query of about 1,000 characters or more) is left out
 * entirely, never cut short: clients and proxies limit response headers (Node's client to 16 KiB in all, nginx's
 * default proxy buffer to 4 or 8 KiB), and a list without `next` would read as the last page.
 */
export const MAX_LINK_HEADER_LENGTH = 4096;

/**
 * The `link` header (RFC 8288) of one page of a list: `first`, `prev` (not on page 1), `next` (when `hasNextPage`)
 * and `last`, each the request's own path and query with only `page` changed (appended when the query had none).
 * `last` is page 1 when nothing matches, and left out without a total (`'none'` mode; `prev` is then the page
 * before, unclamped). `undefined` when it would be longer than {@link MAX_LINK_HEADER_LENGTH}.
 *
 * It runs on every list request, so the query is split and percent-encoded once, around the `page` parameter, and
 * each target is that text with its page number between: the same header as encoding each whole target, since the
 * encoding works character by character and a page number holds only digits.
 */
export function linkHeader(path: string, query: string, meta: PageMeta<TotalMode>): string | undefined {
  // The parameters before the first `page` one and those after it (each after an `&`); empty ones are dropped.
  let before = '';
  let after = '';
  let found = false;
  const parts = query === '' ? [] : query.split('&');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (part === '') continue;
    if (found) after += `&${part}`;
    else if (isPageKey(part)) found = true;
    else before = before === '' ? part : `${before}&${part}`;
  }
  const head = `<${encode(`${path}?${before === '' ? '' : `${before}&`}`)}page=`;
  const tail = `${encode(after)}>`;
  const last = meta.totalPages === null ? null : Math.max(meta.totalPages, 1);
  let header = `${head}1${tail}; rel="first"`;
  if (meta.page > 1)
    header += `, ${head}${last === null ? meta.page - 1 : Math.min(meta.page - 1, last)}${tail}; rel="prev"`;
  if (meta.hasNextPage) header += `, ${head}${meta.page + 1}${tail}; rel="next"`;
  if (last !== null) header += `, ${head}${last}${tail}; rel="last"`;
  return header.length > MAX_LINK_HEADER_LENGTH ? undefined : header;
}

/** Percent-encodes the characters a link target may not hold as they are; most texts have none. */
function encode(text: string): string {
  return HAS_UNSAFE.test(text) ? text.replace(UNSAFE, encodeURIComponent) : text;
}

/** Whether a `name=value` parameter's name, decoded as a query string decodes it, is `page`. */
function isPageKey(part: string): boolean {
  const eq = part.indexOf('=');
  const key = eq === -1 ? part : part.slice(0, eq);
  // Only a name holding `%` or `+` decodes to anything but itself.
  if (key.indexOf('%') === -1 && key.indexOf('+') === -1) return key === 'page';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' ')) === 'page';
  } catch {
    return key === 'page';
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
