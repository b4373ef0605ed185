import { describe, expect, it } from 'vitest';
import { isPositiveIntegerText } from '../../src/internal/index';

describe('isPositiveIntegerText', () => {
  it.each([
    { text: '1', expected: true },
    { text: '42', expected: true },
    { text: '9007199254740993', expected: true },
    { text: '9'.repeat(400), expected: true },
    { text: '', expected: false },
    { text: '0', expected: false },
    { text: '00', expected: false },
    { text: '01', expected: false },
    { text: '+1', expected: false },
    { text: '-1', expected: false },
    { text: ' 1', expected: false },
    { text: '1 ', expected: false },
    { text: '1.0', expected: false },
    { text: '1e3', expected: false },
    { text: '0x10', expected: false },
    { text: '1_000', expected: false },
    { text: '١', expected: false },
    { text: '1٢', expected: false },
    { text: '１', expected: false },
    { text: '1\u0000', expected: false },
    { text: '/', expected: false },
    { text: ':', expected: false },
    { text: '__proto__', expected: false },
    { text: 'constructor', expected: false },
    { text: 'Infinity', expected: false },
  ])('returns $expected for "$text"', ({ text, expected }) => {
    expect(isPositiveIntegerText(text)).toBe(expected);
  });
});
