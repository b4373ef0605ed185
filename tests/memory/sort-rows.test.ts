import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNullable } from '../../src/memory/ordered-index';
import { sortById, sortByKey } from '../../src/memory/sort-rows';
import { compareCodePoints } from '../../src/internal/compare';

type Row = Record<string, unknown>;

/** The reference: a comparison sort by the field (nulls last), ties in id order. */
function reference(rows: readonly Row[], field: string): Row[] {
  return [...rows].sort(
    (a, b) => compareNullable(a[field], b[field]) || compareCodePoints(a['id'] as string, b['id'] as string),
  );
}

const UNITS = ['a', 'b', 'ab', 'é', 'Ā', 'ſ', '\uE000', '\uFFFF', '😀', '\u{10000}', '\u0000', 'zz'];
const longPrefix = 'p'.repeat(40);
const stringValue = fc.oneof(
  fc.array(fc.constantFrom(...UNITS), { maxLength: 5 }).map((parts) => parts.join('')),
  fc.array(fc.constantFrom('a', 'b'), { maxLength: 3 }).map((parts) => longPrefix + parts.join('')),
);
const numberValue = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(-0, 0.5, -0.25, 1e300, -1e300, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, Infinity, -Infinity),
);
const dateValue = fc.integer({ min: -1e13, max: 1e13 }).map((ms) => new Date(ms));

function rowsOf(value: fc.Arbitrary<unknown>): fc.Arbitrary<Row[]> {
  return fc
    .array(fc.option(value, { nil: null }), { maxLength: 120 })
    .map((values) => values.map((v, i) => ({ id: `r${String(i).padStart(4, '0')}`, v })));
}

describe('sortByKey', () => {
  it.each([
    { kind: 'strings (radix by code unit, long shared prefixes, Unicode)', value: stringValue },
    { kind: 'numbers (radix of 64-bit keys, -0, infinities)', value: numberValue },
    { kind: 'dates', value: dateValue },
    { kind: 'booleans', value: fc.boolean() },
  ])('returns the comparison-sort order for $kind', ({ value }) => {
    fc.assert(
      fc.property(rowsOf(value), (rows) => {
        expect(sortByKey(rows, 'v')).toEqual(reference(rows, 'v'));
      }),
      { numRuns: 300 },
    );
  });

  it('returns the comparison-sort order for many equal strings past the radix depth', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: `r${String(i).padStart(4, '0')}`,
      v: i % 7 === 0 ? null : `${'x'.repeat(60)}${'ab'[i % 2]}${i % 3}`,
    }));
    expect(sortByKey(rows, 'v')).toEqual(reference(rows, 'v'));
  });
});

describe('sortById', () => {
  it('returns rows in code-point id order, and sorted input as it is', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.constantFrom(...UNITS).chain((u) => fc.constant(u)),
          { maxLength: 12 },
        ),
        (ids) => {
          const rows = ids.map((id) => ({ id }));
          const expected = [...rows].sort((a, b) => compareCodePoints(a.id, b.id));
          expect(sortById(rows, 'id')).toEqual(expected);
          expect(sortById(expected, 'id')).toBe(expected);
        },
      ),
    );
  });
});
