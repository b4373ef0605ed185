import { describe, expect, it } from 'vitest';
import { normalizeMessage } from '../../src/errors/normalize-message';

const throwingArray = new Proxy(['a'], {
  get() {
    throw new Error('trap');
  },
});

describe('normalizeMessage', () => {
  it.each([
    { label: 'a string', value: 'x', expected: 'x' },
    { label: 'a Unicode string', value: 'ça 🚀', expected: 'ça 🚀' },
    { label: 'a 10 KB string', value: 'x'.repeat(10_240), expected: 'x'.repeat(10_240) },
    { label: 'an empty string', value: '', expected: 'Fallback' },
    { label: 'a string array', value: ['a', 'b'], expected: ['a', 'b'] },
    { label: 'an array with non-strings', value: ['a', 1, null, { b: 1 }, Symbol('s'), '', 'c'], expected: ['a', 'c'] },
    { label: 'an array of only non-strings', value: [1, 2], expected: 'Fallback' },
    { label: 'a sparse array', value: [, 'a'], expected: ['a'] },
    { label: 'an empty array', value: [], expected: 'Fallback' },
    { label: 'a number', value: 42, expected: 'Fallback' },
    { label: 'an object', value: { message: 'x' }, expected: 'Fallback' },
    { label: 'null', value: null, expected: 'Fallback' },
    { label: 'undefined', value: undefined, expected: 'Fallback' },
    { label: 'a String object', value: new String('x'), expected: 'Fallback' },
    { label: 'an array Proxy whose reads throw', value: throwingArray, expected: 'Fallback' },
  ])('returns $expected for $label', ({ value, expected }) => {
    expect(normalizeMessage(value, 'Fallback')).toEqual(expected);
  });

  it('returns a frozen copy of an array', () => {
    const input = ['a'];
    const result = normalizeMessage(input, 'Fallback');
    expect(result).not.toBe(input);
    expect(Object.isFrozen(result)).toBe(true);
  });
});
