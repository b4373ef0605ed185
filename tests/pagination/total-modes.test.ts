/** pageMeta and toPageResult in the three total modes, and the kit's readPageWithTotal against a counting reader. */
import { describe, expect, it } from 'vitest';
import { pageMeta } from '../../src/index';
import { readPageWithTotal, normalizeListInput, toPageResult, type PageTotalReader } from '../../src/kit/index';
import { defineResource } from '../../src/index';
import { z } from 'zod';

describe('pageMeta', () => {
  it.each([
    [
      { total: null, page: 1, limit: 10, totalMode: 'none', hasNextPage: true },
      { total: null, totalPages: null, hasNextPage: true, hasPreviousPage: false },
    ],
    [
      { total: null, page: 3, limit: 10, totalMode: 'none', hasNextPage: false },
      { total: null, totalPages: null, hasNextPage: false, hasPreviousPage: true },
    ],
    [
      { total: 25, page: 2, limit: 10, totalMode: 'estimated' },
      { total: 25, totalPages: 3, hasNextPage: true, totalRelation: 'eq' },
    ],
    [
      { total: 1001, page: 1, limit: 10, totalMode: 'estimated', totalRelation: 'approx', hasNextPage: true },
      { total: 1001, totalPages: 101, hasNextPage: true, totalRelation: 'approx' },
    ],
    [
      { total: 1001, page: 200, limit: 10, totalMode: 'estimated', totalRelation: 'approx', hasNextPage: false },
      { totalPages: 101, hasNextPage: false, hasPreviousPage: true },
    ],
    [
      { total: 0, page: 1, limit: 10, totalMode: 'estimated' },
      { total: 0, totalPages: 0, hasNextPage: false, totalRelation: 'eq' },
    ],
  ] as const)('computes %j', (input, expected) => {
    const meta = pageMeta(input);
    expect(meta).toMatchObject({ page: input.page, limit: input.limit, ...expected });
    expect(Object.isFrozen(meta)).toBe(true);
    if (input.totalMode === 'none') expect(meta).not.toHaveProperty('totalRelation');
  });

  it.each([
    ['a number total in none mode', { total: 3, page: 1, limit: 1, totalMode: 'none', hasNextPage: true }, /null/],
    ['none mode without hasNextPage', { total: null, page: 1, limit: 1, totalMode: 'none' }, /hasNextPage/],
    [
      'an approx total without hasNextPage',
      { total: 5, page: 1, limit: 1, totalMode: 'estimated', totalRelation: 'approx' },
      /hasNextPage/,
    ],
    ['a null total in exact mode', { total: null, page: 1, limit: 1 }, /total must be an integer/],
    ['totalRelation in exact mode', { total: 3, page: 1, limit: 1, totalRelation: 'eq' }, /only for/],
    [
      'an unknown relation',
      { total: 3, page: 1, limit: 1, totalMode: 'estimated', totalRelation: 'gte' },
      /'eq' or 'approx'/,
    ],
    ['an unknown mode', { total: 3, page: 1, limit: 1, totalMode: 'fast' }, /totalMode/],
    ['__proto__ as mode', { total: 3, page: 1, limit: 1, totalMode: '__proto__' }, /totalMode/],
  ])('throws a RangeError for %s', (_name, input, message) => {
    expect(() => pageMeta(input as never)).toThrow(RangeError);
    expect(() => pageMeta(input as never)).toThrow(message);
  });

  it('builds page results with totalRelation last, only in estimated mode', () => {
    const page = toPageResult(['a'], { total: 4, page: 1, limit: 1, totalMode: 'estimated' });
    expect(Object.keys(page)).toStrictEqual([
      'items',
      'total',
      'page',
      'limit',
      'totalPages',
      'hasNextPage',
      'hasPreviousPage',
      'totalRelation',
    ]);
    expect(Object.keys(toPageResult(['a'], { total: 4, page: 1, limit: 1 }))).not.toContain('totalRelation');
  });
});

const things = defineResource({ name: 'things', schema: z.object({ id: z.string() }) });

/** A reader over `size` rows that records which statements it was asked for. */
function readerOf(size: number, estimate?: number | null) {
  const calls: string[] = [];
  const reader: PageTotalReader<number> = {
    readPage: async (take, skip) => {
      calls.push(`page ${take}@${skip}`);
      return Array.from({ length: Math.max(0, Math.min(take, size - skip)) }, (_, i) => skip + i);
    },
    count: async () => (calls.push('count'), size),
    countUpTo: async (bound) => (calls.push(`countUpTo ${bound}`), Math.min(size, bound)),
    ...(estimate === undefined ? {} : { estimate: async () => (calls.push('estimate'), estimate) }),
  };
  return { reader, calls };
}

describe('readPageWithTotal', () => {
  it.each([
    // [mode, size, page, limit, threshold, estimate, total, relation, hasNextPage, calls]
    ['none', 50, 1, 10, undefined, undefined, null, undefined, true, ['page 11@0']],
    ['none', 50, 5, 10, undefined, undefined, null, undefined, false, ['page 11@40']],
    ['estimated', 50, 1, 10, 100, undefined, 50, 'eq', true, ['page 11@0', 'countUpTo 101']],
    ['estimated', 5, 1, 10, 100, undefined, 5, 'eq', false, ['page 11@0']],
    ['estimated', 500, 1, 10, 100, 480, 480, 'approx', true, ['page 11@0', 'countUpTo 101', 'estimate']],
    ['estimated', 500, 1, 10, 100, 7, 101, 'approx', true, ['page 11@0', 'countUpTo 101', 'estimate']],
    ['estimated', 500, 1, 10, 100, null, 101, 'approx', true, ['page 11@0', 'countUpTo 101', 'estimate']],
    ['estimated', 500, 1, 10, 100, undefined, 101, 'approx', true, ['page 11@0', 'countUpTo 101']],
    ['estimated', 500, 30, 10, 100, undefined, 301, 'approx', true, ['page 11@290']],
    ['estimated', 50, 9, 10, 100, undefined, 50, 'eq', false, ['page 11@80', 'countUpTo 101']],
    ['estimated', 500, 60, 10, 100, 480, 480, 'approx', false, ['page 11@590', 'countUpTo 101', 'estimate']],
    ['exact', 50, 1, 10, undefined, undefined, 50, undefined, true, ['page 10@0', 'count']],
  ] as const)(
    '%s of %i rows, page %i of %i, threshold %s, estimate %s: total %s %s',
    async (mode, size, page, limit, threshold, estimate, total, relation, next, calls) => {
      const query = normalizeListInput({ page, limit, total: mode, totalThreshold: threshold }, things);
      const { reader, calls: made } = readerOf(size, estimate);
      const { rows, meta } = await readPageWithTotal(query, reader);
      expect(made).toStrictEqual(calls);
      expect(rows.length).toBe(Math.max(0, Math.min(limit, size - (page - 1) * limit)));
      const result = pageMeta(meta);
      expect(result.total).toBe(total);
      expect(result.totalRelation).toBe(relation);
      expect(result.hasNextPage).toBe(next);
    },
  );
});
