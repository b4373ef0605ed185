import fc from 'fast-check';
import type { RecordId } from 'pagelope';
import type { ByValuesOptions } from 'pagelope/kit';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { scopesArbitrary, worldArbitrary } from './relation-arbitraries';
import { type Author, RELATION_SEED, type Review } from './relation-fixtures';
import { openWorld, type WorldRepositories } from './relation-harness';
import { relatedView } from './relation-model';

const BOOK_VALUES = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'nobody'];

/** Groups records by a field's value, keeping their order. */
function groupBy<T>(records: readonly T[], key: (record: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const record of records) groups.set(key(record), [...(groups.get(key(record)) ?? []), record]);
  return groups;
}

/** The by-value reads of a repository, with a generated scope: a `where` of any of its fields. */
interface ByValuesReads<TRecord> {
  listByValues?(
    field: keyof TRecord & string,
    values: readonly RecordId[],
    options?: ByValuesOptions<Record<string, unknown>>,
  ): Promise<readonly TRecord[]>;
  countByValues?(
    field: keyof TRecord & string,
    values: readonly RecordId[],
    options?: ByValuesOptions<Record<string, unknown>>,
  ): Promise<ReadonlyMap<RecordId, number>>;
}

/** The reviews and authors of a world, read by value. */
function byValuesOf(repositories: WorldRepositories): {
  readonly reviews: ByValuesReads<Review>;
  readonly authors: ByValuesReads<Author>;
} {
  return repositories;
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
          const { reviews, authors } = byValuesOf(await openWorld(makeRepository, world));
          if (!reviews.listByValues || !authors.listByValues) throw new Error('listByValues went missing');
          const view = relatedView(world, scopes);
          const listed = await reviews.listByValues('bookId', values, { scope: scopes.reviews, perValue });
          const groups = groupBy(listed, (review) => review.bookId);
          for (const value of values) {
            const all = view.reviewsOf({ id: value });
            expect(groups.get(value) ?? []).toStrictEqual(perValue === undefined ? all : all.slice(0, perValue));
            groups.delete(value);
          }
          expect([...groups.keys()]).toStrictEqual([]);
          const ids = [...new Set(world.books.map((book) => book.authorId).filter((id) => id !== null))];
          const found = await authors.listByValues('id', ids, { scope: scopes.authors });
          const expected = ids.flatMap((id) => view.authorOf({ authorId: id }) ?? []);
          const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
          expect([...found].sort(byId)).toStrictEqual(expected.sort(byId));
        }),
        parameters,
      );
    });

    it('with ordered: false, returns the same records in any order, a record at most once per time its value is given', async (ctx) => {
      await requires('listByValues', (note) => ctx.skip(note));
      await fc.assert(
        fc.asyncProperty(scenario, fc.boolean(), async ({ world, scopes, values, perValue }, repeat) => {
          const { reviews, authors } = byValuesOf(await openWorld(makeRepository, world));
          if (!reviews.listByValues || !authors.listByValues) throw new Error('listByValues went missing');
          const keyOf = (record: { id: string }) => record.id;
          /** The ids of `records`, each once, sorted; and whether none came more often than `most` times. */
          const summary = (records: readonly { id: string }[], most: number) => {
            const times = new Map<string, number>();
            for (const record of records) times.set(keyOf(record), (times.get(keyOf(record)) ?? 0) + 1);
            return { ids: [...times.keys()].sort(), bounded: [...times.values()].every((n) => n <= most) };
          };
          const given = repeat ? [...values, ...values] : values;
          const ordered = await reviews.listByValues('bookId', given, { scope: scopes.reviews, perValue });
          const loose = await reviews.listByValues('bookId', given, {
            scope: scopes.reviews,
            perValue,
            ordered: false,
          });
          expect(summary(loose, repeat ? 2 : 1)).toStrictEqual({ ids: summary(ordered, 1).ids, bounded: true });
          const ids = world.books.flatMap((book) => (book.authorId === null ? [] : [book.authorId]));
          const times = ids.reduce((most, id) => Math.max(most, ids.filter((one) => one === id).length), 1);
          const authorsOrdered = await authors.listByValues('id', ids, { scope: scopes.authors });
          const authorsLoose = await authors.listByValues('id', ids, {
            scope: scopes.authors,
            ordered: false,
          });
          expect(summary(authorsLoose, times)).toStrictEqual({ ids: summary(authorsOrdered, 1).ids, bounded: true });
          // Each record read unordered is the record itself, as the ordered read gives it.
          const byKey = new Map(authorsOrdered.map((author) => [keyOf(author), author]));
          for (const author of authorsLoose) expect(author).toStrictEqual(byKey.get(keyOf(author)));
        }),
        parameters,
      );
    });

    it('counts the records of each value within the scope', async (ctx) => {
      await requires('countByValues', (note) => ctx.skip(note));
      await fc.assert(
        fc.asyncProperty(scenario, async ({ world, scopes, values }) => {
          const { reviews } = byValuesOf(await openWorld(makeRepository, world));
          if (!reviews.countByValues) throw new Error('countByValues went missing');
          const view = relatedView(world, scopes);
          const counts = await reviews.countByValues('bookId', values, { scope: scopes.reviews });
          for (const value of values)
            expect([value, counts.get(value as RecordId) ?? 0]).toStrictEqual([
              value,
              view.reviewsOf({ id: value }).length,
            ]);
        }),
        parameters,
      );
    });
  });
}
