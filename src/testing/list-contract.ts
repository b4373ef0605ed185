import { parseListQuery } from 'pagelope';
import { describe, expect, it } from 'vitest';
import { BAD_LIST_INPUTS } from './bad-inputs';
import type { ContractContext } from './contract-context';
import { expectBadRequest } from './expect-bad-request';
import { items, newestItems } from './fixtures';
import { idsOf } from './ids-of';
import { listOperatorCases } from './list-operators-contract';
import { SEED } from './seed';
import { tryMutate } from './try-mutate';
import type { UncheckedReads } from './unchecked-reads';
import { walkPages } from './walkers';

/** The first page of a seeded store and of an empty one. */
function pageCases(context: ContractContext): void {
  const { STORED, seeded, fresh } = context;
  it('returns page 1 of the default limit in id order without a query', async () => {
    const repository = await seeded();
    const page = await repository.list();
    expect(page).toStrictEqual({
      items: STORED.slice(0, 5),
      total: 8,
      page: 1,
      limit: 5,
      totalPages: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(await repository.list({})).toStrictEqual(page);
  });

  it('returns an empty first page of an empty store', async () => {
    const repository = await fresh();
    expect(await repository.list()).toStrictEqual({
      items: [],
      total: 0,
      page: 1,
      limit: 5,
      totalPages: 0,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });
}

/** Filtering and sorting before the page is cut; a page past the end. */
function cutCases(context: ContractContext): void {
  const { STORED, seeded } = context;
  it('filters and sorts first, then cuts the page from the sorted, filtered set', async () => {
    const repository = await seeded();
    const query = {
      where: { status: { ne: 'archived' } },
      orderBy: [{ field: 'age', direction: 'desc' }],
    } as const;
    // ne 'archived' keeps a1 a3 a4 a5 a7 a8; age desc, nulls first, id tie-breaker: a3 a8 a4 a1 a5 a7
    expect(await repository.list({ ...query, limit: 2, page: 2 })).toStrictEqual({
      items: [STORED[3], STORED[0]],
      total: 6,
      page: 2,
      limit: 2,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(idsOf((await repository.list({ ...query, limit: 4, page: 2 })).items)).toStrictEqual(['a5', 'a7']);
  });

  it('returns empty items with the true total and totalPages for a page past the end', async () => {
    const repository = await seeded();
    expect(await repository.list({ where: { status: 'draft' }, limit: 2, page: 7 })).toStrictEqual({
      items: [],
      total: 3,
      page: 7,
      limit: 2,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
  });
}

/** Limits above maxLimit, clamped or refused. */
function limitCases(context: ContractContext): void {
  const { makeRepository, seeded } = context;
  it('clamps a limit above maxLimit and shows the applied limit', async () => {
    const repository = await seeded();
    const page = await repository.list({ limit: 51 });
    expect(page.limit).toBe(50);
    expect(page.items).toHaveLength(8);
    expect((await repository.list({ limit: Number.MAX_SAFE_INTEGER })).limit).toBe(50);
  });

  it('rejects a limit above maxLimit with a 400 under the reject policy', async () => {
    const repository = await makeRepository(newestItems, SEED);
    const error = await expectBadRequest(repository.list({ limit: 6 }));
    expect(error.message).toStrictEqual(['limit must be at most 5']);
    expect((await repository.list({ limit: 5 })).items).toHaveLength(5);
  });
}

/** The default order and the id tie-breaker across pages. */
function orderCases(context: ContractContext): void {
  const { makeRepository, body } = context;
  it('uses the default order of the resource, with the id tie-breaker, when the query names none', async () => {
    const repository = await makeRepository(newestItems, SEED);
    const page = await repository.list();
    expect(page.limit).toBe(3);
    expect(idsOf(page.items)).toStrictEqual(['a3', 'a7', 'a8']);
  });

  it('never repeats or skips a record across pages of equal sort values (id tie-breaker)', async () => {
    const records = ['m7', 'm2', 'm5', 'm1', 'm6', 'm3', 'm4'].map((id) => ({ ...body({ status: 'draft' }), id }));
    const repository = await makeRepository(items, records);
    for (const direction of ['asc', 'desc'] as const) {
      const { records: walked } = await walkPages(repository, {
        orderBy: [{ field: 'status', direction }],
        limit: 2,
      });
      expect(idsOf(walked)).toStrictEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    }
  });
}

/** Parsed queries, malformed inputs and copies. */
function inputCases(context: ContractContext): void {
  const { rows, STORED, seeded } = context;
  it('accepts a ListQuery from parseListQuery unchanged, and a plain copy of it alike', async () => {
    const repository = await seeded();
    const query = parseListQuery('status[eq]=draft&orderBy=age&orderDirection=DESC&limit=2', items);
    const page = await repository.list(query);
    expect(idsOf(page.items)).toStrictEqual(['a3', 'a8']);
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(await repository.list({ ...query })).toStrictEqual(page);
    const everything = parseListQuery('?name[contl]=A&age[gte]=10&active[value]=true&active[operator]=eq', items);
    expect(idsOf((await repository.list(everything)).items)).toStrictEqual(['a1', 'a4']);
    expect(idsOf((await repository.list({ ...everything })).items)).toStrictEqual(['a1', 'a4']);
  });

  it.each(rows(BAD_LIST_INPUTS))('throws a 400 for $name', async ({ input }) => {
    const repository: UncheckedReads = await seeded();
    await expectBadRequest(repository.list(input));
    expect(Object.prototype).not.toHaveProperty('eq');
  });

  it('returns copies: changing listed records never changes the store', async () => {
    const repository = await seeded();
    const page = await repository.list({ limit: 50 });
    tryMutate(() => {
      for (const record of page.items) {
        (record as { name: string }).name = 'changed';
        record.createdAt?.setTime(0);
      }
    });
    expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
  });
}

/**
 * The contract of list: page metadata, filtering and sorting before cutting the page, limits, default orders, parsed
 * queries and 400s.
 */
export function listContract(context: ContractContext): void {
  describe('list', () => {
    pageCases(context);
    listOperatorCases(context);
    cutCases(context);
    limitCases(context);
    orderCases(context);
    inputCases(context);
  });
}
