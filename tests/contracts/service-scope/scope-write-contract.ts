/** The scope contract's writes: another tenant's id is a missing one, writes are stamped, leaving it is a 403. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ForbiddenError } from '../../../src/errors/index';
import { rejectionOf } from '../../support/rejection-of';
import { records, someRecords, tenant, title, twoTenants } from './arbitraries';
import { as, byId } from './fixtures';
import { answer } from './reference';
import { ID_OPERATIONS, LEAVING_WRITES } from './scope-operations';
import type { SetupScope } from './scope-setup';

/** Declares the id, stamping and 403 properties of the scope, `numRuns` runs each (half for the per-operation ones). */
export function describeScopeWriteContract(setup: SetupScope, numRuns: number): void {
  for (const operation of ID_OPERATIONS) {
    it(`throws for ${operation.name} of another tenant id exactly what a missing id throws, changing nothing, and succeeds for its own tenant`, async () => {
      await fc.assert(
        fc.asyncProperty(someRecords, tenant, fc.nat(), async (all, tenantId, pick) => {
          const foreign = all.filter((doc) => doc.tenantId !== tenantId);
          fc.pre(foreign.length > 0);
          const target = foreign[pick % foreign.length]!;
          const { service, snapshot } = await setup(all);
          const before = await snapshot();
          const outside = await rejectionOf(operation.run(service, target.id, tenantId));
          const missing = await rejectionOf(operation.run(service, 'x999', tenantId));
          expect(outside).toMatchObject({ statusCode: 404 });
          expect(answer(outside, target.id)).toBe(answer(missing, 'x999'));
          expect(await snapshot()).toStrictEqual(before);
          // the same call as the record's own tenant reaches it, so the 404 above is the scope's doing
          await expect(operation.run(service, target.id, target.tenantId)).resolves.toBeDefined();
        }),
        { numRuns: Math.max(1, Math.ceil(numRuns / 2)) },
      );
    });
  }

  it('returns a created record stamped with the tenant, whatever tenant the records around it have', async () => {
    await fc.assert(
      fc.asyncProperty(
        records,
        twoTenants,
        title,
        fc.integer({ min: 0, max: 5 }),
        async (all, [tenantId, other], t, n) => {
          const { service, snapshot } = await setup(all);
          const created = await service.create({ title: t, n }, as(tenantId));
          expect(typeof created.id).toBe('string');
          expect(all.map((doc) => doc.id)).not.toContain(created.id);
          expect(created).toStrictEqual({ id: created.id, tenantId, title: t, n });
          expect(await snapshot()).toStrictEqual([...all, created].sort(byId));
          expect(await service.get(created.id, as(tenantId))).toStrictEqual(created);
          await expect(service.get(created.id, as(other))).rejects.toMatchObject({ statusCode: 404 });
        },
      ),
      { numRuns },
    );
  });

  it('returns a replaced record stamped with the tenant when the body names none', async () => {
    await fc.assert(
      fc.asyncProperty(someRecords, fc.nat(), title, async (all, pick, t) => {
        const target = all[pick % all.length]!;
        const { service, snapshot } = await setup(all);
        const replaced = await service.replace(target.id, { title: t, n: 4 }, as(target.tenantId));
        expect(replaced).toStrictEqual({ id: target.id, tenantId: target.tenantId, title: t, n: 4 });
        expect(await snapshot()).toStrictEqual(all.map((doc) => (doc.id === target.id ? replaced : doc)));
      }),
      { numRuns },
    );
  });

  for (const write of LEAVING_WRITES) {
    it(`throws a 403 and stores nothing for ${write.name}`, async () => {
      await fc.assert(
        fc.asyncProperty(someRecords, twoTenants, fc.nat(), async (all, [own, other], pick) => {
          const owned = all.filter((doc) => doc.tenantId === own);
          fc.pre(owned.length > 0);
          const target = owned[pick % owned.length]!;
          const { service, snapshot } = await setup(all);
          const before = await snapshot();
          const error = await rejectionOf(write.run(service, target.id, own, other));
          expect(error).toBeInstanceOf(ForbiddenError);
          expect(error).toMatchObject({ statusCode: 403, error: 'Forbidden' });
          expect(await snapshot()).toStrictEqual(before);
        }),
        { numRuns: Math.max(1, Math.ceil(numRuns / 2)) },
      );
    });
  }

  it('throws a 403 and stores nothing when a before-hook moves a create, replace or update to another tenant', async () => {
    await fc.assert(
      fc.asyncProperty(someRecords, twoTenants, fc.nat(), async (all, [own, other], pick) => {
        const owned = all.filter((doc) => doc.tenantId === own);
        fc.pre(owned.length > 0);
        const target = owned[pick % owned.length]!;
        const { service, snapshot } = await setup(all);
        service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, tenantId: other }));
        service.hooks.on('onBeforeReplace', ({ body }) => ({ ...body, tenantId: other }));
        service.hooks.on('onBeforeUpdate', ({ patch }) => ({ ...patch, tenantId: other }));
        const before = await snapshot();
        await expect(service.create({ title: 'x', n: 1 }, as(own))).rejects.toBeInstanceOf(ForbiddenError);
        await expect(service.replace(target.id, { title: 'x', n: 1 }, as(own))).rejects.toBeInstanceOf(ForbiddenError);
        await expect(service.update(target.id, { n: 2 }, as(own))).rejects.toBeInstanceOf(ForbiddenError);
        expect(await snapshot()).toStrictEqual(before);
      }),
      { numRuns },
    );
  });
}
