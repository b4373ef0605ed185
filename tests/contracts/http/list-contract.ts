/** The list routes of the example over HTTP: GET /users (pages, filters, sorting, bad queries), GET /users/cursor. */
import { describe, expect, it } from 'vitest';
import { UUID } from '../envelope';
import type { ExampleClient } from './example-client';
import { records, SEED } from './fixtures';

/** Declares GET /users: the default page, the page-th block, filters with sorting, empty pages, the clamp, the 400s. */
export function describeListContract(client: ExampleClient): void {
  const { json, expectEnvelope } = client;

  describe('GET /users', () => {
    it('returns the first page with the default limit and order', async () => {
      const { response, body } = await json('/users');
      expect(response.status).toBe(200);
      expect(body).toMatchObject({
        total: SEED,
        page: 1,
        limit: 10,
        totalPages: 6,
        hasNextPage: true,
        hasPreviousPage: false,
      });
      const ids = (body as { items: { id: string }[] }).items.map((u) => u.id);
      expect(ids).toEqual(
        [...records]
          .map((u) => u.id)
          .sort()
          .slice(0, 10),
      );
      expect(response.headers.get('x-correlation-id')).toMatch(UUID);
    });

    it('returns the page-th block of limit items', async () => {
      const { body } = await json('/users?limit=7&page=3');
      const ids = (body as { items: { id: string }[] }).items.map((u) => u.id);
      expect(ids).toEqual(
        [...records]
          .map((u) => u.id)
          .sort()
          .slice(14, 21),
      );
      expect(body).toMatchObject({ page: 3, limit: 7, totalPages: 9, hasNextPage: true, hasPreviousPage: true });
    });

    it('combines cont, eq and a range filter with sorting, counting the filtered set', async () => {
      const query =
        'username[operator]=cont&username[value]=a&status[eq]=active&age[gte]=30&age[lt]=60&orderBy=age,createdAt&orderDirection=DESC,ASC&limit=5&page=2';
      const expected = records
        .filter((u) => u.username.includes('a') && u.status === 'active' && u.age >= 30 && u.age < 60)
        .sort((a, b) => b.age - a.age || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
      const { response, body } = await json(`/users?${query}`);
      expect(response.status).toBe(200);
      const page = body as { items: { id: string }[]; total: number };
      expect(page.total).toBe(expected.length);
      expect(page.items.map((u) => u.id)).toEqual(expected.slice(5, 10).map((u) => u.id));
    });

    it('sorts by createdAt descending', async () => {
      const { body } = await json('/users?orderBy=createdAt&orderDirection=DESC&limit=3');
      const expected = [...records].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 3);
      expect((body as { items: { id: string }[] }).items.map((u) => u.id)).toEqual(expected.map((u) => u.id));
    });

    it('returns the empty list when nothing matches', async () => {
      const { body } = await json('/users?username[cont]=%E2%9C%93nomatch');
      expect(body).toEqual({
        items: [],
        total: 0,
        page: 1,
        limit: 10,
        totalPages: 0,
        hasNextPage: false,
        hasPreviousPage: false,
      });
    });

    it('returns empty items with the true total for a page past the end', async () => {
      const { response, body } = await json('/users?page=99');
      expect(response.status).toBe(200);
      expect(body).toMatchObject({
        items: [],
        total: SEED,
        page: 99,
        totalPages: 6,
        hasNextPage: false,
        hasPreviousPage: true,
      });
    });

    it('clamps a limit above the maximum', async () => {
      const { body } = await json('/users?limit=5000');
      expect(body).toMatchObject({ limit: 100, total: SEED, totalPages: 1 });
      expect((body as { items: unknown[] }).items).toHaveLength(SEED);
    });

    it.each([
      ['limit=', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=0', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=%2010', 'limit'],
      ['limit=1e2', 'limit'],
      ['limit=0x10', 'limit'],
      ['page=0', 'page'],
      ['limit=1&limit=2', 'limit'],
      ['orderBy=age&orderBy=username', 'orderBy'],
      ['secret[operator]=eq&secret[value]=x', 'secret'],
      ['username[operator]=regex&username[value]=x', 'regex'],
      ['age[operator]=cont&age[value]=1', 'age'],
      ['username[operator]=eq', 'username'],
      ['username[value]=ab', 'username'],
      ['age[eq]=abc', 'age'],
      ['age[operator]=between&age[values]=1', 'age'],
      ['orderBy=email', 'email'],
      ['orderBy=age&orderDirection=SIDEWAYS', 'orderDirection'],
      ['foo=bar', 'foo'],
      ['username=ab', 'username'],
      ['__proto__[x]=1', '__proto__'],
      ['constructor[prototype]=1', 'constructor'],
    ])('answers %s with 400 and the envelope', async (query, named) => {
      const { response, body } = await json(`/users?${query}`);
      const envelope = expectEnvelope(response, body, 400);
      expect(envelope.error).toBe('Bad Request');
      expect(Array.isArray(envelope.message)).toBe(true);
      expect((envelope.message as string[]).join('\n')).toContain(named);
    });
  });
}

/** Declares GET /users/cursor: a walk over every record once, and the 400 for a malformed cursor. */
export function describeCursorContract(client: ExampleClient): void {
  const { json, expectEnvelope } = client;

  describe('GET /users/cursor', () => {
    it('walks every record exactly once in id order', async () => {
      const seen: string[] = [];
      let cursor = '';
      for (let i = 0; i < 100; i++) {
        const { response, body } = await json(`/users/cursor?cursor=${encodeURIComponent(cursor)}&limit=7`);
        expect(response.status).toBe(200);
        const page = body as { items: { id: string }[]; nextCursor: string | null };
        seen.push(...page.items.map((u) => u.id));
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      const total = ((await json('/users?limit=1')).body as { total: number }).total;
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect(seen).toEqual([...seen].sort());
    });

    it('answers a malformed cursor with 400 and the envelope', async () => {
      const { response, body } = await json('/users/cursor?cursor=%%%');
      expectEnvelope(response, body, 400);
      const second = await json('/users/cursor?cursor=bm90LWEtY3Vyc29y');
      expectEnvelope(second.response, second.body, 400);
    });
  });
}
