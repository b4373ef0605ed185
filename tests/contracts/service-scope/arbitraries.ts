/** The fast-check generators of the scope contract: records of three tenants, filters with their predicates, orders. */
import fc from 'fast-check';
import type { OrderTerm, Where, WhereClause } from '../../../src/index';
import { TENANTS, type Doc } from './fixtures';

/** A tenant. */
export const tenant = fc.constantFrom(...TENANTS);
/** Two different tenants, in any order. */
export const twoTenants = fc.shuffledSubarray([...TENANTS], { minLength: 2, maxLength: 2 }) as fc.Arbitrary<
  [string, string]
>;
/** A title of up to three of `a`, `b` and `c`. */
export const title = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 3 });

/** Up to 40 records over the tenants, ids `r000`, `r001`, ... (every id four characters long). */
export const records = fc
  .array(fc.record({ tenantId: tenant, title, n: fc.integer({ min: 0, max: 5 }) }), { maxLength: 40 })
  .map((rows) => rows.map((row, i): Doc => ({ id: `r${String(i).padStart(3, '0')}`, ...row })));
/** At least one record. */
export const someRecords = records.filter((all) => all.length > 0);

/** A condition of a clause: its programmatic form and the reference predicate. */
export interface Condition<K extends keyof Doc> {
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

/** A filter of the contract: its programmatic form and the reference predicate. */
export interface Filter {
  readonly where: Where<Doc> | undefined;
  readonly test: (doc: Doc) => boolean;
}

/** A clause over the title, the number and the tenant (each optional), and its reference predicate. */
export const clause = fc
  .record({ title: titleCondition, n: nCondition, tenantId: tenantCondition }, { requiredKeys: [] })
  .map((conditions) => {
    const entries = Object.entries(conditions) as [keyof Doc, Condition<keyof Doc>][];
    return {
      where: Object.fromEntries(entries.map(([field, c]) => [field, c.value])) as WhereClause<Doc>,
      test: (doc: Doc) => entries.every(([field, c]) => c.test(doc[field] as never)),
    };
  });

/** No filter, one clause (which may name a tenant, the caller's or another), or an OR of two clauses. */
export const filter: fc.Arbitrary<Filter> = fc.oneof(
  fc.constant({ where: undefined, test: () => true }),
  clause,
  fc
    .tuple(clause, clause)
    .map(([a, b]) => ({ where: [a.where, b.where], test: (doc: Doc) => a.test(doc) || b.test(doc) })),
);

/** No order, or one or two sort terms over the title and the number. */
export const order: fc.Arbitrary<readonly OrderTerm<keyof Doc & string>[] | undefined> = fc
  .tuple(fc.shuffledSubarray(['title', 'n'] as const), fc.boolean(), fc.boolean())
  .map(([fields, first, second]) =>
    fields.length === 0
      ? undefined
      : fields.map((field, i) => ({ field, direction: (i === 0 ? first : second) ? 'asc' : 'desc' }) as const),
  );
