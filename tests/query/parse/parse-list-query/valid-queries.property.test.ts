/** parseListQuery on valid queries built from the operator table, and list on them against their programmatic form. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATORS, createMemoryRepository, parseListQuery, type OperatorName, type OrderTerm } from 'pagelope';
import { FILTERABLE, ROLES, SORTABLE, inputForms, users, type Pair, type User } from '../../fixtures';

const MAX_LIMIT = users.pagination.maxLimit;

// ---------------------------------------------------------------------------------------------------------------
// Valid queries built from the operator table
// ---------------------------------------------------------------------------------------------------------------

interface Typed {
  readonly text: string;
  readonly value: unknown;
}

const typedValue = (field: string): fc.Arbitrary<Typed> => {
  switch (field) {
    case 'age':
      return fc.integer({ min: -5, max: 120 }).map((n) => ({ text: String(n), value: n }));
    case 'score':
      return fc.integer({ min: -10_000, max: 10_000 }).map((k) => ({ text: String(k / 100), value: k / 100 }));
    case 'active':
      return fc.boolean().map((b) => ({ text: String(b), value: b }));
    case 'role':
      return fc.constantFrom(...ROLES).map((role) => ({ text: role, value: role }));
    case 'createdAt':
    case 'deletedAt':
      return fc
        .date({ min: new Date('2023-12-01T00:00:00Z'), max: new Date('2024-03-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => ({ text: date.toISOString(), value: date }));
    default:
      return fc
        .oneof(
          fc.constantFrom('a', 'An', 'ann', 'É', 'x%_y', '', '.*', '__proto__'),
          fc.string({ unit: 'grapheme', maxLength: 6 }),
        )
        .filter((s) => !s.includes('\u0000'))
        .map((s) => ({ text: s, value: s }));
  }
};

interface Condition {
  readonly pairs: readonly Pair[];
  readonly field: string;
  readonly op: OperatorName;
  readonly value: unknown;
}

const conditionOf = (field: string, op: OperatorName, longForm: boolean): fc.Arbitrary<Condition> => {
  const spec = OPERATORS[op];
  const lower = (v: unknown) => (spec.caseInsensitive ? (v as string).toLowerCase() : v);
  if (spec.arity === 'none') {
    return fc.constantFrom('', 'true').chain((flag) =>
      fc.boolean().map((withValue) => ({
        field,
        op,
        value: true,
        pairs: longForm
          ? [[`${field}[operator]`, op] as const, ...(withValue ? [[`${field}[value]`, flag] as const] : [])]
          : [[`${field}[${op}]`, flag] as const],
      })),
    );
  }
  const count =
    spec.arity === 'one' ? fc.constant(1) : spec.arity === 'two' ? fc.constant(2) : fc.integer({ min: 1, max: 4 });
  return count.chain((n) =>
    fc
      .tuple(fc.array(typedValue(field), { minLength: n, maxLength: n }), fc.boolean())
      .map(([values, firstAsValue]) => {
        const texts = values.map((v) => v.text);
        let list: Pair[];
        if (!longForm) list = texts.map((t) => [`${field}[${op}]`, t] as const);
        else if (spec.arity === 'one')
          list = [
            [`${field}[operator]`, op],
            [`${field}[value]`, texts[0] ?? ''],
          ];
        else {
          list = [
            [`${field}[operator]`, op],
            ...texts.map((t, i) => [firstAsValue && i === 0 ? `${field}[value]` : `${field}[values]`, t] as const),
          ];
        }
        const typed = values.map((v) => lower(v.value));
        return { field, op, value: spec.arity === 'one' ? typed[0] : typed, pairs: list };
      }),
  );
};

const fieldConditions = (field: string): fc.Arbitrary<Condition[]> => {
  const ops = [...(users.filterable.get(field) ?? [])];
  return fc
    .tuple(fc.shuffledSubarray(ops, { minLength: 1, maxLength: 2 }), fc.boolean())
    .chain(([chosen, longFirst]) => fc.tuple(...chosen.map((op, i) => conditionOf(field, op, longFirst && i === 0))));
};

const directionText = fc.constantFrom('asc', 'ASC', 'Asc', 'desc', 'DESC', 'dEsC');

const order = fc.shuffledSubarray([...SORTABLE, 'id'], { maxLength: 3 }).chain((fields) =>
  fc.tuple(
    fc.constant(fields),
    fc.oneof(
      fc.constant(undefined),
      directionText.map((d) => [d]),
      fc.array(directionText, { minLength: fields.length, maxLength: fields.length }),
    ),
  ),
);

const validQuery = fc.record({
  conditions: fc
    .shuffledSubarray([...FILTERABLE], { maxLength: 4 })
    .chain((fields) => fc.tuple(...fields.map(fieldConditions))),
  limit: fc.option(fc.integer({ min: 1, max: 80 }), { nil: undefined }),
  page: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  order: fc.option(order, { nil: undefined }),
  form: fc.integer({ min: 0, max: 4 }),
});

const record = (i: number): fc.Arbitrary<User> =>
  fc.record(
    {
      id: fc.constant(`r${String(i).padStart(3, '0')}`),
      username: fc.constantFrom('ann', 'Ann', 'bob', 'É', 'x%_y', ''),
      email: fc.constantFrom('a@x.org', 'B@y.com', 'c'),
      age: fc.integer({ min: 0, max: 100 }),
      score: fc.integer({ min: -300, max: 300 }).map((k) => k / 100),
      active: fc.boolean(),
      role: fc.constantFrom(...ROLES),
      createdAt: fc.date({
        min: new Date('2024-01-01T00:00:00Z'),
        max: new Date('2024-02-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      deletedAt: fc.option(
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2024-02-01T00:00:00Z'), noInvalidDate: true }),
        { nil: null },
      ),
      nickname: fc.option(fc.constantFrom('an', 'AN', 'zed'), { nil: undefined }),
      secret: fc.constant('s'),
      tags: fc.constant([]),
    },
    {
      requiredKeys: [
        'id',
        'username',
        'email',
        'age',
        'score',
        'active',
        'role',
        'createdAt',
        'deletedAt',
        'secret',
        'tags',
      ],
    },
  );

const records = fc
  .integer({ min: 0, max: 25 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => record(i))));

describe('parseListQuery, on valid queries built from the operator table', () => {
  it('returns the expected query, and list gives the same page for it as for its programmatic form', async () => {
    await fc.assert(
      fc.asyncProperty(validQuery, records, async ({ conditions, limit, page, order: orderSpec, form }, data) => {
        const all = conditions.flat();
        const list: Pair[] = all.flatMap((condition) => condition.pairs);
        if (limit !== undefined) list.push(['limit', String(limit)]);
        if (page !== undefined) list.push(['page', String(page)]);
        let orderBy: OrderTerm[] = [...users.defaultOrder];
        if (orderSpec) {
          const [fields, directions] = orderSpec;
          if (fields.length > 0) {
            list.push(['orderBy', fields.join(',')]);
            if (directions) list.push(['orderDirection', directions.join(',')]);
            orderBy = fields.map((field, i) => ({
              field,
              direction: (
                directions?.[directions.length === 1 ? 0 : i] ?? 'asc'
              ).toLowerCase() as OrderTerm['direction'],
            }));
            if (!fields.includes('id')) orderBy.push({ field: 'id', direction: 'asc' });
          }
        }
        const where: Record<string, Record<string, unknown>> = {};
        for (const { field, op, value: v } of all) where[field] = { ...where[field], [op]: v };

        const input = inputForms(list)[form]?.input;
        const query = parseListQuery(input, users);
        expect(query).toStrictEqual({ page: page ?? 1, limit: Math.min(limit ?? 10, MAX_LIMIT), where, orderBy });

        const repository = createMemoryRepository(users, { records: data });
        const viaQuery = await repository.list(query);
        const viaProgram = await repository.list({
          where: query.where,
          limit: query.limit,
          page: query.page,
          orderBy: query.orderBy,
        });
        expect(viaQuery).toStrictEqual(viaProgram);
        expect(viaQuery.page).toBe(query.page);
        expect(viaQuery.limit).toBe(query.limit);
      }),
      { numRuns: 300 },
    );
  });
});
