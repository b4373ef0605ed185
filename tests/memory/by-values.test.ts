/**
 * `listByValues` and `countByValues` of the memory repository against a naive model (filter, sort by the default
 * order, cut per value), before and after writes, with and without a scope.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, type Resource } from '../../src/index';
import { compileComparator, compilePredicate, normalizeScope } from '../../src/kit/index';
import { authors, reviews, seedArbitrary, TENANTS, type Review } from './relation-fixtures';

/** The naive listByValues: every review whose field holds a value, within the scope, default order, perValue each. */
function naiveList(
  records: readonly Review[],
  field: keyof Review,
  values: readonly string[],
  scope: Record<string, unknown> | undefined,
  perValue: number | undefined,
): Review[] {
  const inScope = scope ? compilePredicate(normalizeScope(scope, reviews as unknown as Resource)) : () => true;
  const compare = compileComparator((reviews as unknown as Resource).defaultOrder);
  const sorted = records.filter((r) => values.includes(r[field] as string) && inScope(r)).sort(compare);
  const taken = new Map<unknown, number>();
  return sorted.filter((r) => {
    const n = taken.get(r[field]) ?? 0;
    taken.set(r[field], n + 1);
    return perValue === undefined || n < perValue;
  });
}

const bookIds = fc.array(
  fc.integer({ min: 0, max: 18 }).map((n) => `b${n}`),
  { maxLength: 8 },
);
const scopeArbitrary = fc.option(
  fc.oneof(
    fc.constantFrom(...TENANTS).map((tenant) => ({ tenant })),
    fc.constant({ rating: { gte: 3 } }),
  ),
  { nil: undefined },
);

describe('createMemoryRepository listByValues', () => {
  it('returns the records of the naive model: within the scope, in the default order, perValue per value', async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArbitrary,
        bookIds,
        scopeArbitrary,
        fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
        async (seed, values, scope, perValue) => {
          const repository = createMemoryRepository(reviews, { records: seed.reviews });
          const actual = await repository.listByValues?.('bookId', values, { scope, perValue });
          expect(actual).toEqual(naiveList(seed.reviews, 'bookId', values, scope, perValue));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('returns the naive model after writes made once the index exists', async () => {
    await fc.assert(
      fc.asyncProperty(seedArbitrary, seedArbitrary, bookIds, async (seed, later, values) => {
        const repository = createMemoryRepository(reviews, { records: seed.reviews });
        await repository.listByValues?.('bookId', values);
        const model = new Map(seed.reviews.map((r) => [r.id, r]));
        for (const review of later.reviews) {
          if (!model.has(review.id)) await repository.create(review);
          else if (review.rating > 3) {
            await repository.delete(review.id);
            model.delete(review.id);
            continue;
          } else await repository.update(review.id, { bookId: review.bookId, rating: review.rating });
          model.set(review.id, { ...(model.get(review.id) ?? review), bookId: review.bookId, rating: review.rating });
        }
        const actual = await repository.listByValues?.('bookId', values, { perValue: 2 });
        expect(actual).toEqual(naiveList([...model.values()], 'bookId', values, undefined, 2));
      }),
      { numRuns: 100 },
    );
  });

  it('returns the records of ids by the id field (what a to-one include reads), without duplicates', async () => {
    const repository = createMemoryRepository(authors, {
      records: [
        { id: 'a1', fullName: 'Ann', tier: 'gold', tenant: 't1' },
        { id: 'a2', fullName: null, tier: 'silver', tenant: 't2' },
      ],
    });
    const found = await repository.listByValues?.('id', ['a2', 'a9', 'a1', 'a2']);
    expect(found?.map((a) => a.id)).toStrictEqual(['a1', 'a2']);
    const scoped = await repository.listByValues?.('id', ['a1', 'a2'], { scope: { tenant: 't2' } });
    expect(scoped?.map((a) => a.id)).toStrictEqual(['a2']);
  });

  it('returns copies: changing one changes nothing stored', async () => {
    const repository = createMemoryRepository(reviews, {
      records: [{ id: 'r1', bookId: 'b1', rating: 4, tenant: 't1' }],
    });
    const [first] = (await repository.listByValues?.('bookId', ['b1'])) ?? [];
    (first as { rating: number }).rating = 1;
    expect((await repository.get('r1')).rating).toBe(4);
  });

  it.each([
    { name: 'an unknown field', field: 'nope', values: ['b1'], options: {} },
    { name: '__proto__ as the field', field: '__proto__', values: ['b1'], options: {} },
    { name: 'values that are not an array', field: 'bookId', values: 'b1', options: {} },
    { name: 'a negative perValue', field: 'bookId', values: ['b1'], options: { perValue: -1 } },
    { name: 'a fractional perValue', field: 'bookId', values: ['b1'], options: { perValue: 1.5 } },
    { name: 'a perValue of Infinity', field: 'bookId', values: ['b1'], options: { perValue: Infinity } },
  ])('throws a TypeError (a server fault) for $name', async ({ field, values, options }) => {
    const repository = createMemoryRepository(reviews);
    await expect(repository.listByValues?.(field as never, values as never, options)).rejects.toThrow(TypeError);
  });

  it('throws an Error (a server fault) for a scope that is not a valid where', async () => {
    const repository = createMemoryRepository(reviews);
    await expect(repository.listByValues?.('bookId', ['b1'], { scope: { nope: 1 } as never })).rejects.toThrow(
      /not a valid where/,
    );
  });

  it.each([
    { name: 'null and undefined', values: [null, undefined] },
    { name: 'a number for a string field', values: [1] },
    { name: 'objects', values: [{}, ['b1']] },
    { name: 'a long string', values: ['b'.repeat(10_000)] },
    { name: 'Unicode', values: ['b\u0000', 'b\u{1F600}'] },
  ])('returns nothing for values no record holds: $name', async ({ values }) => {
    const repository = createMemoryRepository(reviews, {
      records: [{ id: 'r1', bookId: 'b1', rating: 4, tenant: 't1' }],
    });
    expect(await repository.listByValues?.('bookId', values as never)).toStrictEqual([]);
  });
});

describe('createMemoryRepository countByValues', () => {
  it('returns the counts of the naive model for each distinct value, 0 included', async () => {
    await fc.assert(
      fc.asyncProperty(seedArbitrary, bookIds, scopeArbitrary, async (seed, values, scope) => {
        const repository = createMemoryRepository(reviews, { records: seed.reviews });
        const actual = await repository.countByValues?.('bookId', values, { scope });
        const expected = new Map(
          values.map((value) => [value, naiveList(seed.reviews, 'bookId', [value], scope, undefined).length]),
        );
        expect(actual).toStrictEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('throws a TypeError (a server fault) for an unknown field', async () => {
    const repository = createMemoryRepository(reviews);
    await expect(repository.countByValues?.('nope' as never, ['b1'])).rejects.toThrow(TypeError);
  });
});
