/** OR groups (`or[n][field][op]=value`) over HTTP: answered as the reference filter does, paged, bounded, its 400s. */
import { describe, expect, it } from 'vitest';
import { records, searched, SEED } from './fixtures';
import type { GrammarClient } from './grammar-client';

/** Declares OR groups on GET /users against the reference filter, their bounds and their 400s. */
export function describeOrGroupsContract(client: GrammarClient): void {
  const { page, expectBadRequest } = client;

  describe('OR groups', () => {
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    it.each([
      [
        'two one-condition groups',
        'or[0][status][eq]=banned&or[1][age][lt]=25',
        (u: (typeof records)[number]) => u.status === 'banned' || u.age < 25,
      ],
      [
        'groups of several conditions (ANDed inside a group)',
        'or[0][status][eq]=active&or[0][age][gte]=50&or[1][username][startsl]=AB&or[1][age][lt]=40',
        (u: (typeof records)[number]) =>
          (u.status === 'active' && u.age >= 50) || (u.username.toLowerCase().startsWith('ab') && u.age < 40),
      ],
      [
        'groups ANDed with the top-level conditions',
        'age[lt]=40&or[0][status][eq]=banned&or[1][username][cont]=ka',
        (u: (typeof records)[number]) => u.age < 40 && (u.status === 'banned' || u.username.includes('ka')),
      ],
      [
        'the long form inside a group',
        'or[0][status][operator]=eq&or[0][status][value]=inactive&or[1][age][operator]=between&or[1][age][values]=20&or[1][age][values]=30',
        (u: (typeof records)[number]) => u.status === 'inactive' || (u.age >= 20 && u.age <= 30),
      ],
      [
        'list operators inside groups',
        'or[0][status][in]=banned&or[0][status][in]=inactive&or[1][age][notin]=18&or[1][age][notin]=19&or[1][username][excl]=a',
        (u: (typeof records)[number]) =>
          ['banned', 'inactive'].includes(u.status) || (![18, 19].includes(u.age) && !u.username.includes('a')),
      ],
      [
        'groups ANDed with the search',
        'search=ab&or[0][status][eq]=banned&or[1][age][gte]=60',
        (u: (typeof records)[number]) => searched('ab')(u) && (u.status === 'banned' || u.age >= 60),
      ],
      [
        'eight groups',
        Array.from({ length: 8 }, (_, n) => `or[${n}][age][eq]=${20 + n}`).join('&'),
        (u: (typeof records)[number]) => u.age >= 20 && u.age <= 27,
      ],
      [
        'a group that matches nothing beside one that matches all',
        'or[0][username][eq]=nobody&or[1][age][gte]=0',
        () => true,
      ],
    ])('answers %s as the reference filter does', async (_label, query, keep) => {
      const { ids, total } = await page(`/users?${query}&limit=100`);
      const expected = records.filter(keep).sort(byId);
      expect(expected.length, 'the case matches some records').toBeGreaterThan(0);
      expect(ids).toStrictEqual(expected.map((u) => u.id));
      expect(total).toBe(expected.length);
    });

    it('pages an OR query like any filter, sorted as asked', async () => {
      const query = 'or[0][status][eq]=banned&or[1][age][lt]=30&orderBy=age,username&orderDirection=ASC,DESC';
      const expected = records
        .filter((u) => u.status === 'banned' || u.age < 30)
        .sort((a, b) => a.age - b.age || (a.username < b.username ? 1 : a.username > b.username ? -1 : 0));
      const seen: string[] = [];
      for (let n = 1; n <= Math.ceil(expected.length / 6); n++)
        seen.push(...(await page(`/users?${query}&limit=6&page=${n}`)).ids);
      expect(seen).toStrictEqual(expected.map((u) => u.id));
    });

    /** Eight conditions in group `n`, each holding for every record. */
    const eight = (n: number) =>
      [
        `or[${n}][age][gt]=0`,
        `or[${n}][age][gte]=0`,
        `or[${n}][age][lt]=150`,
        `or[${n}][age][lte]=150`,
        `or[${n}][age][ne]=5`,
        `or[${n}][createdAt][gt]=2000-01-01T00:00:00.000Z`,
        `or[${n}][createdAt][lt]=2100-01-01T00:00:00.000Z`,
        `or[${n}][username][ne]=nobody`,
      ].join('&');

    it('takes 32 conditions in all', async () => {
      const { total } = await page(`/users?${[0, 1, 2, 3].map(eight).join('&')}`);
      expect(total).toBe(SEED);
    });

    it.each([
      ['a gap in the group numbers', 'or[0][age][eq]=20&or[2][age][eq]=21', ['or[1] is missing']],
      ['groups not starting at 0', 'or[1][age][eq]=20', ['or[0] is missing']],
      ['a ninth group', 'or[8][age][eq]=20', ['or[8]: OR groups are numbered 0 to 7']],
      ['a huge group number', 'or[99999999999][age][eq]=20', ['OR groups are numbered 0 to 7']],
      ['a negative group number', 'or[-1][age][eq]=20', ['OR groups are numbered 0 to 7']],
      ['a named group', 'or[a][age][eq]=20', ['OR groups are numbered 0 to 7']],
      ['a group number with a leading zero', 'or[00][age][eq]=20', ['OR groups are numbered 0 to 7']],
      ['33 conditions', `${[0, 1, 2, 3].map(eight).join('&')}&or[4][age][eq]=20`, ['at most 32 conditions', '33']],
      ['an operator the field does not take', 'or[0][age][cont]=1', ['or[0][age][cont]', 'age']],
      ['an unknown operator', 'or[0][username][regex]=.*', ['or[0][username][regex]', 'regex']],
      ['an unknown field', 'or[0][password][eq]=x', ['or[0][password]', 'password']],
      ['a field that is not filterable', 'or[0][id][eq]=user-000001', ['or[0][id]', 'is not a filterable field']],
      ['a value that does not coerce', 'or[0][age][eq]=abc', ['or[0][age]']],
      ['a long-form value without an operator', 'or[0][age][value]=20', ['or[0][age]']],
      ['a bare or', 'or=1', ['or']],
      ['or with one bracket', 'or[0]=1', ['or[0]']],
      ['or with two brackets', 'or[0][age]=1', ['or[0][age]']],
      ['or with four brackets', 'or[0][age][eq][x]=1', ['or[0][age][eq][x]']],
      ['a condition the top level already has', 'age[gte]=20&or[0][age][gte]=30', ['repeats the top-level']],
      ['__proto__ as a group field', 'or[0][__proto__][eq]=1', ['__proto__']],
      ['constructor as a group number', 'or[constructor][age][eq]=1', ['constructor']],
      ['a good group beside a bad one', 'or[0][age][eq]=20&or[1][age][eq]=x', ['or[1][age]']],
    ])('answers %s with 400 and the envelope', async (_label, query, named) => {
      await expectBadRequest(query, named);
    });

    it('answers a bad OR group on the cursor route with 400 too', async () => {
      await expectBadRequest('or[0][age][eq]=20&or[2][age][eq]=21', ['or[1] is missing'], '/users/cursor');
    });
  });
}
