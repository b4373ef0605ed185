import { parseCursorQuery, parseListQuery, type Repository, type Where } from 'pagelope';
import { describe, expect, it } from 'vitest';
import { BAD_SEARCH_INPUTS, CURSOR_MISMATCH_MESSAGE } from './bad-inputs';
import type { ContractContext } from './contract-context';
import { expectBadRequest } from './expect-bad-request';
import { type Item, SEARCH_FIELDS, searchableItems } from './fixtures';
import { idsOf } from './ids-of';
import { ORDER_ROWS } from './order-rows';
import { referenceList, type ReferenceSearch } from './reference-model';
import { SEARCH_ROWS, SEARCH_SEED } from './search-rows';
import { tryMutate } from './try-mutate';
import type { UncheckedReads } from './unchecked-reads';
import { walkCursor, walkPages } from './walkers';

/**
 * What the search cases share: a repository of `searchableItems` holding the search seed, that seed as it reads back,
 * and a search of the searched fields.
 */
function searchKit({ makeRepository, storedOf }: ContractContext) {
  return {
    searchSeeded: (): Promise<Repository<Item>> => Promise.resolve(makeRepository(searchableItems, SEARCH_SEED)),
    SEARCH_STORED: SEARCH_SEED.map(storedOf),
    searchOf: (text: string): ReferenceSearch => ({ text, fields: SEARCH_FIELDS }),
  };
}

/** The matches of every search row, by list, cursor and the parsed query strings. */
function matchCases(context: ContractContext): void {
  const { rows } = context;
  const { searchSeeded, SEARCH_STORED, searchOf } = searchKit(context);
  it('agrees with the reference model on every search row', () => {
    for (const { search, ids } of SEARCH_ROWS) {
      expect(idsOf(referenceList(SEARCH_SEED, undefined, [], searchOf(search))), search).toStrictEqual(ids);
    }
  });

  it.each(rows(SEARCH_ROWS.map((row) => ({ ...row, label: JSON.stringify(row.search).slice(0, 40) }))))(
    'returns from list the records whose name or nick contains $label, case-insensitively, with their total',
    async ({ search, ids }) => {
      const repository = await searchSeeded();
      const page = await repository.list({ search, limit: 50 });
      expect(idsOf(page.items)).toStrictEqual(ids);
      expect(page.total).toBe(ids.length);
      expect(page.items).toStrictEqual(SEARCH_STORED.filter((record) => ids.includes(record.id)));
    },
  );

  it.each(rows(SEARCH_ROWS.map((row) => ({ ...row, label: JSON.stringify(row.search).slice(0, 40) }))))(
    'walks listByCursor through the records matching $label',
    async ({ search, ids }) => {
      const repository = await searchSeeded();
      expect(idsOf(await walkCursor(repository, { search, limit: 2 }, 10))).toStrictEqual(ids);
    },
  );

  it('accepts the search from parseListQuery and parseCursorQuery, percent-encoded', async () => {
    const repository = await searchSeeded();
    const encoded = `search=${encodeURIComponent('İ')}&limit=50`;
    expect(idsOf((await repository.list(parseListQuery(encoded, searchableItems))).items)).toStrictEqual(['s3']);
    const query = parseListQuery({ search: '%', limit: '50' }, searchableItems);
    expect(idsOf((await repository.list(query)).items)).toStrictEqual(['s4']);
    const cursorQuery = parseCursorQuery(`search=${encodeURIComponent('ÄBC')}&limit=1`, searchableItems);
    const first = await repository.listByCursor(cursorQuery);
    expect(idsOf(first.items)).toStrictEqual(['s1']);
    const next = await repository.listByCursor(
      parseCursorQuery({ search: 'ÄBC', limit: '1', cursor: first.nextCursor ?? '' }, searchableItems),
    );
    expect(idsOf(next.items)).toStrictEqual(['s2']);
  });
}

