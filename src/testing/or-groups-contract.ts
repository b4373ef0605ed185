import { type CursorPage, parseCursorQuery, parseListQuery, type Where } from 'pagelope';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { type Item, items, searchableItems } from './fixtures';
import { idsOf } from './ids-of';
import { referenceList } from './reference-model';
import { SEARCH_SEED } from './search-rows';
import { SEED } from './seed';
import { walkCursor } from './walkers';

/** OR groups in the HTTP grammar, the programmatic `where` each means, its top level and groups, and the ids listed. */
const OR_ROWS = [
  {
    label: 'top-level AND (group 0 OR group 1)',
    query: 'age[gte]=18&or[0][status][eq]=draft&or[1][name][contl]=GRACE',
    where: [
      { age: { gte: 18 }, status: 'draft' },
      { age: { gte: 18 }, name: { contl: 'grace' } },
    ],
    top: { age: { gte: 18 } },
    groups: [{ status: 'draft' }, { name: { contl: 'grace' } }],
    ids: ['a4', 'a5'],
  },
  {
    label: 'the spec form of each condition',
    query:
      'age[operator]=gte&age[value]=18&or[0][status][operator]=eq&or[0][status][value]=draft' +
      '&or[1][name][operator]=contl&or[1][name][value]=GRACE',
    where: [
      { age: { gte: 18 }, status: 'draft' },
      { age: { gte: 18 }, name: { contl: 'grace' } },
    ],
    top: { age: { gte: 18 } },
    groups: [{ status: 'draft' }, { name: { contl: 'grace' } }],
    ids: ['a4', 'a5'],
  },
  {
    label: 'groups of several conditions, without top-level ones',
    query: 'or[0][status][eq]=active&or[0][age][lt]=20&or[1][nick][isnull]=true',
    where: [{ status: 'active', age: { lt: 20 } }, { nick: null }],
    top: undefined,
    groups: [{ status: 'active', age: { lt: 20 } }, { nick: null }],
    ids: ['a2', 'a3', 'a7'],
  },
  {
    label: 'one group',
    query: 'status[ne]=archived&or[0][createdAt][lt]=2020-06-01T00:00:00Z',
    where: [{ status: { ne: 'archived' }, createdAt: { lt: '2020-06-01T00:00:00Z' } }],
    top: { status: { ne: 'archived' } },
    groups: [{ createdAt: { lt: '2020-06-01T00:00:00Z' } }],
    ids: ['a1', 'a4', 'a5'],
  },
  {
    label: 'three groups on one field, with list and text operators',
    query: 'active[notnull]=true&or[0][name][starts]=Gr&or[1][name][in]=Ada&or[1][name][in]=Zed&or[2][name][endsl]=ITH',
    where: [
      { active: { notnull: true }, name: { starts: 'Gr' } },
      { active: { notnull: true }, name: { in: ['Ada', 'Zed'] } },
      { active: { notnull: true }, name: { endsl: 'ith' } },
    ],
    top: { active: { notnull: true } },
    groups: [{ name: { starts: 'Gr' } }, { name: { in: ['Ada', 'Zed'] } }, { name: { endsl: 'ith' } }],
    ids: ['a1', 'a5', 'a8'],
  },
] as const;

/**
 * The contract of OR groups: the top level ANDed with the OR of the groups, from the HTTP grammar and the programmatic
 * OR array alike.
 */
export function orGroupsContract(context: ContractContext): void {
  const { makeRepository, seeded, rows } = context;
  describe('OR groups', () => {
    it('agrees with the reference model: the top level ANDed with the OR of the groups', () => {
      for (const row of OR_ROWS) {
        const inTop = new Set(idsOf(referenceList(SEED, row.top, [])));
        const expected = idsOf(referenceList(SEED, row.groups, [])).filter((id) => inTop.has(id));
        expect(expected, row.label).toStrictEqual(row.ids);
        expect(idsOf(referenceList(SEED, row.where, [])), row.label).toStrictEqual(row.ids);
      }
    });

    it.each(rows(OR_ROWS))('lists what parseListQuery gives for $label, as its programmatic OR', async (row) => {
      const repository = await seeded();
      const parsed = await repository.list(parseListQuery(`${row.query}&limit=50`, items));
      expect(idsOf(parsed.items)).toStrictEqual(row.ids);
      expect(parsed.total).toBe(row.ids.length);
      const programmatic = await repository.list({ where: row.where as Where<Item>, limit: 50 });
      expect(programmatic).toStrictEqual(parsed);
    });

    it.each(rows(OR_ROWS))('walks the cursor pages of $label from parseCursorQuery', async (row) => {
      const repository = await seeded();
      const walked: Item[] = [];
      let cursor = '';
      for (let pages = 0; pages < 10; pages++) {
        const page: CursorPage<Item> = await repository.listByCursor(
          parseCursorQuery(`${row.query}&limit=1&orderBy=age&orderDirection=desc&cursor=${cursor}`, items),
        );
        walked.push(...page.items);
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      const expected = idsOf(referenceList(SEED, row.where, [{ field: 'age', direction: 'desc' }]));
      expect(idsOf(walked)).toStrictEqual(expected);
    });

    it('continues a cursor of the HTTP OR groups with the programmatic OR array', async () => {
      const repository = await seeded();
      const row = OR_ROWS[0];
      const first = await repository.listByCursor(parseCursorQuery(`${row.query}&limit=1`, items));
      const next = await repository.listByCursor({
        where: row.where as Where<Item>,
        limit: 5,
        cursor: first.nextCursor,
      });
      expect(idsOf([...first.items, ...next.items])).toStrictEqual(row.ids);
    });

    it('ANDs the OR groups with a search and a scope', async () => {
      const repository = await makeRepository(searchableItems, SEARCH_SEED);
      const query = 'search=e&or[0][status][eq]=draft&or[1][age][gt]=50';
      const page = await repository.list(parseListQuery(`${query}&limit=50`, searchableItems));
      expect(idsOf(page.items)).toStrictEqual(['s2', 's5', 's8']);
      const scoped = await repository.list(parseListQuery(query, searchableItems), { scope: { age: { gte: 41 } } });
      expect(idsOf(scoped.items)).toStrictEqual(['s5']);
      expect(scoped.total).toBe(1);
      const walked = await walkCursor(
        repository,
        { search: 'e', where: [{ status: 'draft' }, { age: { gt: 50 } }], limit: 1, scope: { active: false } },
        10,
      );
      expect(idsOf(walked)).toStrictEqual(['s2', 's5', 's8']);
    });
  });
}
