import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  errorResponse,
  ForbiddenError,
  type OrderTerm,
  type Where,
  type WhereClause,
} from '../../src/index';

// A fixed seed, so CI runs are reproducible; set FC_SEED to explore. fast-check prints the seed of a failure.
fc.configureGlobal({ seed: Number(process.env['FC_SEED'] ?? 42) });

const TENANTS = ['t1', 't2', 't3'] as const;

const schema = z.object({
  id: z.string(),
  tenantId: z.string(),
  title: z.string(),
  n: z.number().int(),
});
type Doc = z.output<typeof schema>;
type Locals = { readonly tenantId: string };

const docs = defineResource({
  name: 'docs',
  schema,
  filterable: ['tenantId', 'title', 'n'],
  sortable: ['title', 'n'],
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/** A service whose every operation is restricted to the tenant in `locals`. */
function setup(records: readonly Doc[]) {
  let next = 0;
  const repository = createMemoryRepository(docs, { records, generateId: () => `g${String(next++).padStart(3, '0')}` });
  const service = createResourceService<Doc, Locals>({
    resource: docs,
    repository,
    scope: ({ locals }) => ({ tenantId: locals.tenantId }),
  });
  const snapshot = async () => (await repository.list({ limit: 50 })).items;
  return { repository, service, snapshot };
}

const as = (tenantId: string) => ({ locals: { tenantId } });

// ---- generators -------------------------------------------------------------------------------------------------

const tenant = fc.constantFrom(...TENANTS);
const title = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 3 });

/** Up to 40 records over the tenants, ids `r000`, `r001`, ... (every id four characters long). */
const records = fc
  .array(fc.record({ tenantId: tenant, title, n: fc.integer({ min: 0, max: 5 }) }), { maxLength: 40 })
  .map((rows) => rows.map((row, i): Doc => ({ id: `r${String(i).padStart(3, '0')}`, ...row })));

/** A condition of a clause: its programmatic form and the reference predicate. */
interface Condition<K extends keyof Doc> {
  readonly value: NonNullable<WhereClause<Doc>[K]>;
  readonly test: (value: Doc[K]) => boolean;
}

const titleCondition: fc.Arbitrary<Condition<'title'>> = fc.oneof(
  title.map((s) => ({ value: s, test: (v: string) => v === s })),
  title.filter((s) => s.length > 0).map((s) => ({ value: { starts: s }, test: (v: string) => v.startsWith(s) })),
  title.map((s) => ({ value: { ne: s }, test: (v: string) => v !== s })),
);
const nCondition: fc.Arbitrary<Condition<'n'>> = fc.oneof(
  fc.integer({ min: 0, max: 5 }).map((k) => ({ value: { gte: k }, test: (v: number) => v >= k })),
  fc.integer({ min: 0, max: 5 }).map((k) => ({ value: { lt: k }, test: (v: number) => v < k })),
  fc
    .uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 })
    .map((ks) => ({ value: { in: ks }, test: (v: number) => ks.includes(v) })),
);
const tenantCondition: fc.Arbitrary<Condition<'tenantId'>> = tenant.map((t) => ({
  value: t,
  test: (v: string) => v === t,
}));

interface Filter {
  readonly where: Where<Doc> | undefined;
  readonly test: (doc: Doc) => boolean;
}

const clause = fc
  .record({ title: titleCondition, n: nCondition, tenantId: tenantCondition }, { requiredKeys: [] })
  .map((conditions) => {
    const entries = Object.entries(conditions) as [keyof Doc, Condition<keyof Doc>][];
    return {
      where: Object.fromEntries(entries.map(([field, c]) => [field, c.value])) as WhereClause<Doc>,
      test: (doc: Doc) => entries.every(([field, c]) => c.test(doc[field] as never)),
    };
  });

const filter: fc.Arbitrary<Filter> = fc.oneof(
  fc.constant({ where: undefined, test: () => true }),
  clause,
  fc
    .tuple(clause, clause)
    .map(([a, b]) => ({ where: [a.where, b.where], test: (doc: Doc) => a.test(doc) || b.test(doc) })),
);

