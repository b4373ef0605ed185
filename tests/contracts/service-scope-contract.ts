/**
 * The request-scope contract of the resource service on every repository adapter: a service whose `scope` restricts
 * each operation to one tenant lists exactly that tenant's records (pages and cursors), answers for another tenant's
 * id exactly as for a missing one and changes nothing, stamps the tenant on create and replace, and refuses with a 403
 * (storing nothing) a write that would leave the scope. Call `describeServiceScopeContract(name, makeRepository)`
 * from an adapter's test file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createResourceService,
  defineResource,
  errorResponse,
  type OrderTerm,
  type Repository,
  type ResourceService,
  type Where,
  type WhereClause,
} from '../../src/index';
import { ForbiddenError } from '../../src/http/index';
import type { RepositoryFactory as MakeRepository } from 'pagelope/testing';
import { rejectionOf } from '../support/rejection-of';

/** Options of {@link describeServiceScopeContract}. */
export interface ServiceScopeContractOptions {
  /** Runs of each property (default 100; lower it for slow adapters). */
  readonly numRuns?: number;
}

const TENANTS = ['t1', 't2', 't3'] as const;

export const docSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  title: z.string(),
  n: z.number().int(),
});
export type Doc = z.output<typeof docSchema>;
type Locals = { readonly tenantId: string };
type Service = ResourceService<Doc, Locals>;

/** The resource of the contract: the tenant, a text and a number, filterable; the text and number sortable. */
export const docs = defineResource({
  name: 'docs',
  schema: docSchema,
  filterable: ['tenantId', 'title', 'n'],
  sortable: ['title', 'n'],
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

const as = (tenantId: string) => ({ locals: { tenantId } });

/** Orders records by id, in code-point order (the order of the contract's ids on every adapter). */
const byId = (a: Doc, b: Doc): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// ---------------------------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------------------------

const tenant = fc.constantFrom(...TENANTS);
const twoTenants = fc.shuffledSubarray([...TENANTS], { minLength: 2, maxLength: 2 }) as fc.Arbitrary<[string, string]>;
const title = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 3 });

/** Up to 40 records over the tenants, ids `r000`, `r001`, ... (every id four characters long). */
const records = fc
  .array(fc.record({ tenantId: tenant, title, n: fc.integer({ min: 0, max: 5 }) }), { maxLength: 40 })
  .map((rows) => rows.map((row, i): Doc => ({ id: `r${String(i).padStart(3, '0')}`, ...row })));
const someRecords = records.filter((all) => all.length > 0);

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

/** No filter, one clause (which may name a tenant, the caller's or another), or an OR of two clauses. */
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

// ---------------------------------------------------------------------------------------------------------------
// The model and helpers
// ---------------------------------------------------------------------------------------------------------------

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
      return byId(a, b);
    })
    .map((doc) => doc.id);
}

/** The error response as JSON, with `id` replaced, and the timestamp and correlation id fixed. */
function answer(error: unknown, id: string): string {
  const response = errorResponse(error, { headers: { 'x-correlation-id': 'probe' }, now: () => 0 });
  return JSON.stringify(response).split(id).join('{id}');
}

/** A write of the contract's tables: its name and how it runs on a service. */
interface Operation {
  readonly name: string;
  readonly run: (service: Service, id: string, tenantId: string) => Promise<unknown>;
}

/** Every operation that names an id, as a tenant. */
const ID_OPERATIONS: readonly Operation[] = [
  { name: 'get', run: (s, id, t) => s.get(id, as(t)) },
  { name: 'update', run: (s, id, t) => s.update(id, { title: 'zz' }, as(t)) },
  { name: 'update pulling the record into the tenant', run: (s, id, t) => s.update(id, { tenantId: t }, as(t)) },
  { name: 'replace', run: (s, id, t) => s.replace(id, { title: 'zz', n: 1 }, as(t)) },
  {
    name: 'replace naming the tenant',
    run: (s, id, t) => s.replace(id, { tenantId: t, title: 'zz', n: 1 }, as(t)),
  },
  { name: 'delete', run: (s, id, t) => s.delete(id, as(t)) },
];

/** A write as tenant `own` that would put a record into tenant `other`. */
interface LeavingWrite {
  readonly name: string;
  readonly run: (service: Service, id: string, own: string, other: string) => Promise<unknown>;
}

const LEAVING_WRITES: readonly LeavingWrite[] = [
  {
    name: 'create naming another tenant',
    run: (s, _id, own, other) => s.create({ tenantId: other, title: 'x', n: 1 }, as(own)),
  },
  { name: 'update to another tenant', run: (s, id, own, other) => s.update(id, { tenantId: other }, as(own)) },
  {
    name: 'replace naming another tenant',
    run: (s, id, own, other) => s.replace(id, { tenantId: other, title: 'x', n: 1 }, as(own)),
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------------------------------

/** Declares the service scope contract for one repository adapter: list and cursor walks, ids, stamping, 403s. */
export function describeServiceScopeContract(
  name: string,
  makeRepository: MakeRepository,
  options: ServiceScopeContractOptions = {},
): void {
  const numRuns = options.numRuns ?? 100;

  /** A service over a fresh repository of `all`, every operation restricted to the tenant in `locals`. */
  async function setup(all: readonly Doc[]) {
    const repository: Repository<Doc> = await makeRepository(docs, all);
    const service: Service = createResourceService<Doc, Locals>({
      resource: docs,
      repository,
      scope: ({ locals }) => ({ tenantId: locals.tenantId }),
    });
    /** Every stored record, unscoped, in id order. */
    const snapshot = async () => [...(await repository.list({ limit: 50 })).items].sort(byId);
    return { repository, service, snapshot };
  }

  describe(`${name}: service scope contract`, () => {
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
              await expect(service.replace(target.id, { title: 'x', n: 1 }, as(own))).rejects.toBeInstanceOf(
                ForbiddenError,
              );
              await expect(service.update(target.id, { n: 2 }, as(own))).rejects.toBeInstanceOf(ForbiddenError);
              expect(await snapshot()).toStrictEqual(before);
            }),
            { numRuns },
          );
        });
      });
    });
  });
}
