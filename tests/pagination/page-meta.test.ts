import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageMeta } from '../../src/index';
import { toPageResult } from '../../src/kit/index';

describe('pageMeta', () => {
  it.each([
    {
      name: 'total 50 limit 10 -> 5 pages',
      input: { total: 50, page: 1, limit: 10 },
      expected: { total: 50, page: 1, limit: 10, totalPages: 5, hasNextPage: true, hasPreviousPage: false },
    },
    {
      name: 'empty set',
      input: { total: 0, page: 1, limit: 10 },
      expected: { total: 0, page: 1, limit: 10, totalPages: 0, hasNextPage: false, hasPreviousPage: false },
    },
    {
      name: 'empty set, page 2',
      input: { total: 0, page: 2, limit: 25 },
      expected: { total: 0, page: 2, limit: 25, totalPages: 0, hasNextPage: false, hasPreviousPage: true },
    },
    {
      name: 'first page of many',
      input: { total: 101, page: 1, limit: 20 },
      expected: { total: 101, page: 1, limit: 20, totalPages: 6, hasNextPage: true, hasPreviousPage: false },
    },
    {
      name: 'middle page',
      input: { total: 101, page: 3, limit: 20 },
      expected: { total: 101, page: 3, limit: 20, totalPages: 6, hasNextPage: true, hasPreviousPage: true },
    },
    {
      name: 'last page (partial)',
      input: { total: 101, page: 6, limit: 20 },
      expected: { total: 101, page: 6, limit: 20, totalPages: 6, hasNextPage: false, hasPreviousPage: true },
    },
    {
      name: 'last page (exact)',
      input: { total: 50, page: 5, limit: 10 },
      expected: { total: 50, page: 5, limit: 10, totalPages: 5, hasNextPage: false, hasPreviousPage: true },
    },
    {
      name: 'page past the end',
      input: { total: 50, page: 9, limit: 10 },
      expected: { total: 50, page: 9, limit: 10, totalPages: 5, hasNextPage: false, hasPreviousPage: true },
    },
    {
      name: 'single record, single page',
      input: { total: 1, page: 1, limit: 1 },
      expected: { total: 1, page: 1, limit: 1, totalPages: 1, hasNextPage: false, hasPreviousPage: false },
    },
    {
      name: 'limit above total',
      input: { total: 3, page: 1, limit: 100 },
      expected: { total: 3, page: 1, limit: 100, totalPages: 1, hasNextPage: false, hasPreviousPage: false },
    },
  ])('returns the metadata for $name', ({ input, expected }) => {
    expect(pageMeta(input)).toStrictEqual(expected);
  });

  it.each([
    { name: 'fractional total', input: { total: 1.5, page: 1, limit: 10 } },
    { name: 'negative total', input: { total: -1, page: 1, limit: 10 } },
    { name: 'NaN total', input: { total: Number.NaN, page: 1, limit: 10 } },
    { name: 'Infinity total', input: { total: Number.POSITIVE_INFINITY, page: 1, limit: 10 } },
    { name: 'page 0', input: { total: 10, page: 0, limit: 10 } },
    { name: 'negative page', input: { total: 10, page: -3, limit: 10 } },
    { name: 'fractional page', input: { total: 10, page: 1.5, limit: 10 } },
    { name: 'NaN page', input: { total: 10, page: Number.NaN, limit: 10 } },
    { name: 'Infinity page', input: { total: 10, page: Number.POSITIVE_INFINITY, limit: 10 } },
    { name: 'limit 0', input: { total: 10, page: 1, limit: 0 } },
    { name: 'negative limit', input: { total: 10, page: 1, limit: -10 } },
    { name: 'fractional limit', input: { total: 10, page: 1, limit: 0.5 } },
    { name: 'NaN limit', input: { total: 10, page: 1, limit: Number.NaN } },
    { name: 'Infinity limit', input: { total: 10, page: 1, limit: Number.POSITIVE_INFINITY } },
    { name: 'string total', input: { total: '10' as unknown as number, page: 1, limit: 10 } },
  ])('throws a RangeError for $name', ({ input }) => {
    expect(() => pageMeta(input)).toThrow(RangeError);
  });

  it('returns a frozen object', () => {
    const meta = pageMeta({ total: 5, page: 1, limit: 2 });
    expect(Object.isFrozen(meta)).toBe(true);
    expect(() => {
      (meta as { total: number }).total = 9;
    }).toThrow(TypeError);
  });

  describe('properties', () => {
    const input = fc.record({
      total: fc.nat({ max: 1_000_000 }),
      page: fc.integer({ min: 1, max: 100_000 }),
      limit: fc.integer({ min: 1, max: 1_000 }),
    });

    it('returns the smallest number of pages that holds every record', () => {
      fc.assert(
        fc.property(input, ({ total, page, limit }) => {
          const { totalPages } = pageMeta({ total, page, limit });
          expect(Number.isInteger(totalPages)).toBe(true);
          if (total === 0) expect(totalPages).toBe(0);
          else {
            expect(totalPages * limit).toBeGreaterThanOrEqual(total);
            expect((totalPages - 1) * limit).toBeLessThan(total);
          }
        }),
      );
    });

    it('returns hasNextPage iff page < totalPages and hasPreviousPage iff page > 1', () => {
      fc.assert(
        fc.property(input, ({ total, page, limit }) => {
          const meta = pageMeta({ total, page, limit });
          expect(meta.hasNextPage).toBe(page < meta.totalPages);
          expect(meta.hasPreviousPage).toBe(page > 1);
          expect({ total: meta.total, page: meta.page, limit: meta.limit }).toStrictEqual({ total, page, limit });
        }),
      );
    });
  });
});

describe('toPageResult', () => {
  it('returns the items with the page metadata, frozen', () => {
    const items = [{ id: 'a' }, { id: 'b' }];
    const result = toPageResult(items, { total: 7, page: 2, limit: 2 });
    expect(result).toStrictEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      total: 7,
      page: 2,
      limit: 2,
      totalPages: 4,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.items)).toBe(true);
    items.push({ id: 'c' });
    expect(result.items).toHaveLength(2);
  });

  it('throws a RangeError for bad counts', () => {
    expect(() => toPageResult([], { total: -1, page: 1, limit: 1 })).toThrow(RangeError);
  });
});
