import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderArbitrary, recordsArbitrary, searchArbitrary, selectArbitrary } from './arbitraries';
import type { ContractContext } from './contract-context';
import { type Item, items, SEARCH_FIELDS, searchableItems } from './fixtures';
import { idsOf } from './ids-of';
import { referenceList, type Row } from './reference-model';
import { walkCursor, walkPages } from './walkers';
import { orGroupsArbitrary, whereArbitrary } from './where-arbitraries';

/** A random table of items, a filter, an order and a limit. */
const scenarioArbitrary = fc.record({
  records: recordsArbitrary,
  where: whereArbitrary,
  orderBy: orderArbitrary,
  limit: fc.integer({ min: 1, max: 7 }),
});

/** A filter of a plain where, or of a top level and OR groups. */
const filterArbitrary = fc.oneof(
  whereArbitrary.map((where) => ({ top: undefined, groups: where ?? {}, where })),
  orGroupsArbitrary,
);

/** A random table of searchable items, a filter, a search, a selection, an order and a limit. */
const richArbitrary = fc.record({
  records: recordsArbitrary,
  filter: filterArbitrary,
  search: fc.option(searchArbitrary, { nil: undefined, freq: 3 }),
  select: fc.option(selectArbitrary, { nil: undefined, freq: 3 }),
  orderBy: orderArbitrary,
  limit: fc.integer({ min: 1, max: 7 }),
});

type Rich = typeof richArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The ids the reference model lists: the top level ANDed with the OR of the groups, and the search. */
function expectedOf({ records, filter, search, orderBy }: Rich): string[] {
  const searched = search === undefined ? undefined : { text: search, fields: SEARCH_FIELDS };
  const inTop = filter.top ? new Set(idsOf(referenceList(records, filter.top, []))) : undefined;
  return idsOf(referenceList(records, filter.groups, orderBy, searched)).filter((id) => !inTop || inTop.has(id));
}

/** The query of a rich scenario. */
function queryOf({ filter, search, select, orderBy, limit }: Rich) {
  return {
    where: filter.where,
    search,
    select,
    orderBy: orderBy.length > 0 ? orderBy : undefined,
    limit,
  };
}

/** Each listed item is the stored record cut to the id and the selection. */
function expectItems(listed: readonly Item[], { records, select }: Rich, storedOf: (record: Item) => Item): void {
  const byId = new Map(records.map((record) => [record.id, storedOf(record) as unknown as Row]));
  for (const item of listed) {
    const stored = byId.get(item.id) as Row;
    const fields = select ? ['id', ...select].filter((field) => field in stored) : Object.keys(stored);
    expect(item).toStrictEqual(Object.fromEntries(fields.map((field) => [field, stored[field]])));
  }
}

/** Page and cursor walks and totals of random filters and orders on `items`. */
function filterProperties(context: ContractContext): void {
  const { makeRepository, assertParameters } = context;
  it('walks all pages of list visiting every matching record once, in the order of the reference model', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async ({ records, where, orderBy, limit }) => {
        const repository = await makeRepository(items, records);
        const expected = idsOf(referenceList(records, where, orderBy));
        const query = { where, orderBy: orderBy.length > 0 ? orderBy : undefined, limit };
        const walked = await walkPages(repository, query);
        expect(walked.total).toBe(expected.length);
        expect(idsOf(walked.records)).toStrictEqual(expected);
      }),
      assertParameters,
    );
  });

  it('walks listByCursor through the same records in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async ({ records, where, orderBy, limit }) => {
        const repository = await makeRepository(items, records);
        const expected = idsOf(referenceList(records, where, orderBy));
        const query = { where, orderBy: orderBy.length > 0 ? orderBy : undefined, limit };
        const walked = await walkCursor(repository, query, records.length + 1);
        expect(idsOf(walked)).toStrictEqual(expected);
      }),
      assertParameters,
    );
  });

  it('counts the filtered set whatever the page', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, fc.integer({ min: 1, max: 12 }), async ({ records, where, limit }, page) => {
        const repository = await makeRepository(items, records);
        const result = await repository.list({ where, limit, page });
        const expected = referenceList(records, where, []);
        expect(result.total).toBe(expected.length);
        expect(idsOf(result.items)).toStrictEqual(idsOf(expected.slice((page - 1) * limit, page * limit)));
      }),
      assertParameters,
    );
  });
}

/** Page and cursor walks of random searches, selections and OR groups, and under a random scope. */
function richProperties(context: ContractContext): void {
  const { makeRepository, storedOf, assertParameters } = context;
  it('walks all pages of list through the records of the reference model, each cut to the selection', async () => {
    await fc.assert(
      fc.asyncProperty(richArbitrary, async (scenario) => {
        const repository = await makeRepository(searchableItems, scenario.records);
        const expected = expectedOf(scenario);
        const walked = await walkPages(repository, queryOf(scenario));
        expect(walked.total).toBe(expected.length);
        expect(idsOf(walked.records)).toStrictEqual(expected);
        expectItems(walked.records, scenario, storedOf);
      }),
      assertParameters,
    );
  });

  it('walks listByCursor through the same records in the same order, each cut to the selection', async () => {
    await fc.assert(
      fc.asyncProperty(richArbitrary, async (scenario) => {
        const repository = await makeRepository(searchableItems, scenario.records);
        const walked = await walkCursor(repository, queryOf(scenario), scenario.records.length + 1);
        expect(idsOf(walked)).toStrictEqual(expectedOf(scenario));
        expectItems(walked, scenario, storedOf);
      }),
      assertParameters,
    );
  });

  it('walks list and listByCursor under a random scope as well', async () => {
    const scoped = fc.record({ scenario: richArbitrary, scope: whereArbitrary.filter((scope) => scope !== undefined) });
    await fc.assert(
      fc.asyncProperty(scoped, async ({ scenario, scope }) => {
        const repository = await makeRepository(searchableItems, scenario.records);
        const inside = new Set(idsOf(referenceList(scenario.records, scope, [])));
        const expected = expectedOf(scenario).filter((id) => inside.has(id));
        const query = { ...queryOf(scenario), scope };
        const walked = await walkPages(repository, query);
        expect(walked.total).toBe(expected.length);
        expect(idsOf(walked.records)).toStrictEqual(expected);
        expect(idsOf(await walkCursor(repository, query, scenario.records.length + 1))).toStrictEqual(expected);
      }),
      assertParameters,
    );
  });
}

/**
 * The properties of the contract: random records, filters, searches, selections, scopes, orders and limits against the
 * reference model.
 */
export function propertiesContract(context: ContractContext): void {
  describe('properties', () => {
    filterProperties(context);

    describe('with random searches, selections and OR groups', () => {
      richProperties(context);
    });
  });
}
