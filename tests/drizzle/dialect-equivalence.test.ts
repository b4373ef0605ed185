/**
 * Every dialect of `pagelope/drizzle` against the memory repository, directly: the same random records (mixed case,
 * letters beyond ASCII, LIKE metacharacters, repeated sort values, NULLs), filters (OR groups among them), searches,
 * orders and limits give the same pages, totals and cursor walks, record for record.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createMemoryRepository, type ListInput, type Repository } from 'pagelope';
import { orderArbitrary, recordsArbitrary, searchArbitrary } from '../../src/testing/arbitraries';
import { FIELDS, searchableItems, type Item } from '../../src/testing/fixtures';
import { walkCursor } from '../../src/testing/walkers';
import { whereArbitrary, orGroupsArbitrary } from '../../src/testing/where-arbitraries';
import { describeDrizzleLegs } from './drizzle-legs';
import { describeMysqlLeg } from './mysql-leg';
import { describeSqliteLeg } from './sqlite-legs';
import type { RepositoryFactory } from 'pagelope/testing';

/** A record as both must return it: every field present (an absent nullable one read as null), dates as text. */
const comparable = (record: Item) =>
  Object.fromEntries(
    ['id', ...FIELDS].map((field) => {
      const value = record[field as keyof Item] ?? null;
      return [field, value instanceof Date ? value.toISOString() : value];
    }),
  );

const scenario = fc.record({
  records: recordsArbitrary,
  // No filter as often as a filter, so that many pages hold records.
  where: fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: whereArbitrary },
    { weight: 1, arbitrary: orGroupsArbitrary.map((groups) => groups.where) },
  ),
  search: fc.option(searchArbitrary, { nil: undefined, freq: 2 }),
  orderBy: orderArbitrary,
  limit: fc.integer({ min: 1, max: 7 }),
});

function equivalence(name: string, makeRepository: RepositoryFactory): void {
  it(`${name}: every page, total and cursor walk of the memory repository`, async () => {
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ records, where, search, orderBy, limit }) => {
        const memory = createMemoryRepository(searchableItems, { records });
        const dialect = (await makeRepository(searchableItems, records)) as Repository<Item>;
        const input: ListInput<Item> = {
          limit,
          ...(where === undefined ? {} : { where }),
          ...(search === undefined ? {} : { search }),
          ...(orderBy.length > 0 ? { orderBy } : {}),
        };
        // Every page, and the one past the last.
        for (let page = 1; ; page++) {
          const [expected, actual] = [await memory.list({ ...input, page }), await dialect.list({ ...input, page })];
          expect(actual.total).toBe(expected.total);
          expect(actual.items.map(comparable)).toStrictEqual(expected.items.map(comparable));
          if (expected.items.length > 0) pages++;
          if ((page - 1) * limit >= expected.total) break;
        }
        const walk = async (repository: Repository<Item>) =>
          (await walkCursor(repository, input, records.length + 1)).map(comparable);
        expect(await walk(dialect)).toStrictEqual(await walk(memory));
      }),
      { numRuns: 60 },
    );
    // The property compared records, not only empty pages.
    expect(pages).toBeGreaterThan(40);
  }, 300_000);
}

describeDrizzleLegs(equivalence);
describeMysqlLeg(equivalence);
describeMysqlLeg(equivalence, { collation: 'code-point' });
for (const options of [{ functions: true }, { functions: false }, { driver: 'libsql' as const }])
  describeSqliteLeg(equivalence, options);
