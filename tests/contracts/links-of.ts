/** Reading a `link` header (RFC 8288) and the links a page must carry, for the HTTP and adapter contracts. */
import { expect } from 'vitest';

/** The relations of a `link` header (RFC 8288), each to its target as sent; an empty map without the header. */
export function linksOf(header: string | null): Map<string, string> {
  const links = new Map<string, string>();
  for (const match of (header ?? '').matchAll(/<([^>]*)>\s*;\s*rel="([^"]+)"/g)) {
    const [, target = '', rel = ''] = match;
    expect(links.has(rel), `rel="${rel}" appears once`).toBe(false);
    links.set(rel, target);
  }
  // Nothing but well-formed links: every part of the header was read.
  if (header !== null) expect(header.split(/,\s*(?=<)/).length).toBe(links.size);
  return links;
}

/** The link targets a page of `path?query` must carry: the same path and query, only `page` changed (or added). */
export function expectedLinks(path: string, query: string, pages: Record<string, number>): Map<string, string> {
  const parts = query === '' ? [] : query.split('&');
  const at = parts.findIndex((part) => part.split('=')[0] === 'page');
  const target = (page: number) => {
    const next = [...parts];
    if (at === -1) next.push(`page=${page}`);
    else next[at] = `page=${page}`;
    return `${path}?${next.join('&')}`;
  };
  return new Map(Object.entries(pages).map(([rel, page]) => [rel, target(page)]));
}
