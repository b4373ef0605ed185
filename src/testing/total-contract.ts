import fc from 'fast-check';
import type { OrderTerm, PageResult, Repository, Where } from 'pagelope';
import type { TotalMode } from 'pagelope/kit';
import { describe, expect, it } from 'vitest';
import { orderArbitrary, recordsArbitrary } from './arbitraries';
import type { ContractContext } from './contract-context';
import { expectBadRequest } from './expect-bad-request';
import { type Item, items } from './fixtures';
import type { UncheckedReads } from './unchecked-reads';
import { whereArbitrary } from './where-arbitraries';

type AnyPage = PageResult<unknown, TotalMode>;

/** One page asked in every mode, and what each must answer against the exact one. */
interface Asked {
  readonly where?: Where<Item> | undefined;
  readonly scope?: Where<Item> | undefined;
  readonly orderBy?: readonly OrderTerm<keyof Item & string>[] | undefined;
  readonly limit: number;
  readonly page: number;
  readonly threshold: number;
}

/**
 * Lists one page exactly, with no total and estimated, and checks the rules of the total modes: the same items and
 * the same (exact) `hasNextPage` and `hasPreviousPage` in every mode; `'none'` has `null` totals and no
 * `totalRelation`; `'estimated'` is the exact total with `'eq'` up to the threshold, and above it `'approx'` with a
 * total of at least the threshold + 1 (exactly the rows known to exist, at least the threshold + 1, for a repository
 * without `estimatesTotal`); `totalPages` follows the total as reported.
 */
async function expectTotalModes(repository: Repository<Item>, asked: Asked): Promise<void> {
  const { scope, limit, page, threshold } = asked;
  const options = scope === undefined ? undefined : { scope };
  const base = { where: asked.where, orderBy: asked.orderBy?.length ? asked.orderBy : undefined, limit, page };
  const exact = await repository.list(base, options);
  const none = (await repository.list({ ...base, total: 'none' }, options)) as AnyPage;
  const estimated = (await repository.list(
    { ...base, total: 'estimated', totalThreshold: threshold },
    options,
  )) as AnyPage;
  const same = { items: exact.items, page, limit, hasNextPage: exact.hasNextPage, hasPreviousPage: page > 1 };
  expect(none).toStrictEqual({ ...same, total: null, totalPages: null });
  expect(estimated).toMatchObject(same);
  if (estimated.totalRelation === 'eq') {
    expect(estimated.total).toBe(exact.total);
    expect(estimated.totalPages).toBe(exact.totalPages);
    return;
  }
  expect(estimated.totalRelation).toBe('approx');
  expect(exact.total).toBeGreaterThan(threshold);
  const total = estimated.total as number;
  expect(total).toBeGreaterThanOrEqual(threshold + 1);
  expect(estimated.totalPages).toBe(Math.ceil(total / limit));
  if (repository.estimatesTotal !== true) {
    const rows = exact.items.length;
    const known = rows === 0 ? 0 : (page - 1) * limit + rows + (exact.hasNextPage ? 1 : 0);
    expect(total).toBe(Math.max(threshold + 1, known));
  }
}

/** The contract of the total modes of `list` (`total: 'exact' | 'estimated' | 'none'`, `totalThreshold`). */
export function totalContract(context: ContractContext): void {
  const { seeded, makeRepository, assertParameters, rows } = context;
  describe('list total modes', () => {
    it.each(
      rows([
        { limit: 3, page: 1, threshold: 1000 },
        { limit: 3, page: 1, threshold: 2 },
        { limit: 3, page: 2, threshold: 5 },
        { limit: 3, page: 3, threshold: 2 },
        { limit: 3, page: 4, threshold: 2 },
        { limit: 8, page: 1, threshold: 8 },
        { limit: 1, page: 9, threshold: 1 },
      ]),
    )('answers page $page of $limit with threshold $threshold as the exact mode does', async (row) => {
      await expectTotalModes(await seeded(), row);
    });

    it('answers the exact total with totalRelation eq when the set is within the threshold', async () => {
      const repository = await seeded();
      const page = (await repository.list({ limit: 2, total: 'estimated', totalThreshold: 8 })) as AnyPage;
      expect(page).toMatchObject({ total: 8, totalPages: 4, totalRelation: 'eq', hasNextPage: true });
    });

    it.each(
      rows([
        ['an unknown mode', { total: 'maybe' }],
        ['an empty mode', { total: '' }],
        ['a threshold of 0', { total: 'estimated', totalThreshold: 0 }],
        ['a fractional threshold', { total: 'estimated', totalThreshold: 1.5 }],
        ['a threshold as text', { total: 'estimated', totalThreshold: '10' }],
        ['a threshold above the bound', { total: 'estimated', totalThreshold: 10_000_001 }],
      ]),
    )('refuses %s with a 400', async (_name, input) => {
      const repository: UncheckedReads = await seeded();
      await expectBadRequest(repository.list(input));
    });

    it('answers hasNextPage and hasPreviousPage in none and estimated modes as in exact mode, for random data', async () => {
      const scenario = fc.record({
        records: recordsArbitrary,
        where: whereArbitrary,
        scope: fc.option(whereArbitrary, { nil: undefined }),
        orderBy: orderArbitrary,
        limit: fc.integer({ min: 1, max: 5 }),
        page: fc.integer({ min: 1, max: 6 }),
        threshold: fc.integer({ min: 1, max: 12 }),
      });
      await fc.assert(
        fc.asyncProperty(scenario, async ({ records, scope, ...asked }) => {
          const repository = await makeRepository(items, records);
          await expectTotalModes(repository, { ...asked, scope: scope ?? undefined });
        }),
        assertParameters,
      );
    });
  });
}
