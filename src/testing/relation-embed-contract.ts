import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { relationQueryArbitrary, scopesArbitrary, worldArbitrary } from './relation-arbitraries';
import { type RelationScopes, RELATION_SEED, REVIEWS_EMBEDDED } from './relation-fixtures';
import { idsOfItems, type LooseQuery, openWorld, walkBookCursor, walkBookPages } from './relation-harness';
import { expectedItem, referenceRelationList, type RelationQuery } from './relation-model';
import { createBookServices } from './relation-services';

const EMBEDS: RelationQuery = { include: ['author', 'reviews'], counts: ['reviews'] };

/**
 * The embeds and counts of the service over the user's repositories (through `listByValues` and `countByValues`,
 * or the kit's fallbacks): each item gets its related set, capped and without hidden fields, whatever the filter.
 */
export function relationEmbedContract(context: ContractContext, numRuns: number): void {
  const { makeRepository, options } = context;
  const parameters = { numRuns, ...(options.seed === undefined ? {} : { seed: options.seed }) };
  const TENANT_A: RelationScopes = { books: { tenant: 'A' }, authors: { tenant: 'A' }, reviews: { tenant: 'A' } };

  describe('include and counts through the service', () => {
    const servicesOf = async (scopes: RelationScopes) =>
      createBookServices(await openWorld(makeRepository, RELATION_SEED), scopes);
    const expectedOf = (scopes: RelationScopes, query: RelationQuery) =>
      referenceRelationList(RELATION_SEED, scopes, query).map((expected) => expectedItem(expected, query));

    it('returns each item with its author or null, its reviews capped in their default order, and their count', async () => {
      for (const scopes of [{}, TENANT_A]) {
        const services = await servicesOf(scopes);
        const page = await services.list({ ...EMBEDS, limit: 50 });
        expect(page.items).toStrictEqual(expectedOf(scopes, EMBEDS));
      }
      const services = await servicesOf({});
      const [first] = (await services.list({ include: ['reviews'], counts: ['reviews'], limit: 1 })).items;
      expect((first?.['reviews'] as unknown[]).length).toBe(REVIEWS_EMBEDDED);
      expect(first?.['_count']).toStrictEqual({ reviews: 4 });
    });

    it('returns embeds that a relation filter never trims', async () => {
      const services = await servicesOf(TENANT_A);
      const where = { reviews: { any: { rating: { gte: 5 } } } };
      const page = await services.list({ where, ...EMBEDS, limit: 50 });
      expect(idsOfItems(page.items)).toStrictEqual(['b1', 'b6']);
      expect(page.items).toStrictEqual(expectedOf(TENANT_A, { where, ...EMBEDS }));
      const ratings = (page.items[0]?.['reviews'] as { rating: number }[]).map((review) => review.rating);
      expect(ratings).toStrictEqual([5, 4, 3]);
    });

    it('returns only what was asked: no embed key without include, no _count without counts', async () => {
      const services = await servicesOf({});
      const plain = await services.list({ limit: 50 });
      expect(plain.items).toStrictEqual(RELATION_SEED.books);
      const authorsOnly = await services.list({ include: ['author'], limit: 50 });
      for (const item of authorsOnly.items)
        expect(Object.keys(item).sort()).toStrictEqual([...Object.keys(RELATION_SEED.books[0] ?? {}), 'author'].sort());
    });

    it('returns the embeds on get, an out-of-scope author as null', async () => {
      const services = await servicesOf(TENANT_A);
      const book = await services.get('b4', { include: ['author', 'reviews'] });
      const [expected] = referenceRelationList(RELATION_SEED, TENANT_A, { where: { id: 'b4' } });
      if (expected === undefined) throw new Error('the reference model lists no book b4');
      expect(book).toStrictEqual(expectedItem(expected, { include: ['author', 'reviews'] }));
      expect(book['author']).toBeNull();
    });

    const scenario = fc.record({
      world: worldArbitrary,
      scopes: scopesArbitrary,
      query: relationQueryArbitrary,
      embeds: fc.record(
        {
          include: fc.subarray(['author', 'reviews'] as const, { minLength: 1 }),
          counts: fc.constant(['reviews'] as const),
        },
        { requiredKeys: ['include'] },
      ),
      limit: fc.integer({ min: 1, max: 4 }),
    });

    it('walks pages and the cursor with embeds and counts equal to the reference model, whatever the filter', async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ world, scopes, query, embeds, limit }) => {
          const services = createBookServices(await openWorld(makeRepository, world), scopes);
          const full: RelationQuery = { ...query, ...embeds };
          const expected = referenceRelationList(world, scopes, full).map((item) => expectedItem(item, full));
          const loose = full as LooseQuery;
          const pages = await walkBookPages(services.list, loose, limit);
          expect(pages.items).toStrictEqual(expected);
          const walked = await walkBookCursor(services.listByCursor, loose, limit, world.books.length + 1);
          expect(walked).toStrictEqual(expected);
        }),
        parameters,
      );
    });
  });
}
