/** The `link` header of GET /users over HTTP: its relations on each page, its walk, its size limit, where it is not. */
import { describe, expect, it } from 'vitest';
import { expectedLinks, linksOf } from '../links-of';
import { idsWhere, records, searched, SEED } from './fixtures';
import type { GrammarClient } from './grammar-client';

/** Declares the `link` header: first, prev, next and last as sent, every record once following next, its absences. */
export function describeLinkHeaderContract(client: GrammarClient): void {
  const { get, page } = client;

  describe('the link header', () => {
    it('links first, next and last on page 1, without prev', async () => {
      const { response } = await page('/users?limit=7');
      expect(linksOf(response.headers.get('link'))).toStrictEqual(
        expectedLinks('/users', 'limit=7', { first: 1, next: 2, last: 9 }),
      );
    });

    it('links first, prev, next and last on a middle page, every other parameter kept as sent', async () => {
      const query = 'status[eq]=active&limit=3&page=2&orderBy=age&orderDirection=DESC';
      const { response, result } = await page(`/users?${query}`);
      expect(result.totalPages).toBeGreaterThan(2);
      expect(linksOf(response.headers.get('link'))).toStrictEqual(
        expectedLinks('/users', query, { first: 1, prev: 1, next: 3, last: result.totalPages }),
      );
    });

    it('links first, prev and last on the last page, without next', async () => {
      const { response } = await page('/users?page=6');
      expect(linksOf(response.headers.get('link'))).toStrictEqual(
        expectedLinks('/users', 'page=6', { first: 1, prev: 5, last: 6 }),
      );
    });

    it('keeps search, select, OR groups and percent-encoding exactly as sent', async () => {
      const query =
        'search=%41b&select=username,email&or[0][status][eq]=banned&or[1][age][lt]=40&username[ne]=a%20b&limit=2&page=2';
      const { response, result } = await page(`/users?${query}`);
      expect(result.totalPages).toBeGreaterThan(2);
      expect(linksOf(response.headers.get('link'))).toStrictEqual(
        expectedLinks('/users', query, { first: 1, prev: 1, next: 3, last: result.totalPages }),
      );
    });

    it('links page 1 as first and last when nothing matches, and prev from past the end to the last page', async () => {
      const empty = await page('/users?username[eq]=nobody');
      expect(linksOf(empty.response.headers.get('link'))).toStrictEqual(
        expectedLinks('/users', 'username[eq]=nobody', { first: 1, last: 1 }),
      );
      const past = await page('/users?page=99&limit=20');
      expect(linksOf(past.response.headers.get('link'))).toStrictEqual(
        expectedLinks('/users', 'page=99&limit=20', { first: 1, prev: 3, last: 3 }),
      );
    });

    it.each([
      ['the whole list', 'limit=7', () => true],
      [
        'a filtered, searched and sorted list',
        'status[ne]=banned&search=a&orderBy=username&limit=4',
        (u: (typeof records)[number]) => u.status !== 'banned' && searched('a')(u),
      ],
      [
        'an OR query',
        'or[0][status][eq]=banned&or[1][age][gte]=50&limit=5',
        (u: (typeof records)[number]) => u.status === 'banned' || u.age >= 50,
      ],
    ])('visits every record of %s exactly once by following next from page 1', async (_label, query, all) => {
      const seen: string[] = [];
      let target: string | undefined = `/users?${query}`;
      let pages = 0;
      for (; target !== undefined && pages < 100; pages++) {
        const { response, ids } = await page(target);
        seen.push(...ids);
        const links = linksOf(response.headers.get('link'));
        expect(links.get('first')).toBe(expectedLinks('/users', query, { first: 1 }).get('first'));
        target = links.get('next');
      }
      const { total } = await page(`/users?${query}`);
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect(pages).toBe(Math.max(Math.ceil(total / Number(/limit=(\d+)/.exec(query)?.[1])), 1));
      expect([...seen].sort()).toStrictEqual(idsWhere(all));
    });

    it('leaves the header out when it would be over 4,096 characters, the page still answered', async () => {
      const query = `username[excl]=${'x'.repeat(1000)}&email[excl]=${'y'.repeat(1000)}`;
      const { response, total } = await page(`/users?${query}`);
      expect(total).toBe(SEED);
      expect(response.headers.get('link')).toBeNull();
    });

    it('is sent only by the list route, and the demo sends no x-total-count', async () => {
      const { response } = await page('/users?limit=5');
      expect(response.headers.get('x-total-count')).toBeNull();
      const cursor = await get('/users/cursor?limit=5');
      expect(cursor.response.status).toBe(200);
      expect(cursor.response.headers.get('link')).toBeNull();
      const one = await get('/users/user-000001');
      expect(one.response.headers.get('link')).toBeNull();
    });

    it('is not sent on a 400', async () => {
      const { response } = await get('/users?limit=0');
      expect(response.status).toBe(400);
      expect(response.headers.get('link')).toBeNull();
    });
  });
}
