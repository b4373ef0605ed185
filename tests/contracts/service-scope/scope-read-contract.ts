/** The reads of the scope contract: page and cursor walks see exactly the tenant; a cursor stays with its tenant. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { rejectionOf } from '../../support/rejection-of';
import { filter, order, records, tenant, twoTenants } from './arbitraries';
import { as } from './fixtures';
import { reference } from './reference';
import type { SetupScope } from './scope-setup';

/** Declares the list and cursor properties of the scope, `numRuns` runs each. */
export function describeScopeReadContract(setup: SetupScope, numRuns: number): void {
  it('returns exactly the tenant matching records, in order, when walking list pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        records,
        tenant,
        filter,
        order,
        fc.integer({ min: 1, max: 7 }),
        async (all, tenantId, f, orderBy, limit) => {
          const { service } = await setup(all);
          const expected = reference(all, tenantId, f, orderBy);
          const walked: string[] = [];
          const first = await service.list({ where: f.where, orderBy, limit, page: 1 }, as(tenantId));
          expect(first.total).toBe(expected.length);
          expect(first.totalPages).toBe(Math.ceil(expected.length / limit));
          for (let page = 1; page <= first.totalPages; page++) {
            const result = await service.list({ where: f.where, orderBy, limit, page }, as(tenantId));
            expect(result.total).toBe(expected.length);
            expect(result.hasNextPage).toBe(page < first.totalPages);
            walked.push(...result.items.map((doc) => doc.id));
          }
          expect(walked).toStrictEqual(expected);
        },
      ),
      { numRuns },
    );
  });

  it('returns exactly the tenant matching records, in order, when walking cursors', async () => {
    await fc.assert(
      fc.asyncProperty(
        records,
        tenant,
        filter,
        order,
        fc.integer({ min: 1, max: 7 }),
        async (all, tenantId, f, orderBy, limit) => {
          const { service } = await setup(all);
          const expected = reference(all, tenantId, f, orderBy);
          const walked: string[] = [];
          let cursor: string | null = null;
          for (let pages = 0; pages <= expected.length + 1; pages++) {
            const result = await service.listByCursor({ where: f.where, orderBy, limit, cursor }, as(tenantId));
            expect(result.items.length).toBeLessThanOrEqual(limit);
            walked.push(...result.items.map((doc) => doc.id));
            cursor = result.nextCursor;
            if (cursor === null) break;
          }
          expect(cursor).toBeNull();
          expect(walked).toStrictEqual(expected);
        },
      ),
      { numRuns },
    );
  });

  it('throws a 400 for a cursor issued to another tenant, and continues it for the same tenant', async () => {
    await fc.assert(
      fc.asyncProperty(records, twoTenants, order, async (all, [owner, other], orderBy) => {
        fc.pre(all.filter((doc) => doc.tenantId === owner).length >= 2);
        const { service } = await setup(all);
        const first = await service.listByCursor({ orderBy, limit: 1 }, as(owner));
        expect(first.nextCursor).not.toBeNull();
        const error = await rejectionOf(
          service.listByCursor({ orderBy, limit: 1, cursor: first.nextCursor }, as(other)),
        );
        expect(error).toMatchObject({
          statusCode: 400,
          message: ['cursor was issued for another filter or order'],
        });
        const second = await service.listByCursor({ orderBy, limit: 1, cursor: first.nextCursor }, as(owner));
        expect(second.items).toHaveLength(1);
        expect(second.items[0]?.tenantId).toBe(owner);
      }),
      { numRuns },
    );
  });
}
