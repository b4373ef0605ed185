/** The list grammar on every adapter: `search`, `select` (a hidden field answered as an unknown one) and OR groups. */
import { describe, expect, it } from 'vitest';
import { personSeed, searched, type Person, type Thing } from './fixtures';
import type { ContractApps } from './mount-contract-apps';

/** Declares search, field selection and OR groups on the people and things routes, and their 400s. */
export function describeListGrammarContract(apps: ContractApps): void {
  const { send, expectEnvelope } = apps;

  describe('search, select and OR groups', () => {
    const personIds = (keep: (person: Person) => boolean) => personSeed.filter(keep).map((person) => person.id);

    it.each(['LOVE', 'example.net', 'ar', 'E.H', 'zebra', '%', '_', 'ada lovelace'])(
      'searches %s in the name or the email, case-insensitively, never in the hidden field',
      async (text) => {
        const result = await send(`/people?search=${encodeURIComponent(text)}&limit=50`);
        expect(result.response.status).toBe(200);
        const page = result.body as { items: Person[]; total: number };
        const expected = personIds(searched(text));
        expect(page.items.map((person) => person.id)).toStrictEqual(expected);
        expect(page.total).toBe(expected.length);
        expect(result.text).not.toContain('zebra');
      },
    );

    it('selects only the named fields and the id, on the list and cursor routes', async () => {
      const expected = personSeed.map(({ id, name, tier }) => ({ id, name, tier }));
      const list = await send('/people?select=tier,name&limit=50');
      expect((list.body as { items: unknown[] }).items).toStrictEqual(expected);
      const cursor = await send('/people/cursor?select=name,tier&limit=50');
      expect((cursor.body as { items: unknown[] }).items).toStrictEqual(expected);
    });

    it.each([
      ['the list route', '/people?select=name,{field}'],
      ['the cursor route', '/people/cursor?select={field}'],
      ['an OR group', '/people?or[0][{field}][eq]=zebra-1'],
      ['a filter', '/people?{field}[eq]=zebra-1'],
    ])('answers the hidden field on %s exactly as a field that does not exist', async (_label, path) => {
      const hidden = await send(path.replace('{field}', 'secret'));
      const absent = await send(path.replace('{field}', 'secrex'));
      const hiddenEnvelope = expectEnvelope(hidden, 400);
      const absentEnvelope = expectEnvelope(absent, 400);
      expect(JSON.stringify(hiddenEnvelope.message).replaceAll('secret', 'secrex')).toBe(
        JSON.stringify(absentEnvelope.message),
      );
      expect(hidden.response.headers.get('content-length')).toBe(absent.response.headers.get('content-length'));
    });

    it('answers OR groups as the reference filter does, ANDed with the search', async () => {
      const query = 'or[0][tier][eq]=gold&or[1][score][gte]=10&or[1][name][contl]=A&search=e&limit=50';
      const result = await send(`/people?${query}`);
      expect(result.response.status).toBe(200);
      const expected = personIds(
        (p) => searched('e')(p) && (p.tier === 'gold' || (p.score >= 10 && p.name.toLowerCase().includes('a'))),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect((result.body as { items: Person[] }).items.map((person) => person.id)).toStrictEqual(expected);
    });

    it('answers OR groups ANDed with the scope that locals give', async () => {
      const result = await send('/things?or[0][rank][lt]=3&or[1][rank][gte]=20&or[1][rank][lt]=24', {
        headers: { 'x-tenant': 'odd' },
      });
      expect((result.body as { items: Thing[] }).items.map((thing) => thing.id)).toStrictEqual(['t01', 't21', 't23']);
    });

    it.each([
      ['/things?search=a', ['search: resource "things" has no searchable fields']],
      ['/people?search=', ['search must be 1 to 200 characters']],
      ['/people?search=a&search=b', ['search must not be repeated']],
      ['/people?select=', ['select must name at least one field']],
      ['/people?select=name&select=tier', ['select must not be repeated']],
      ['/people?or[1][tier][eq]=gold', ['or[0] is missing: OR groups are numbered from 0 without gaps']],
      ['/people?or[8][tier][eq]=gold', ['or[8]: OR groups are numbered 0 to 7']],
      ['/people?or[0][score][cont]=1', ['or[0][score][cont]: operator "cont" is not allowed on field "score"']],
    ])('answers %s with the 400 envelope and its message', async (path, message) => {
      expectEnvelope(await send(path), 400, message);
    });
  });
}
