import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, isHttpError, type Repository } from '../../src/index';
import { countByValues, listByValues } from '../../src/kit/index';
import { rejectionOf } from '../support/rejection-of';

const schema = z.object({
  id: z.string(),
  bookId: z.string().nullable(),
  rating: z.number().int(),
  tenant: z.string(),
});
type Review = z.output<typeof schema>;
/** Pages of 3 at most: the fallbacks walk several pages per chunk. */
const reviews = defineResource({
  name: 'reviews',
  schema,
  clientIds: true,
  filterable: ['bookId', 'rating', 'tenant'],
  sortable: ['rating'],
  defaultOrder: [{ field: 'rating', direction: 'desc' }],
  pagination: { defaultLimit: 3, maxLimit: 3 },
});

const BOOK_IDS = Array.from({ length: 160 }, (_, i) => `b${i}`);
const reviewArb = fc.record({
  bookId: fc.oneof(fc.constantFrom(...BOOK_IDS.slice(0, 6)), fc.constantFrom(...BOOK_IDS), fc.constant(null)),
  rating: fc.integer({ min: 1, max: 3 }),
  tenant: fc.constantFrom('a', 'b'),
});
const recordsArb = fc
  .array(reviewArb, { maxLength: 40 })
  .map((rows) => rows.map((row, i): Review => ({ id: `r${String(i).padStart(3, '0')}`, ...row })));
const valuesArb = fc.oneof(
  fc.array(fc.constantFrom(...BOOK_IDS.slice(0, 8)), { maxLength: 10 }),
  // More than QUERY_LIMITS.maxListValues distinct values: two chunks, merged into one order.
  fc.shuffledSubarray(BOOK_IDS, { minLength: 101 }),
);
const scopeArb = fc.constantFrom(undefined, { tenant: 'a' });

/** The naive model: the matching records in the default order (rating desc, then id), `perValue` per value. */
function model(records: readonly Review[], values: readonly string[], scope: { tenant: string } | undefined) {
  const wanted = new Set(values);
  return records
    .filter((row) => row.bookId !== null && wanted.has(row.bookId) && (!scope || row.tenant === scope.tenant))
    .sort((x, y) => y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

describe('listByValues', () => {
  it('returns what the naive model returns, for random records, values, scopes and perValue', async () => {
    await fc.assert(
      fc.asyncProperty(
        recordsArb,
        valuesArb,
        scopeArb,
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        async (records, values, scope, perValue) => {
          const repository = createMemoryRepository(reviews, { records });
          const found = await listByValues(repository, { resource: reviews, field: 'bookId', values, scope, perValue });
          const taken = new Map<unknown, number>();
          const expected = model(records, values, scope).filter((row) => {
            const n = taken.get(row.bookId) ?? 0;
            taken.set(row.bookId, n + 1);
            return perValue === undefined || n < perValue;
          });
          expect(found).toEqual(expected);
        },
      ),
      { seed: 19, numRuns: 60 },
    );
  });

  it('returns nothing, without a repository call, for no values or only nulls', async () => {
    const repository = { listByCursor: () => Promise.reject(new Error('called')) } as unknown as Repository<Review>;
    expect(await listByValues(repository, { resource: reviews, field: 'bookId', values: [] })).toEqual([]);
    const nulls = [null, null] as unknown as string[];
    expect(await listByValues(repository, { resource: reviews, field: 'bookId', values: nulls })).toEqual([]);
  });

  it('stops walking a chunk once every value holds perValue records', async () => {
    const records = Array.from({ length: 30 }, (_, i): Review => ({
      id: `r${String(i).padStart(2, '0')}`,
      bookId: 'b1',
      rating: 1,
      tenant: 'a',
    }));
    const inner = createMemoryRepository(reviews, { records });
    let pages = 0;
    const repository: Repository<Review> = {
      ...inner,
      listByCursor: (query, options) => {
        pages++;
        return inner.listByCursor(query, options);
      },
    };
    const found = await listByValues(repository, { resource: reviews, field: 'bookId', values: ['b1'], perValue: 4 });
    expect(found.map((row) => row.id)).toEqual(['r00', 'r01', 'r02', 'r03']);
    expect(pages).toBe(2);
  });

  it('throws what the repository throws for a scope it refuses', async () => {
    const repository = createMemoryRepository(reviews);
    const error = await rejectionOf(
      listByValues(repository, { resource: reviews, field: 'bookId', values: ['b1'], scope: { nope: 1 } as never }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(isHttpError(error)).toBe(false);
  });
});

describe('countByValues', () => {
  it('returns the naive model counts (0 for a value no record holds), for random records, values and scopes', async () => {
    await fc.assert(
      fc.asyncProperty(recordsArb, valuesArb, scopeArb, async (records, values, scope) => {
        const repository = createMemoryRepository(reviews, { records });
        const counts = await countByValues(repository, { resource: reviews, field: 'bookId', values, scope });
        const rows = model(records, values, scope);
        expect([...counts.keys()].sort()).toEqual([...new Set(values)].sort());
        for (const value of new Set(values))
          expect(counts.get(value)).toBe(rows.filter((row) => row.bookId === value).length);
      }),
      { seed: 19, numRuns: 40 },
    );
  });

  it('returns an empty map, without a repository call, for no values', async () => {
    const repository = { list: () => Promise.reject(new Error('called')) } as unknown as Repository<Review>;
    expect((await countByValues(repository, { resource: reviews, field: 'bookId', values: [] })).size).toBe(0);
  });
});
