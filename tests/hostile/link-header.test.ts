/**
 * Hostile queries cannot break or forge the `link` header of GET /users: whatever the query holds (raw `<`, `>` and
 * quotes, encoded CR LF, a forged `rel`, an encoded `page` key, empty parameters), the header is well-formed, names
 * each relation once, points only at the list's own path, and every target it names answers 200 with that page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../contracts/http-contract';
import { FRAMEWORKS, HOSTILE_OPTIONS, headerOf, send } from './servers';

/** One link of the header: `<target>; rel="name"`, the target printable ASCII without `<`, `>`, `"` or spaces. */
const LINK = /^<(\/users\?[\x21-\x7e]*)>; rel="(first|prev|next|last)"$/;
const SEED = HOSTILE_OPTIONS.seedRecords ?? 30;

/** The links of a header, after checking that it is made of well-formed links only, each relation once. */
function linksOf(header: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const part of header.split(', <').map((item, at) => (at === 0 ? item : `<${item}`))) {
    const match = LINK.exec(part);
    expect(match, `a malformed link: ${part}`).not.toBeNull();
    const [, target = '', rel = ''] = match ?? [];
    expect(target).not.toMatch(/[<>"\s]/);
    expect(links.has(rel), `rel="${rel}" twice`).toBe(false);
    links.set(rel, target);
  }
  expect(links.has('first') && links.has('last')).toBe(true);
  return links;
}

/** The page number a target asks for: its last `page` parameter, the key percent-decoded. */
function pageOf(target: string): number {
  const query = target.slice(target.indexOf('?') + 1).split('&');
  const page = query.filter((part) => decodeURIComponent(part.split('=')[0] ?? '') === 'page').at(-1);
  return Number(page?.split('=')[1]);
}

/** Raw request targets (sent byte for byte) and whether each must be answered 200 or may also be a 400. */
const CASES: readonly { readonly name: string; readonly path: string; readonly statuses: readonly number[] }[] = [
  { name: 'raw angle brackets in a value', path: '/users?username[ne]=a>b<c&limit=5&page=2', statuses: [200] },
  { name: 'a raw double quote in a value', path: '/users?username[ne]=a"b&limit=5', statuses: [200] },
  {
    name: 'a forged link in an encoded value',
    path: '/users?username[ne]=%3E%2C%20%3Chttp%3A%2F%2Fevil.example%2F%3E%3B%20rel%3D%22next%22&limit=5',
    statuses: [200],
  },
  { name: 'an encoded CR LF header in the search', path: '/users?search=%0D%0ASet-Cookie%3A%20x%3D1', statuses: [200] },
  // Node's HTTP parser refuses the request before any app sees it.
  { name: 'a raw Latin-1 byte in a value', path: '/users?username[ne]=\u00e9&limit=5&page=3', statuses: [400] },
  { name: 'an encoded page key', path: '/users?%70age=2&limit=5', statuses: [200] },
  { name: 'empty parameters around the page', path: '/users?&&limit=5&&page=2&&', statuses: [200] },
  { name: 'a plus-encoded value', path: '/users?username[ne]=a+b&limit=5&page=6', statuses: [200] },
  {
    name: 'search, select and OR groups',
    path: '/users?select=username&or[0][status][eq]=banned&or[1][age][lt]=40&limit=3&search=a&page=2',
    statuses: [200],
  },
  { name: 'a page past the end', path: '/users?page=2147483647&limit=5', statuses: [200] },
  { name: 'a raw fragment after the page', path: '/users?limit=5&page=2#x>y', statuses: [200, 400] },
  { name: 'a page with a leading zero', path: '/users?limit=5&page=02', statuses: [200, 400] },
];

describe.each(FRAMEWORKS)('%s example, the link header under hostile queries', (_framework, start) => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await start(HOSTILE_OPTIONS);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(CASES)('keeps the header well-formed for $name, and each target answers its page', async (item) => {
    const response = await send(server, { method: 'GET', path: item.path, headers: { 'x-correlation-id': 'link-1' } });
    expect(item.statuses, `status ${response.status}: ${response.text.slice(0, 200)}`).toContain(response.status);
    const header = headerOf(response, 'link');
    if (response.status !== 200) {
      expect(header).toBeUndefined();
      return;
    }
    expect(header).toBeDefined();
    const links = linksOf(header ?? '');
    const page = JSON.parse(response.text) as { page: number; totalPages: number; total: number };
    const last = Math.max(page.totalPages, 1);
    expect(pageOf(links.get('first') ?? '')).toBe(1);
    expect(pageOf(links.get('last') ?? '')).toBe(last);
    expect(links.has('prev')).toBe(page.page > 1);
    expect(links.has('next')).toBe(page.page < last);
    for (const [rel, target] of links) {
      const followed = await send(server, { method: 'GET', path: target, headers: { 'x-correlation-id': 'link-2' } });
      expect([rel, target, followed.status]).toStrictEqual([rel, target, 200]);
      const body = JSON.parse(followed.text) as { page: number; total: number };
      expect(body.page).toBe(pageOf(target));
      expect(body.total).toBe(page.total);
      expect(body.total).toBeLessThanOrEqual(SEED);
    }
  });
});