/** A search ANDed with a where and with a scope. */
function combinedCases(context: ContractContext): void {
  const { rows } = context;
  const { searchSeeded } = searchKit(context);
  it.each(
    rows([
      { label: 'a where object', search: 'e', where: { status: 'draft' }, ids: ['s2', 's5', 's8'] },
      {
        label: 'a where on a searched field',
        search: 'e',
        where: { nick: { notnull: true } },
        ids: ['s2', 's4', 's5', 's6'],
      },
      { label: 'an OR where', search: 'abc', where: [{ status: 'active' }, { age: { gt: 40 } }], ids: ['s7', 's9'] },
      { label: 'a where that excludes every match', search: 'abc', where: { age: { lt: 30 } }, ids: [] },
      { label: 'a where matching nothing the search does', search: 'ÄBC', where: { name: 'Plain' }, ids: [] },
    ] as const),
  )('ANDs the search with $label', async ({ search, where, ids }) => {
    const repository = await searchSeeded();
    const page = await repository.list({ search, where: where as Where<Item>, limit: 50 });
    expect(idsOf(page.items)).toStrictEqual(ids);
    expect(page.total).toBe(ids.length);
    const walked = await walkCursor(repository, { search, where: where as Where<Item>, limit: 1 }, 10);
    expect(idsOf(walked)).toStrictEqual(ids);
  });

  it.each(
    rows([
      { label: 'a scope', search: 'e', scope: { age: { gte: 41 } }, ids: ['s5'] },
      {
        label: 'an OR scope',
        search: 'I',
        scope: [{ status: 'draft' }, { active: null }],
        ids: ['s3', 's5', 's7', 's8'],
      },
      {
        label: 'a scope and a where',
        search: 'abc',
        where: { age: { gt: 30 } },
        scope: { status: 'active' },
        ids: ['s7'],
      },
    ] as const),
  )('ANDs the search with $label, in list totals and cursor walks', async (row) => {
    const repository = await searchSeeded();
    const where = ('where' in row ? row.where : undefined) as Where<Item> | undefined;
    const scope = row.scope as Where<Item>;
    const page = await repository.list({ search: row.search, where, limit: 50 }, { scope });
    expect(idsOf(page.items)).toStrictEqual(row.ids);
    expect(page.total).toBe(row.ids.length);
    for (const limit of [1, 2]) {
      const walked = await walkPages(repository, { search: row.search, where, limit, scope });
      expect(idsOf(walked.records)).toStrictEqual(row.ids);
      expect(idsOf(await walkCursor(repository, { search: row.search, where, limit, scope }, 10))).toStrictEqual(
        row.ids,
      );
    }
  });
}

/** Page and cursor walks of a search, the end of a search, and changes after one. */
function walkCases(context: ContractContext): void {
  const { rows, body } = context;
  const { searchSeeded, searchOf } = searchKit(context);
  it.each(rows(ORDER_ROWS))('walks pages and cursors of a search in order, sorting $name', async ({ orderBy }) => {
    const repository = await searchSeeded();
    for (const search of ['e', 'I', 'abc', ' ']) {
      const expected = idsOf(referenceList(SEARCH_SEED, undefined, orderBy, searchOf(search)));
      for (const limit of [1, 2, 3]) {
        const walked = await walkPages(repository, { search, orderBy, limit });
        expect(walked.total).toBe(expected.length);
        expect(idsOf(walked.records)).toStrictEqual(expected);
        expect(idsOf(await walkCursor(repository, { search, orderBy, limit }, 12))).toStrictEqual(expected);
      }
    }
  });

  it('returns an empty page with the true total past the end of a search', async () => {
    const repository = await searchSeeded();
    const page = await repository.list({ search: 'e', limit: 2, page: 4 });
    expect(page).toMatchObject({ items: [], total: 5, totalPages: 3, page: 4, hasNextPage: false });
  });

  it('sees records created, changed and deleted after an earlier search', async () => {
    const repository = await searchSeeded();
    expect((await repository.list({ search: 'zeta' })).total).toBe(1);
    await repository.create({ ...body({ name: 'ZETA two', nick: null }), id: 's10' });
    await repository.update('s7', { nick: 'zetaland' });
    await repository.update('s2', { nick: 'other' });
    await repository.delete('s9');
    expect(idsOf((await repository.list({ search: 'ZeTa', limit: 50 })).items)).toStrictEqual(['s10', 's7']);
    expect(idsOf((await repository.list({ search: 'abc', limit: 50 })).items)).toStrictEqual([]);
    expect(idsOf(await walkCursor(repository, { search: 'zeta', limit: 1 }, 5))).toStrictEqual(['s10', 's7']);
  });
}

