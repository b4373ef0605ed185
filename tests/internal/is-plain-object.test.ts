import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isPlainObject, isRecordLike } from '../../src/internal/index';

class Point {
  x = 1;
}

/** What `fast-querystring` (Fastify's query parser) returns: an object whose prototype has a null prototype. */
const fastQuerystringLike = Object.assign(Object.create(Object.create(null) as object) as object, { a: '1' });

const rows: { name: string; value: unknown; plain: boolean; recordLike: boolean }[] = [
  { name: 'an object literal', value: { a: 1 }, plain: true, recordLike: true },
  { name: 'an empty object', value: {}, plain: true, recordLike: true },
  { name: 'JSON.parse output', value: JSON.parse('{"a":{"b":1}}'), plain: true, recordLike: true },
  { name: 'Object.create(null)', value: Object.create(null), plain: true, recordLike: true },
  { name: 'an own __proto__ key', value: JSON.parse('{"__proto__":{"x":1}}'), plain: true, recordLike: true },
  { name: 'an own constructor key', value: { constructor: 'x', prototype: 'y' }, plain: true, recordLike: true },
  { name: 'a cross-realm object', value: runInNewContext('({ a: 1 })'), plain: false, recordLike: true },
  { name: 'a fast-querystring object', value: fastQuerystringLike, plain: false, recordLike: true },
  { name: 'a null-prototype array', value: Object.setPrototypeOf([], null), plain: true, recordLike: false },
  { name: 'an array', value: [1], plain: false, recordLike: false },
  { name: 'an empty array', value: [], plain: false, recordLike: false },
  { name: 'a cross-realm array', value: runInNewContext('[]'), plain: false, recordLike: false },
  { name: 'a class instance', value: new Point(), plain: false, recordLike: false },
  { name: 'an Error', value: new Error('x'), plain: false, recordLike: false },
  { name: 'a Date', value: new Date(0), plain: false, recordLike: false },
  { name: 'a Map', value: new Map([['a', 1]]), plain: false, recordLike: false },
  { name: 'URLSearchParams', value: new URLSearchParams('a=1'), plain: false, recordLike: false },
  { name: 'an object with a plain prototype', value: Object.create({ a: 1 }), plain: false, recordLike: false },
  { name: 'a boxed string', value: new String('x'), plain: false, recordLike: false },
  { name: 'a function', value: () => ({}), plain: false, recordLike: false },
  { name: 'null', value: null, plain: false, recordLike: false },
  { name: 'undefined', value: undefined, plain: false, recordLike: false },
  { name: 'a string', value: '{}', plain: false, recordLike: false },
  { name: 'an empty string', value: '', plain: false, recordLike: false },
  { name: 'a number', value: 1, plain: false, recordLike: false },
];

describe('isPlainObject', () => {
  it.each(rows)('returns $plain for $name', ({ value, plain }) => {
    expect(isPlainObject(value)).toBe(plain);
  });

  it('returns false for a Proxy of a class instance and true for a Proxy of a plain object (it reads the target)', () => {
    expect(isPlainObject(new Proxy(new Point(), {}))).toBe(false);
    expect(isPlainObject(new Proxy({}, {}))).toBe(true);
  });
});

describe('isRecordLike', () => {
  it.each(rows)('returns $recordLike for $name', ({ value, recordLike }) => {
    expect(isRecordLike(value)).toBe(recordLike);
  });

  it('differs from isPlainObject on cross-realm, fast-querystring and null-prototype array values only', () => {
    const differing = rows.filter((row) => row.plain !== row.recordLike).map((row) => row.name);
    expect(differing).toStrictEqual(['a cross-realm object', 'a fast-querystring object', 'a null-prototype array']);
    for (const row of rows) {
      expect([row.name, isPlainObject(row.value) !== isRecordLike(row.value)]).toStrictEqual([
        row.name,
        differing.includes(row.name),
      ]);
    }
  });
});
