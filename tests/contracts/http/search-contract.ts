/** The `search` parameter of GET /users over HTTP: what it matches, literally, and the 400s it gets. */
import { beforeAll, describe, expect, it } from 'vitest';
import { idsWhere, records, searched, toJson, type UserJson } from './fixtures';
import type { GrammarClient } from './grammar-client';

/** Declares `search` on the seeded demo: case-insensitive, in username or email, with filters and cursors; its 400s. */
export function describeSearchContract(client: GrammarClient): void {
  const { get, page, expectBadRequest } = client;

  describe('search', () => {
    it.each([
      ['a username syllable', 'ka'],
      ['upper case, matched case-insensitively', 'KA'],
      ['mixed case across both fields', 'Ab'],
      ['a text only the email holds', '7@ex'],
      ['the domain every email holds', 'EXAMPLE.COM'],
      ['a text nothing holds', 'qqq'],
      ['non-ASCII text', 'K\u00e4'],
    ])('matches %s (%s) in the username or the email', async (_label, text) => {
      const { ids, total } = await page(`/users?search=${encodeURIComponent(text)}&limit=100`);
      const expected = idsWhere(searched(text));
      expect(ids).toStrictEqual(expected);
      expect(total).toBe(expected.length);
    });

    it('matches through the email where the username does not hold the text', async () => {
      const { result } = await page(`/users?search=${encodeURIComponent('7@EX')}&select=username,email&limit=100`);
      expect(result.items.length).toBeGreaterThan(0);
      for (const item of result.items) {
        expect(String(item['username']).toLowerCase()).not.toContain('7@ex');
        expect(String(item['email']).toLowerCase()).toContain('7@ex');
      }
    });

    it.each(['%', '_', '%a', 'a_', '\\', '.*', '[a]'])('takes %s as literal text, not a pattern', async (text) => {
      const { ids } = await page(`/users?search=${encodeURIComponent(text)}&limit=100`);
      expect(ids).toStrictEqual(idsWhere(searched(text)));
      expect(ids).toStrictEqual([]);
    });

    it('ANDs the search with the filters and keeps their order and paging', async () => {
      const query = 'search=a&status[eq]=active&age[gte]=30&orderBy=age&orderDirection=DESC&limit=4&page=2';
      const expected = records
        .filter((u) => searched('a')(u) && u.status === 'active' && u.age >= 30)
        .sort((a, b) => b.age - a.age || (a.id < b.id ? -1 : 1));
      const { ids, total } = await page(`/users?${query}`);
      expect(total).toBe(expected.length);
      expect(ids).toStrictEqual(expected.slice(4, 8).map((u) => u.id));
    });

    it('takes a search of exactly 200 characters', async () => {
      const { ids, total } = await page(`/users?search=${'a'.repeat(200)}`);
      expect([ids, total]).toStrictEqual([[], 0]);
    });

    it('walks the cursor route over a search, every match once', async () => {
      const seen: string[] = [];
      let cursor = '';
      for (let i = 0; i < 50; i++) {
        const { response, body } = await get(`/users/cursor?search=KA&limit=3&cursor=${encodeURIComponent(cursor)}`);
        expect(response.status).toBe(200);
        const result = body as { items: { id: string }[]; nextCursor: string | null };
        seen.push(...result.items.map((user) => user.id));
        if (result.nextCursor === null) break;
        cursor = result.nextCursor;
      }
      expect(seen).toStrictEqual(idsWhere(searched('ka')));
    });

    it.each([
      ['an empty search', 'search=', ['search must be 1 to 200 characters']],
      ['201 characters', `search=${'a'.repeat(201)}`, ['search must be 1 to 200 characters']],
      ['201 characters once decoded', `search=${'%41'.repeat(201)}`, ['search must be 1 to 200 characters']],
      ['a repeated search', 'search=a&search=b', ['search must not be repeated']],
      ['a NUL character', 'search=a%00b', ['search must not contain a NUL character']],
      ['a search with a sub-key', 'search[eq]=a', ['search[eq]']],
      ['a search beside a bad filter', 'search=a&age[eq]=x', ['age']],
    ])('answers %s with 400 and the envelope', async (_label, query, named) => {
      await expectBadRequest(query, named);
    });

    it('answers a bad search on the cursor route with 400 too', async () => {
      await expectBadRequest('search=', ['search must be 1 to 200 characters'], '/users/cursor');
    });
  });
}

/** Declares `search` over records holding `%` and `_`: each matched as the literal character. */
export function describeLiteralSearchContract(client: GrammarClient): void {
  const { page } = client;

  describe('search with literal % and _ in the data', () => {
    const created: UserJson[] = [];
    beforeAll(async () => {
      for (const username of ['100%_sure', 'under_score', 'per%cent']) {
        const response = await fetch(`${client.url}/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username,
            email: `${username.replace(/%/g, '')}@example.org`,
            status: 'active',
            age: 40,
          }),
        });
        expect(response.status).toBe(201);
        created.push((await response.json()) as UserJson);
      }
    });

    it.each([
      ['%', ['100%_sure', 'per%cent']],
      ['_', ['100%_sure', 'under_score']],
      ['%_', ['100%_sure']],
      ['R%C', ['per%cent']],
      ['0%_S', ['100%_sure']],
      ['r_s', ['under_score']],
      ['p%t', []],
      ['u_e', []],
    ])('matches %s literally', async (text, usernames) => {
      const { result } = await page(`/users?search=${encodeURIComponent(text)}&select=username&limit=100`);
      const all = [...records.map(toJson), ...created];
      expect(result.items.map((item) => item['username']).sort()).toStrictEqual([...usernames].sort());
      expect(result.items.map((item) => item['id'])).toStrictEqual(
        all
          .filter(searched(text))
          .map((u) => u.id)
          .sort(),
      );
    });
  });
}
