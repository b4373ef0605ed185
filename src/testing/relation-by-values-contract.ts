import fc from 'fast-check';
import type { RecordId } from 'pagelope';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { scopesArbitrary, worldArbitrary } from './relation-arbitraries';
import { RELATION_SEED } from './relation-fixtures';
import { openWorld } from './relation-harness';
import { relatedView } from './relation-model';

const BOOK_VALUES = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'nobody'];

/** Groups records by a field's value, keeping their order. */
function groupBy<T>(records: readonly T[], key: (record: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const record of records) groups.set(key(record), [...(groups.get(key(record)) ?? []), record]);
  return groups;
}

/**
 * `listByValues` and `countByValues`, for a repository that has them: the records (or their number) holding each
 * value within the scope, in the default order then id, at most `perValue` each. Skipped for one that has not.
 */
export function relationByValuesContract(context: ContractContext, numRuns: number): void {
  const { makeRepository, options } = context;
  const parameters = { numRuns, ...(options.seed === undefined ? {} : { seed: options.seed }) };
  const scenario = fc.record({
    world: worldArbitrary,
    scopes: scopesArbitrary,
    values: fc.subarray(BOOK_VALUES, { minLength: 1 }),
    perValue: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  });

  describe('listByValues and countByValues', () => {
    /** Skips the test, with the reason, when the repository lacks the method. */
    const requires = async (method: 'listByValues' | 'countByValues', skip: (note: string) => void) => {
      const { reviews } = await openWorld(makeRepository, { ...RELATION_SEED, books: [], authors: [] });
      if (typeof reviews[method] !== 'function') skip(`the repository has no ${method}`);
    };

    it('returns the records of each value within the scope, in the default order then id, perValue at most', async (ctx) => {
      await requires('listByValues', (note) => ctx.skip(note));
      await fc.assert(
        fc.asyncProperty(scenario, async ({ world, scopes, values, perValue }) => {
          const { reviews, authors } = await openWorld(makeRepository, world);
          if (!reviews.listByValues || !authors.listByValues) throw new Error('listByValues went missing');
          const view = relatedView(world, scopes);
          const listed = await reviews.listByValues('bookId', values, { scope: scopes.reviews as never, perValue });
          const groups = groupBy(listed, (review) => review.bookId);
          for (const value of values) {
            const all = view.reviewsOf({ id: value } as never);
            expect(groups.get(value) ?? []).toStrictEqual(perValue === undefined ? all : all.slice(0, perValue));
            groups.delete(value);
          }
          expect([...groups.keys()]).toStrictEqual([]);
          const ids = [...new Set(world.books.map((book) => book.authorId).filter((id) => id !== null))];
          const found = await authors.listByValues('id', ids, { scope: scopes.authors as never });
          const expected = ids.flatMap((id) => view.authorOf({ authorId: id } as never) ?? []);
          const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
          expect([...found].sort(byId)).toStrictEqual(expected.sort(byId));
        }),
        parameters,
      );
    });

    it('counts the records of each value within the scope', async (ctx) => {
      await requires('countByValues', (note) => ctx.skip(note));
      await fc.assert(
        fc.asyncProperty(scenario, async ({ world, scopes, values }) => {
          const { reviews } = await openWorld(makeRepository, world);
          if (!reviews.countByValues) throw new Error('countByValues went missing');
          const view = relatedView(world, scopes);
          const counts = await reviews.countByValues('bookId', values, { scope: scopes.reviews as never });
          for (const value of values)
            expect([value, counts.get(value as RecordId) ?? 0]).toStrictEqual([
              value,
              view.reviewsOf({ id: value } as never).length,
            ]);
        }),
        parameters,
      );
    });
  });
}
