/** The `link` and `x-total-count` headers on every adapter, at the root and below a mount prefix. */
import { describe, expect, it } from 'vitest';
import { expectedLinks, linksOf } from '../links-of';
import { personSeed, searched, thingSeed, type Thing } from './fixtures';
import type { ContractApps } from './mount-contract-apps';

/** Declares the links of each page (below the prefix too), the walk by next, x-total-count, where neither is. */
export function describeListHeadersContract(apps: ContractApps): void {
  const { send } = apps;

  describe('link and x-total-count headers', () => {
    const linksOfResult = (result: { response: Response }) => linksOf(result.response.headers.get('link'));

    it('links the pages of a list on its own path, every other parameter as sent, without x-total-count', async () => {
      const query = 'rank[gte]=3&rank[lt]=24&page=2';
      const result = await send(`/things?${query}`);
      expect(result.body).toMatchObject({ total: 21, page: 2, totalPages: 5 });
      expect(linksOfResult(result)).toStrictEqual(
        expectedLinks('/things', query, { first: 1, prev: 1, next: 3, last: 5 }),
      );
      expect(result.response.headers.get('x-total-count')).toBeNull();
      expect(result.response.headers.get('access-control-expose-headers')).toBeNull();
    });

    it('carries the mount prefix: next and no prev on page 1, prev and no next on the last page', async () => {
      const first = await send('/api/things?rank[lt]=24', {}, apps.prefixed);
      expect(first.body).toMatchObject({ total: 24, page: 1, totalPages: 5 });
      expect(linksOfResult(first)).toStrictEqual(
        expectedLinks('/api/things', 'rank[lt]=24', { first: 1, next: 2, last: 5 }),
      );
      const last = await send('/api/things?page=5&rank[lt]=24', {}, apps.prefixed);
      expect(linksOfResult(last)).toStrictEqual(
        expectedLinks('/api/things', 'page=5&rank[lt]=24', { first: 1, prev: 4, last: 5 }),
      );
    });

    it('visits every record exactly once by following next from page 1 below the prefix', async () => {
      const seen: string[] = [];
      let target: string | undefined = '/api/things?rank[lt]=24&orderBy=rank&orderDirection=DESC';
      for (let pages = 0; target !== undefined; pages++) {
        expect(pages).toBeLessThan(10);
        expect(target.startsWith('/api/things?')).toBe(true);
        const result = await send(target, {}, apps.prefixed);
        expect(result.response.status).toBe(200);
        seen.push(...(result.body as { items: Thing[] }).items.map((thing) => thing.id));
        target = linksOfResult(result).get('next');
      }
      expect(seen).toStrictEqual(thingSeed.map((thing) => thing.id).reverse());
    });

    it.each([
      ['at the root', ''],
      ['below the prefix', '/api'],
    ])('sends x-total-count equal to the total, named in access-control-expose-headers, %s', async (_label, base) => {
      const cases: [query: string, total: number][] = [
        ['', personSeed.length],
        ['tier[eq]=gold', personSeed.filter((person) => person.tier === 'gold').length],
        ['search=zzz', 0],
        ['search=a&select=name&page=2&limit=3', personSeed.filter(searched('a')).length],
      ];
      for (const [query, total] of cases) {
        const result = await send(
          `${base}/people${query === '' ? '' : `?${query}`}`,
          {},
          base === '' ? apps.app : apps.prefixed,
        );
        expect([query, result.response.status]).toStrictEqual([query, 200]);
        expect((result.body as { total: number }).total).toBe(total);
        expect(result.response.headers.get('x-total-count')).toBe(String(total));
        const exposed = result.response.headers.get('access-control-expose-headers') ?? '';
        expect(
          exposed
            .split(',')
            .map((name) => name.trim().toLowerCase())
            .sort(),
        ).toStrictEqual(['link', 'x-total-count']);
        expect(linksOfResult(result).get('first')).toBe(
          expectedLinks(`${base}/people`, query, { first: 1 }).get('first'),
        );
      }
    });

    it('sends neither header on the cursor route, a read, or a 400', async () => {
      for (const path of ['/people/cursor', '/people/p01', '/people?limit=0', '/people?search=']) {
        const result = await send(path);
        expect(result.response.headers.get('link'), path).toBeNull();
        expect(result.response.headers.get('x-total-count'), path).toBeNull();
      }
    });
  });
}
