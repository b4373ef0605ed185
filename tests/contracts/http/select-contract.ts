/** The `select` parameter over HTTP: items holding exactly the fields named and the id, and the 400s it gets. */
import { describe, expect, it } from 'vitest';
import { idsWhere, records, searched, SEED, toJson, type UserJson } from './fixtures';
import type { GrammarClient } from './grammar-client';

/** Declares `select` on the list and cursor routes, and its 400s. */
export function describeSelectContract(client: GrammarClient): void {
  const { get, page, expectBadRequest } = client;

  describe('select', () => {
    it.each([
      ['one field', 'username', ['id', 'username']],
      ['two fields, in any order', 'age,email', ['age', 'email', 'id']],
      ['the id alone', 'id', ['id']],
      ['a date field', 'createdAt', ['createdAt', 'id']],
      [
        'every field',
        'id,username,email,status,age,createdAt',
        ['age', 'createdAt', 'email', 'id', 'status', 'username'],
      ],
    ])('answers items holding exactly %s and the id', async (_label, select, keys) => {
      const { result, ids } = await page(`/users?select=${select}&limit=8&page=2`);
      expect(ids).toStrictEqual(idsWhere(() => true).slice(8, 16));
      for (const item of result.items) {
        expect(Object.keys(item).sort()).toStrictEqual(keys);
        const user = records.find((each) => each.id === item['id']);
        expect(user).toBeDefined();
        const seeded = toJson(user as (typeof records)[number]);
        expect(item).toStrictEqual(Object.fromEntries(keys.map((key) => [key, seeded[key as keyof UserJson]])));
      }
      expect(result).toMatchObject({ total: SEED, page: 2, limit: 8, totalPages: 8 });
    });

    it('selects on the cursor route, with filters, search and OR groups', async () => {
      const query = 'select=email&search=a&or[0][status][eq]=banned&or[1][age][lt]=30&limit=100';
      const { response, body } = await get(`/users/cursor?${query}`);
      expect(response.status).toBe(200);
      const items = (body as { items: Record<string, unknown>[] }).items;
      const expected = records
        .filter((u) => searched('a')(u) && (u.status === 'banned' || u.age < 30))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(items).toStrictEqual(expected.map((u) => ({ id: u.id, email: u.email })));
    });

    it.each([
      ['an empty selection', 'select=', ['select must name at least one field']],
      ['an unknown field', 'select=password', ['select: "password" is not a field']],
      ['an unknown field among known ones', 'select=username,nope', ['select: "nope" is not a field']],
      ['a field given twice', 'select=username,username', ['select: "username" is given twice']],
      ['a repeated parameter', 'select=username&select=email', ['select must not be repeated']],
      ['an empty name in the list', 'select=username,', ['select: "" is not a field']],
      ['__proto__', 'select=__proto__', ['__proto__']],
      ['constructor', 'select=constructor', ['constructor']],
      ['a select with a sub-key', 'select[0]=username', ['select[0]']],
      ['a quoted name', 'select=%22username%22', ['is not a field']],
    ])('answers %s with 400 and the envelope', async (_label, query, named) => {
      await expectBadRequest(query, named);
    });

    it('answers a bad selection on the cursor route with 400 too', async () => {
      await expectBadRequest('select=nope', ['select: "nope" is not a field'], '/users/cursor');
    });
  });
}