const order: fc.Arbitrary<readonly OrderTerm<keyof Doc & string>[] | undefined> = fc
  .tuple(fc.shuffledSubarray(['title', 'n'] as const), fc.boolean(), fc.boolean())
  .map(([fields, first, second]) =>
    fields.length === 0
      ? undefined
      : fields.map((field, i) => ({ field, direction: (i === 0 ? first : second) ? 'asc' : 'desc' }) as const),
  );

/** The reference: the tenant's matching records in the query's order, id ascending last. */
function reference(
  all: readonly Doc[],
  tenantId: string,
  f: Filter,
  orderBy: readonly OrderTerm[] | undefined,
): string[] {
  const terms = orderBy ?? [];
  return all
    .filter((doc) => doc.tenantId === tenantId && f.test(doc))
    .sort((a, b) => {
      for (const { field, direction } of terms) {
        const x = a[field as keyof Doc];
        const y = b[field as keyof Doc];
        if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    })
    .map((doc) => doc.id);
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** The error response as JSON, with `id` replaced, and the timestamp and correlation id fixed. */
function answer(error: unknown, id: string): string {
  const response = errorResponse(error, { headers: { 'x-correlation-id': 'probe' }, now: () => 0 });
  return JSON.stringify(response).split(id).join('{id}');
}

// ---- properties -------------------------------------------------------------------------------------------------

describe('createResourceService', () => {
  describe('scope', () => {
    it('returns exactly the tenant matching records, in order, when walking list pages', async () => {
      await fc.assert(
        fc.asyncProperty(
          records,
          tenant,
          filter,
          order,
          fc.integer({ min: 1, max: 7 }),
          async (all, tenantId, f, orderBy, limit) => {
            const { service } = setup(all);
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
            const { service } = setup(all);
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
      );
    });

    it('throws a 400 for a cursor issued to another tenant, and continues it for the same tenant', async () => {
      await fc.assert(
        fc.asyncProperty(
          records,
          fc.shuffledSubarray([...TENANTS], { minLength: 2, maxLength: 2 }),
          order,
          async (all, [owner, other], orderBy) => {
            const { service } = setup(all);
            fc.pre(all.filter((doc) => doc.tenantId === owner).length >= 2);
            const first = await service.listByCursor({ orderBy, limit: 1 }, as(owner!));
            expect(first.nextCursor).not.toBeNull();
            const error = await rejectionOf(
              service.listByCursor({ orderBy, limit: 1, cursor: first.nextCursor }, as(other!)),
            );
            expect(error).toMatchObject({
              statusCode: 400,
              message: ['cursor was issued for another filter or order'],
            });
            const second = await service.listByCursor({ orderBy, limit: 1, cursor: first.nextCursor }, as(owner!));
            expect(second.items).toHaveLength(1);
            expect(second.items[0]?.tenantId).toBe(owner);
          },
        ),
      );
    });

    it('throws for get, update, replace and delete of another tenant id exactly what a missing id throws, changing nothing', async () => {
      const operations = [
        { name: 'get', run: (s: Service, id: string, t: string) => s.get(id, as(t)) },
        { name: 'update', run: (s: Service, id: string, t: string) => s.update(id, { title: 'zz' }, as(t)) },
        {
          name: 'update pulling the record into the tenant',
          run: (s: Service, id: string, t: string) => s.update(id, { tenantId: t }, as(t)),
        },
        { name: 'replace', run: (s: Service, id: string, t: string) => s.replace(id, { title: 'zz', n: 1 }, as(t)) },
        {
          name: 'replace naming the tenant',
          run: (s: Service, id: string, t: string) => s.replace(id, { tenantId: t, title: 'zz', n: 1 }, as(t)),
        },
        { name: 'delete', run: (s: Service, id: string, t: string) => s.delete(id, as(t)) },
      ];
      await fc.assert(
        fc.asyncProperty(
          records.filter((all) => all.length > 0),
          tenant,
          fc.nat(),
          fc.constantFrom(...operations),
          async (all, tenantId, pick, operation) => {
            const foreign = all.filter((doc) => doc.tenantId !== tenantId);
            fc.pre(foreign.length > 0);
            const target = foreign[pick % foreign.length]!;
            const { service, snapshot } = setup(all);
            const before = await snapshot();
            const outside = await rejectionOf(operation.run(service, target.id, tenantId));
            const missing = await rejectionOf(operation.run(service, 'x999', tenantId));
            expect(outside).toMatchObject({ statusCode: 404 });
            expect(answer(outside, target.id)).toBe(answer(missing, 'x999'));
            expect(await snapshot()).toStrictEqual(before);
          },
        ),
      );
    });

    it('returns a created record stamped with the tenant, whatever tenant the records around it have', async () => {
      await fc.assert(
        fc.asyncProperty(records, tenant, title, fc.integer({ min: 0, max: 5 }), async (all, tenantId, t, n) => {
          const { service, snapshot } = setup(all);
          const created = await service.create({ title: t, n }, as(tenantId));
          expect(created).toStrictEqual({ id: 'g000', tenantId, title: t, n });
          const byId = (a: Doc, b: Doc) => (a.id < b.id ? -1 : 1);
          expect(await snapshot()).toStrictEqual([...all, created].sort(byId));
          expect(await service.get('g000', as(tenantId))).toStrictEqual(created);
        }),
      );
    });

    it('returns a replaced record stamped with the tenant when the body names none', async () => {
      await fc.assert(
        fc.asyncProperty(
          records.filter((all) => all.length > 0),
          fc.nat(),
          title,
          async (all, pick, t) => {
            const target = all[pick % all.length]!;
            const { service, snapshot } = setup(all);
            const replaced = await service.replace(target.id, { title: t, n: 4 }, as(target.tenantId));
            expect(replaced).toStrictEqual({ id: target.id, tenantId: target.tenantId, title: t, n: 4 });
            expect(await snapshot()).toStrictEqual(all.map((doc) => (doc.id === target.id ? replaced : doc)));
          },
        ),
      );
    });

    it('throws a 403 and stores nothing for a write that would move a record out of the tenant', async () => {
      const writes = [
        {
          name: 'create naming another tenant',
          run: (s: Service, _id: string, own: string, other: string) =>
            s.create({ tenantId: other, title: 'x', n: 1 }, as(own)),
        },
        {
          name: 'update to another tenant',
          run: (s: Service, id: string, own: string, other: string) => s.update(id, { tenantId: other }, as(own)),
        },
        {
          name: 'replace naming another tenant',
          run: (s: Service, id: string, own: string, other: string) =>
            s.replace(id, { tenantId: other, title: 'x', n: 1 }, as(own)),
        },
      ];
      await fc.assert(
        fc.asyncProperty(
          records,
          fc.shuffledSubarray([...TENANTS], { minLength: 2, maxLength: 2 }),
          fc.nat(),
          fc.constantFrom(...writes),
          async (all, [own, other], pick, write) => {
            const owned = all.filter((doc) => doc.tenantId === own);
            fc.pre(owned.length > 0);
            const target = owned[pick % owned.length]!;
            const { service, snapshot } = setup(all);
            const before = await snapshot();
            const error = await rejectionOf(write.run(service, target.id, own!, other!));
            expect(error).toBeInstanceOf(ForbiddenError);
            expect(error).toMatchObject({ statusCode: 403, error: 'Forbidden' });
            expect(await snapshot()).toStrictEqual(before);
          },
        ),
      );
    });

    it('throws a 403 and stores nothing when a before-hook moves a create or replace to another tenant', async () => {
      await fc.assert(
        fc.asyncProperty(
          records.filter((all) => all.length > 0),
          fc.shuffledSubarray([...TENANTS], { minLength: 2, maxLength: 2 }),
          async (all, [own, other]) => {
            const { service, snapshot } = setup(all);
            service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, tenantId: other }));
            service.hooks.on('onBeforeReplace', ({ body }) => ({ ...body, tenantId: other }));
            service.hooks.on('onBeforeUpdate', ({ patch }) => ({ ...patch, tenantId: other }));
            const before = await snapshot();
            await expect(service.create({ title: 'x', n: 1 }, as(own!))).rejects.toBeInstanceOf(ForbiddenError);
            const target = all.find((doc) => doc.tenantId === own);
            if (target) {
              await expect(service.replace(target.id, { title: 'x', n: 1 }, as(own!))).rejects.toBeInstanceOf(
                ForbiddenError,
              );
              await expect(service.update(target.id, { n: 2 }, as(own!))).rejects.toBeInstanceOf(ForbiddenError);
            }
            expect(await snapshot()).toStrictEqual(before);
          },
        ),
      );
    });
  });
});

type Service = ReturnType<typeof setup>['service'];
