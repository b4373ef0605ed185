import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { relationQueryArbitrary, scopesArbitrary, worldArbitrary } from './relation-arbitraries';
import { type RelationScopes, RELATION_SEED } from './relation-fixtures';
import {
  bindingsOf,
  idsOfItems,
  listBooks,
  listBooksByCursor,
  type LooseQuery,
  openWorld,
  walkBookCursor,
  walkBookPages,
} from './relation-harness';
import { referenceRelationList, type RelationQuery } from './relation-model';

const ids = (world = RELATION_SEED, scopes: RelationScopes, query: RelationQuery) =>
  referenceRelationList(world, scopes, query).map(({ book }) => book.id);

/**
 * The relation rules a repository meets with its relations bound to the related repositories: relation filters
 * select distinct parents (any, all, none, to-one, OR groups), to-one sorts put missing related records last
 * ascending, page and cursor walks agree with the reference model, all under scopes on every side.
 */
export function relationFilterContract(context: ContractContext, numRuns: number): void {
  const { makeRepository, options, rows } = context;
  const parameters = { numRuns, ...(options.seed === undefined ? {} : { seed: options.seed }) };
  const TENANT_A: RelationScopes = { books: { tenant: 'A' }, authors: { tenant: 'A' }, reviews: { tenant: 'A' } };

  describe('relation filters and sorts', () => {
    const listed = async (scopes: RelationScopes, query: LooseQuery) => {
      const repositories = await openWorld(makeRepository, RELATION_SEED);
      const page = await listBooks(repositories.books, { limit: 50, ...query }, bindingsOf(repositories, scopes));
      return { ids: idsOfItems(page.items), total: page.total };
    };

    it.each(
      rows<[string, LooseQuery]>([
        ['a to-one condition', { where: { author: { fullName: { contl: 'ann' } } } }],
        ['a to-one isnull', { where: { author: { born: { isnull: true } } } }],
        ['no related record', { where: { author: null } }],
        ['some review matches', { where: { reviews: { any: { rating: { gte: 3 } } } } }],
        ['every review matches', { where: { reviews: { all: { rating: { gte: 2 } } } } }],
        ['no review matches', { where: { reviews: { none: { rating: { gte: 4 } } } } }],
        ['has a review', { where: { reviews: { any: {} } } }],
        ['has no review', { where: { reviews: { none: {} } } }],
        [
          'one review meets both conditions',
          { where: { reviews: { any: { rating: { gte: 4 }, note: { eq: 'ok' } } } } },
        ],
        [
          'an OR of relation clauses',
          { where: [{ author: { fullName: { eq: 'bob' } } }, { reviews: { any: { rating: { eq: 1 } } } }] },
        ],
        [
          'own and relation conditions',
          { where: { year: { gte: 2010 }, reviews: { any: { note: { eq: 'great' } } } } },
        ],
        ['a search and a relation condition', { where: { author: { born: { notnull: true } } }, search: 'E' }],
      ]),
    )('returns each book matching %s once, the total counting distinct books', async (_name, query) => {
      for (const scopes of [{}, TENANT_A]) {
        const result = await listed(scopes, query);
        const expected = ids(RELATION_SEED, scopes, query as RelationQuery);
        expect(result.ids).toStrictEqual(expected);
        expect(result.total).toBe(expected.length);
      }
    });

    it('never matches a childless book with all, and always with none', async () => {
      const all = await listed(TENANT_A, { where: { reviews: { all: { rating: { gte: 0 } } } } });
      expect(all.ids).not.toContain('b3');
      expect(all.ids).toStrictEqual(['b1', 'b2', 'b4', 'b6']);
      const none = await listed(TENANT_A, { where: { reviews: { none: { rating: { gte: 0 } } } } });
      expect(none.ids).toStrictEqual(['b3']);
    });

    it('counts a book with several matching reviews once', async () => {
      const result = await listed({}, { where: { reviews: { any: { rating: { gte: 2 } } } }, limit: 1 });
      expect(result.total).toBe(ids(RELATION_SEED, {}, { where: { reviews: { any: { rating: { gte: 2 } } } } }).length);
      expect(result.ids).toStrictEqual(['b1']);
    });

    it('sorts books without a visible author last ascending and first descending', async () => {
      const ascending = await listed(TENANT_A, { orderBy: [{ field: 'author.fullName', direction: 'asc' }] });
      // b3 has no author, b4's author is in tenant B: both sort as null, by id.
      expect(ascending.ids).toStrictEqual(['b1', 'b6', 'b2', 'b3', 'b4']);
      const descending = await listed(TENANT_A, { orderBy: [{ field: 'author.fullName', direction: 'desc' }] });
      expect(descending.ids).toStrictEqual(['b3', 'b4', 'b2', 'b1', 'b6']);
    });

    it('treats related records outside the related scope as absent in filters', async () => {
      const zebra = await listed(TENANT_A, { where: { author: { fullName: { contl: 'zebra' } } } });
      expect(zebra.ids).toStrictEqual([]);
      const missing = await listed(TENANT_A, { where: { author: null } });
      expect(missing.ids).toStrictEqual(['b3', 'b4']);
      const bad = await listed(TENANT_A, { where: { reviews: { any: { note: { contl: 'zebra' } } } } });
      expect(bad.ids).toStrictEqual([]);
    });

    const scenario = fc.record({
      world: worldArbitrary,
      scopes: scopesArbitrary,
      queries: fc.array(relationQueryArbitrary, { minLength: 1, maxLength: 4 }),
      limit: fc.integer({ min: 1, max: 4 }),
    });

    it('walks every page and the cursor through the books of the reference model, each once and in order', async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ world, scopes, queries, limit }) => {
          const repositories = await openWorld(makeRepository, world);
          const bound = bindingsOf(repositories, scopes);
          for (const query of queries) {
            const expected = ids(world, scopes, query);
            const loose = { ...query } as LooseQuery;
            const pages = await walkBookPages((q) => listBooks(repositories.books, q, bound), loose, limit);
            expect(pages.total).toBe(expected.length);
            expect(idsOfItems(pages.items)).toStrictEqual(expected);
            const walked = await walkBookCursor(
              (q) => listBooksByCursor(repositories.books, q, bound),
              loose,
              limit,
              world.books.length + 1,
            );
            expect(idsOfItems(walked)).toStrictEqual(expected);
          }
        }),
        parameters,
      );
    });
  });
}
