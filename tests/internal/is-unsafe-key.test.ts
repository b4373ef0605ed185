import { describe, expect, it } from 'vitest';
import { isUnsafeKey } from '../../src/internal/index';

describe('isUnsafeKey', () => {
  it.each([
    { name: '__proto__', expected: true },
    { name: 'constructor', expected: true },
    { name: 'prototype', expected: true },
    { name: '', expected: false },
    { name: 'age', expected: false },
    { name: 'toString', expected: false },
    { name: 'hasOwnProperty', expected: false },
    { name: '__PROTO__', expected: false },
    { name: 'Constructor', expected: false },
    { name: '__proto__ ', expected: false },
    { name: ' prototype', expected: false },
    { name: 'constructors', expected: false },
    { name: '__proto_', expected: false },
    { name: '%5F%5Fproto%5F%5F', expected: false },
    { name: '__proto\u200d__', expected: false },
    { name: 'ｃonstructor', expected: false },
    { name: 'x'.repeat(9), expected: false },
    { name: 'x'.repeat(11), expected: false },
    { name: '١'.repeat(9), expected: false },
    { name: 'a'.repeat(10_000), expected: false },
  ])('returns $expected for "$name"', ({ name, expected }) => {
    expect(isUnsafeKey(name)).toBe(expected);
  });
});