/** Cursors bound to their search. */
function cursorCases(context: ContractContext): void {
  const { rows } = context;
  const { searchSeeded } = searchKit(context);
  it.each(
    rows([
      { label: 'another search', first: { search: 'e' }, then: { search: 'a' } },
      { label: 'no search', first: { search: 'e' }, then: {} },
      { label: 'a search, for a cursor issued without one', first: {}, then: { search: 'e' } },
      { label: 'a longer search', first: { search: 'e' }, then: { search: 'e ' } },
      { label: 'the search moved into a filter', first: { search: 'e' }, then: { where: { name: { contl: 'e' } } } },
    ] as const),
  )('throws a 400 from listByCursor for a cursor reused with $label', async ({ first, then }) => {
    const repository = await searchSeeded();
    const opening = await repository.listByCursor({ ...(first as object), limit: 1 });
    expect(opening.nextCursor).not.toBeNull();
    const error = await expectBadRequest(
      repository.listByCursor({ ...(then as object), limit: 1, cursor: opening.nextCursor }),
    );
    expect(error.message).toStrictEqual(CURSOR_MISMATCH_MESSAGE);
  });

  it('continues a cursor under the same search in other letter case (the same lower-cased text)', async () => {
    const repository = await searchSeeded();
    const first = await repository.listByCursor({ search: 'ÄBC', limit: 1 });
    const next = await repository.listByCursor({ search: 'äbc', limit: 1, cursor: first.nextCursor });
    expect(idsOf([...first.items, ...next.items])).toStrictEqual(['s1', 's2']);
    expect(next.nextCursor).toBeNull();
  });
}

/** Malformed searches, a resource without searchable fields, and copies. */
function inputCases(context: ContractContext): void {
  const { rows, seeded } = context;
  const { searchSeeded, SEARCH_STORED } = searchKit(context);
  it.each(rows(BAD_SEARCH_INPUTS))('throws a 400 from list and listByCursor for $name', async ({ input }) => {
    const repository: UncheckedReads = await searchSeeded();
    await expectBadRequest(repository.list(input));
    await expectBadRequest(repository.listByCursor(input));
  });

  it('throws a 400 for a search on a resource without searchable fields', async () => {
    const repository = await seeded();
    const error = await expectBadRequest(repository.list({ search: 'a' }));
    expect(error.message).toStrictEqual(['search: resource "items" has no searchable fields']);
    await expectBadRequest(repository.listByCursor({ search: 'a' }));
  });

  it('returns copies: changing searched records never changes the store', async () => {
    const repository = await searchSeeded();
    const page = await repository.list({ search: 'e', limit: 50 });
    tryMutate(() => {
      for (const record of page.items) (record as { name: string }).name = 'changed';
    });
    expect((await repository.list({ search: 'e', limit: 50 })).items).toStrictEqual(
      SEARCH_STORED.filter((record) => ['s2', 's4', 's5', 's6', 's8'].includes(record.id)),
    );
  });
}

/**
 * The contract of search: case-insensitive, literal matching in any searched field, ANDed with the where and the scope,
 * bound into cursors.
 */
export function searchContract(context: ContractContext): void {
  describe('search', () => {
    matchCases(context);
    combinedCases(context);
    walkCases(context);
    cursorCases(context);
    inputCases(context);
  });
}
