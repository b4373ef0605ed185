/**
 * `toWhere` keeps the meaning of refine's filters: for random `and`/`or` trees and random records, a record matches
 * the returned `where` (one clause, or the OR of an array of clauses) exactly when it matches the filters as refine
 * reads them; every `where` it returns has at most 8 clauses; and it refuses only the filters it must.
 */
import type { CrudFilter } from '@refinedev/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_OR_GROUPS, toWhere } from '../../src/refine/to-where';

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: 400 }); // the seed is tests/setup.ts's

type Row = Readonly<Record<'a' | 'b' | 'c', number>>;
type Filter = { field: string; operator: string; value: unknown } | { operator: 'and' | 'or'; value: Filter[] };

const FIELDS = ['a', 'b', 'c'] as const;
const OPERATORS = { eq: 'eq', ne: 'ne', gte: 'gte', lt: 'lt', in: 'in', nin: 'notin' } as const;

const leaf: fc.Arbitrary<Filter> = fc
  .record({
    field: fc.constantFrom(...FIELDS),
    operator: fc.constantFrom(...(Object.keys(OPERATORS) as (keyof typeof OPERATORS)[])),
    value: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ field, operator, value }) =>
    operator === 'in' || operator === 'nin'
      ? { field, operator, value: [value, (value + 1) % 4] }
      : { field, operator, value },
  );

const tree: fc.Arbitrary<Filter> = fc.letrec<{ node: Filter }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({
      operator: fc.constantFrom('and' as const, 'or' as const),
      value: fc.array(tie('node'), { maxLength: 3 }),
    }),
  ),
})).node;

const rows: fc.Arbitrary<Row[]> = fc.array(
  fc.record({
    a: fc.integer({ min: 0, max: 3 }),
    b: fc.integer({ min: 0, max: 3 }),
    c: fc.integer({ min: 0, max: 3 }),
  }),
  { minLength: 1, maxLength: 12 },
);

/** refine's reading: filters ANDed, an empty `and`/`or` no condition. */
function matchesFilter(row: Row, filter: Filter): boolean {
  if (filter.operator === 'and' || filter.operator === 'or') {
    const children = filter.value as Filter[];
    if (children.length === 0) return true;
    return filter.operator === 'and'
      ? children.every((child) => matchesFilter(row, child))
      : children.some((child) => matchesFilter(row, child));
  }
  const { field, operator, value } = filter as { field: keyof Row; operator: keyof typeof OPERATORS; value: unknown };
  return matchesCondition(row[field], OPERATORS[operator], value);
}

function matchesCondition(actual: number, op: string, operand: unknown): boolean {
  switch (op) {
    case 'eq':
      return actual === operand;
    case 'ne':
      return actual !== operand;
    case 'gte':
      return actual >= (operand as number);
    case 'lt':
      return actual < (operand as number);
    case 'in':
      return (operand as number[]).includes(actual);
    case 'notin':
      return !(operand as number[]).includes(actual);
    default:
      throw new Error(`no reference for ${op}`);
  }
}

/** pagelope's reading of a where: one clause of ANDed conditions, or an array of clauses that is their OR. */
function matchesWhere(row: Row, where: ReturnType<typeof toWhere>): boolean {
  if (where === undefined) return true;
  const clauses = (Array.isArray(where) ? where : [where]) as Record<string, Record<string, unknown>>[];
  return clauses.some((clause) =>
    Object.entries(clause).every(([field, condition]) =>
      Object.entries(condition).every(([op, operand]) => matchesCondition(row[field as keyof Row], op, operand)),
    ),
  );
}

describe('toWhere', () => {
  it('returns a where that every record matches exactly when it matches the filters, or refuses them', () => {
    let kept = 0;
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 3 }), rows, (filters, records) => {
        let where: ReturnType<typeof toWhere>;
        try {
          where = toWhere(filters as CrudFilter[]);
        } catch (error) {
          // The only refusals: too many groups, or two values of one operator on one field in one group.
          expect((error as Error).message).toMatch(
            /OR groups once ANDs are distributed|with different values in one group/,
          );
          return;
        }
        kept++;
        if (Array.isArray(where)) expect(where.length).toBeGreaterThan(1);
        if (Array.isArray(where)) expect(where.length).toBeLessThanOrEqual(MAX_OR_GROUPS);
        for (const row of records) {
          expect(matchesWhere(row, where)).toBe(filters.every((filter) => matchesFilter(row, filter)));
        }
      }),
    );
    // Most random filters are sent, not refused: the property is about them.
    expect(kept).toBeGreaterThan(200);
  });

  it('refuses only when 8 groups do not suffice, for ors of distinct conditions', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }), (sizes) => {
        // Each or holds conditions on its own field, so no group repeats a field and operator.
        const filters = sizes.map((size, i) => ({
          operator: 'or' as const,
          value: Array.from({ length: size }, (_, j) => ({ field: `f${i}`, operator: 'eq' as const, value: j })),
        }));
        const groups = sizes.reduce((product, size) => product * size, 1);
        if (groups > MAX_OR_GROUPS) expect(() => toWhere(filters)).toThrow(`need ${groups} OR groups`);
        else {
          const where = toWhere(filters);
          expect(Array.isArray(where) ? where.length : 1).toBe(groups);
        }
      }),
    );
  });
});
