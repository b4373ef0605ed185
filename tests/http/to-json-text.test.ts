import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJsonText } from '../../src/http/to-json-text';

/** Any time a Date can hold, the edges of the four-digit years, and invalid dates. */
const anyDate = fc.oneof(
  fc.date({ noInvalidDate: false }),
  fc.constantFrom(
    new Date(-62_167_219_200_000),
    new Date(-62_167_219_200_001),
    new Date(253_402_300_799_999),
    new Date(253_402_300_800_000),
    new Date(8.64e15),
    new Date(-8.64e15),
    new Date(0),
    new Date(-1),
    new Date(951_782_400_000), // 2000-02-29
  ),
);

class Box {
  constructor(readonly at: Date) {}
}
class Stamp extends Date {}

/** JSON-like values with Dates and the objects `toJsonText` must leave to `JSON.stringify`, nested a few levels. */
const { value: bodyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 0 }),
    anyDate,
    anyDate.map((date) => new Box(date)),
    anyDate.map((date) => new Stamp(date.getTime())),
    anyDate.map((date) => Object.assign(new Date(date.getTime()), { toJSON: () => 'own' })),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'toJSON', 'constructor')), tie('value'), {
      maxKeys: 4,
    }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 3, noNullPrototype: false }),
  ),
}));

describe('toJsonText', () => {
  it('returns what JSON.stringify returns, and leaves its argument as it was', () => {
    fc.assert(
      fc.property(bodyValue, (value) => {
        const before = JSON.stringify(value);
        expect(toJsonText(value)).toBe(before);
        expect(JSON.stringify(value)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    { name: 'a page of records', body: { items: [{ id: 1, at: new Date(Date.UTC(2026, 11, 8, 1, 2, 3, 4)) }] } },
    { name: 'an invalid date', body: { at: new Date(Number.NaN) } },
    { name: 'a year before 0', body: [new Date(Date.UTC(-1, 0, 1))] },
    { name: 'a year past 9999', body: [new Date(Date.UTC(10_000, 0, 1))] },
    { name: 'dates deeper than the records', body: [[[[[[[[new Date(5)]]]]]]]] },
    { name: 'an own __proto__ key', body: JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown },
    {
      name: 'a date under an own __proto__ key',
      body: Object.defineProperty({}, '__proto__', { value: new Date(7), enumerable: true }),
    },
    { name: 'a null-prototype record', body: Object.assign(Object.create(null) as object, { at: new Date(9) }) },
    { name: 'a hole', body: [new Date(1), , new Date(2)] },
    { name: 'an object with toJSON', body: { toJSON: () => ({ at: new Date(3) }), at: new Date(4) } },
    { name: 'undefined values', body: { a: undefined, b: [undefined], c: new Date(6) } },
  ])('writes $name as JSON.stringify does', ({ body }) => {
    expect(toJsonText(body)).toBe(JSON.stringify(body));
  });

  it('returns the same text as before for the same value, without writing the value', () => {
    const record = Object.freeze({ id: 'a', at: new Date(Date.UTC(2026, 0, 31, 23, 59, 59, 999)) });
    const page = Object.freeze({ items: Object.freeze([record, record]), total: 2 });
    expect(toJsonText(page)).toBe(
      '{"items":[{"id":"a","at":"2026-01-31T23:59:59.999Z"},{"id":"a","at":"2026-01-31T23:59:59.999Z"}],"total":2}',
    );
    expect(page.items[0]).toBe(record);
    expect(record.at).toBeInstanceOf(Date);
  });

  it('follows Date.prototype.toJSON and toISOString while either is replaced', () => {
    const original = Object.getOwnPropertyDescriptor(Date.prototype, 'toJSON') as PropertyDescriptor;
    Object.defineProperty(Date.prototype, 'toJSON', { ...original, value: () => 'patched' });
    try {
      expect(toJsonText({ at: new Date(0) })).toBe('{"at":"patched"}');
    } finally {
      Object.defineProperty(Date.prototype, 'toJSON', original);
    }
    expect(toJsonText({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('throws as JSON.stringify does on an object made from Date.prototype that is not a Date', () => {
    const fake: unknown = Object.create(Date.prototype);
    expect(() => JSON.stringify({ fake })).toThrow(TypeError);
    expect(() => toJsonText({ fake })).toThrow(TypeError);
  });
});
