/**
 * The SQL engine's column kinds: the integer ranges by width, the check of a value bound for a column of a kind, and
 * the field schema of a kind, which accepts no value the check refuses (but what PostgreSQL alone cannot hold: text
 * with a NUL, a date outside the years 0001-9999).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLUMN_KINDS,
  columnKindSchema,
  columnValueProblem,
  integerKind,
  type SqlColumnKind,
} from '../../src/sql/index';

describe('integerKind', () => {
  it.each([
    [1, false, -128n, 127n],
    [2, false, -32768n, 32767n],
    [3, false, -8388608n, 8388607n],
    [4, false, -2147483648n, 2147483647n],
    [8, false, -9223372036854775808n, 9223372036854775807n],
    [1, true, 0n, 255n],
    [4, true, 0n, 4294967295n],
    [8, true, 0n, 18446744073709551615n],
  ] as const)('returns for %i bytes (unsigned: %s) the range %s to %s', (bytes, unsigned, min, max) => {
    expect(integerKind(bytes, unsigned)).toEqual({ kind: 'integer', min, max });
  });
});

const VARCHAR_3: SqlColumnKind = { kind: 'text', maxLength: 3 };
const ENUM: SqlColumnKind = { kind: 'text', values: ['a', 'b'] };
const UNSIGNED: SqlColumnKind = { kind: 'float', unsigned: true };
const REAL: SqlColumnKind = { kind: 'float', limit: 3.4e38 };

describe('columnValueProblem', () => {
  it.each([
    { kind: VARCHAR_3, value: 'abc' },
    { kind: VARCHAR_3, value: '😀😀😀' },
    { kind: ENUM, value: 'b' },
    { kind: UNSIGNED, value: 0 },
    { kind: REAL, value: -3.4e38 },
    { kind: COLUMN_KINDS.json, value: { path: 'C:\\u0000', '\\u0000': ['\\\\u0000'] } },
    { kind: COLUMN_KINDS.json, value: 5 },
    { kind: COLUMN_KINDS.other, value: { __proto__: 1 } },
    { kind: COLUMN_KINDS.text, value: '%00' },
  ])('accepts $value for $kind', ({ kind, value }) => {
    expect(columnValueProblem(kind, value)).toBeUndefined();
  });

  it.each([
    { kind: VARCHAR_3, value: 'abcd', message: 'must be at most 3 characters' },
    { kind: ENUM, value: 'c', message: 'must be one of a, b' },
    { kind: ENUM, value: '__proto__', message: 'must be one of a, b' },
    { kind: UNSIGNED, value: -1, message: 'must not be negative' },
    { kind: REAL, value: 1e39, message: 'is out of range' },
    { kind: REAL, value: Number.NaN, message: 'must be a finite number' },
    { kind: COLUMN_KINDS.json, value: { 'a\u0000': 1 }, message: 'must not contain a NUL character' },
    { kind: COLUMN_KINDS.json, value: ['\\\u0000'], message: 'must not contain a NUL character' },
    { kind: COLUMN_KINDS.other, value: 'a\u0000', message: 'must not contain a NUL character' },
    { kind: integerKind(1), value: 128, message: 'must be an integer from -128 to 127' },
    { kind: integerKind(2, true), value: '-1', message: 'must be an integer from 0 to 65535' },
  ])('refuses $value for $kind: $message', ({ kind, value, message }) => {
    expect(columnValueProblem(kind, value)).toBe(message);
  });
});

/** Kinds whose schema is the SQL engine's, with values of every type around their bounds. */
const KINDS: readonly SqlColumnKind[] = [
  COLUMN_KINDS.text,
  VARCHAR_3,
  ENUM,
  COLUMN_KINDS.uuid,
  integerKind(1),
  integerKind(4, true),
  integerKind(8),
  COLUMN_KINDS.float,
  UNSIGNED,
  REAL,
  COLUMN_KINDS.boolean,
  COLUMN_KINDS.date,
  COLUMN_KINDS.timestamp,
  COLUMN_KINDS.json,
];

const value = fc.oneof(
  fc.string({ maxLength: 5 }).filter((text) => !text.includes('\u0000')),
  fc.constantFrom('a', 'b', 'c', '0b8f7e2c-3d1a-4c5e-9f60-1a2b3c4d5e6f', '2000-02-29', '2000-02-30', '0001-01-01'),
  fc.integer({ min: -300, max: 300 }),
  fc.constantFrom(2 ** 32, -(2 ** 53), 2 ** 53, 1e39, -0.5, Number.MAX_SAFE_INTEGER),
  fc.double(),
  fc.boolean(),
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z') }),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('columnKindSchema', () => {
  it('accepts no value that columnValueProblem refuses, whatever the kind', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), value, (kind, given) => {
        const schema = columnKindSchema(kind);
        // Text with a NUL is what PostgreSQL alone cannot hold: not a value to compare the two on.
        if (schema?.safeParse(given).success !== true || JSON.stringify(given).includes('\\u0000')) return;
        expect(columnValueProblem(kind, given)).toBeUndefined();
      }),
      { seed: 33, numRuns: 2000 },
    );
  });

  it.each([COLUMN_KINDS.decimal, COLUMN_KINDS.other])('returns no schema for $kind', (kind) => {
    expect(columnKindSchema(kind)).toBeUndefined();
  });

  it('refuses what a bounded kind cannot hold', () => {
    expect(columnKindSchema(VARCHAR_3)?.safeParse('abcd').success).toBe(false);
    expect(columnKindSchema(integerKind(8))?.safeParse(2 ** 53).success).toBe(false);
    expect(columnKindSchema(integerKind(4, true))?.safeParse(-1).success).toBe(false);
    expect(columnKindSchema(REAL)?.safeParse(1e39).success).toBe(false);
  });
});
