import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../../src/internal/compare';

const sign = (n: number): number => (n > 0 ? 1 : n < 0 ? -1 : 0);
/** The reference: UTF-8 byte order, which is Unicode code point order (PostgreSQL's COLLATE "C"). */
const utf8Order = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('compareCodePoints', () => {
  it.each([
    { a: 'a', b: 'b', expected: -1 },
    { a: 'b', b: 'a', expected: 1 },
    { a: 'abc', b: 'abc', expected: 0 },
    { a: '', b: '', expected: 0 },
    { a: '', b: 'a', expected: -1 },
    { a: 'ab', b: 'abc', expected: -1 },
    { a: 'Z', b: 'a', expected: -1 }, // capitals first, unlike localeCompare
    { a: 'é', b: 'z', expected: 1 }, // U+00E9 after ASCII
    { a: '\uFF5E', b: '😀', expected: -1 }, // U+FF5E before U+1F600, though its UTF-16 unit 0xFF5E > 0xD83D
    { a: '\uFFFD', b: '\u{10000}', expected: -1 },
    { a: '\uE000', b: '\u{10000}', expected: -1 },
    { a: '\uD7FF', b: '\u{10000}', expected: -1 },
    { a: '\u{10000}', b: '\u{10FFFF}', expected: -1 },
    { a: '😀', b: '😁', expected: -1 },
    { a: 'a😀', b: 'a\uFFFF', expected: 1 },
    { a: '\u0000', b: '', expected: 1 },
    { a: 'İ', b: 'i', expected: 1 },
    { a: '__proto__', b: 'constructor', expected: -1 },
    { a: 'x'.repeat(10_000), b: `${'x'.repeat(9_999)}y`, expected: -1 },
  ])('returns the sign $expected for $a vs $b', ({ a, b, expected }) => {
    expect(sign(compareCodePoints(a, b))).toBe(expected);
    expect(sign(compareCodePoints(b, a))).toBe(0 - expected);
    expect(sign(utf8Order(a, b))).toBe(expected);
  });

  it('agrees with the UTF-8 byte order for any well-formed strings', () => {
    const unit = fc.oneof(
      fc.constantFrom('a', 'Z', '\uFF5E', '\uE000', '\uFFFF', '😀'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    const text = fc.string({ unit, maxLength: 6 }).filter((value) => !/\p{Cs}/u.test(value)); // well-formed: no lone surrogate
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(sign(compareCodePoints(a, b))).toBe(sign(utf8Order(a, b)));
      }),
    );
  });

  it('is a total order on any UTF-16 strings, lone surrogates included', () => {
    const units = fc.array(fc.constantFrom(0x41, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xffff, 0x7f), {
      maxLength: 4,
    });
    const text = units.map((codes) => String.fromCharCode(...codes));
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        expect(compareCodePoints(a, a)).toBe(0);
        expect(sign(compareCodePoints(a, b))).toBe(0 - sign(compareCodePoints(b, a)));
        if (compareCodePoints(a, b) === 0) expect(a).toBe(b);
        if (compareCodePoints(a, b) <= 0 && compareCodePoints(b, c) <= 0)
          expect(compareCodePoints(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
