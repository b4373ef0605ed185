import { describe, expect, it } from 'vitest';
import { readHeader } from '../../src/internal/headers';

const throwingGetter = Object.defineProperty({}, 'x-id', {
  enumerable: true,
  get() {
    throw new Error('getter');
  },
});
const throwingProxy = new Proxy(
  {},
  {
    get() {
      throw new Error('get trap');
    },
    ownKeys() {
      throw new Error('ownKeys trap');
    },
  },
);
const keysOnlyProxy = new Proxy(
  { 'x-id': 'abc' },
  {
    get() {
      throw new Error('get trap');
    },
  },
);

describe('readHeader', () => {
  it.each([
    { label: 'lower-case record key', headers: { 'x-id': 'abc' }, name: 'x-id', expected: 'abc' },
    { label: 'mixed-case record key (Node style)', headers: { 'X-Id': 'abc' }, name: 'x-id', expected: 'abc' },
    { label: 'mixed-case lookup name', headers: { 'x-id': 'abc' }, name: 'X-ID', expected: 'abc' },
    {
      label: 'string[] gives its first element',
      headers: { 'x-id': ['first', 'second'] },
      name: 'x-id',
      expected: 'first',
    },
    {
      label: 'exact lower-case key wins',
      headers: { 'X-ID': 'upper', 'x-id': 'lower' },
      name: 'x-id',
      expected: 'lower',
    },
    {
      label: 'first other spelling when no exact key',
      headers: { 'X-ID': 'a', 'X-Id': 'b' },
      name: 'x-id',
      expected: 'a',
    },
    { label: 'skips an unusable spelling', headers: { 'X-ID': 42, 'X-Id': 'b' }, name: 'x-id', expected: 'b' },
    { label: 'empty string is returned raw', headers: { 'x-id': '' }, name: 'x-id', expected: '' },
    { label: 'Unicode value is returned raw', headers: { 'x-id': 'ünï' }, name: 'x-id', expected: 'ünï' },
    { label: 'CR/LF value is returned raw', headers: { 'x-id': 'a\r\nb' }, name: 'x-id', expected: 'a\r\nb' },
    { label: 'missing key', headers: { other: 'abc' }, name: 'x-id', expected: undefined },
    { label: 'number value', headers: { 'x-id': 42 }, name: 'x-id', expected: undefined },
    { label: 'undefined value', headers: { 'x-id': undefined }, name: 'x-id', expected: undefined },
    { label: 'empty array value', headers: { 'x-id': [] }, name: 'x-id', expected: undefined },
    {
      label: 'array with a non-string first element',
      headers: { 'x-id': [1, 'b'] },
      name: 'x-id',
      expected: undefined,
    },
    { label: 'object value', headers: { 'x-id': { toString: () => 'abc' } }, name: 'x-id', expected: undefined },
    { label: '__proto__ name on a plain record', headers: { 'x-id': 'abc' }, name: '__proto__', expected: undefined },
    { label: 'constructor name on a plain record', headers: {}, name: 'constructor', expected: undefined },
    {
      label: 'own __proto__ key',
      headers: JSON.parse('{"__proto__":"abc"}') as object,
      name: '__proto__',
      expected: 'abc',
    },
    {
      label: 'inherited key is ignored',
      headers: Object.create({ 'x-id': 'abc' }) as object,
      name: 'x-id',
      expected: undefined,
    },
    {
      label: 'null-prototype record',
      headers: Object.assign(Object.create(null) as object, { 'X-Id': 'abc' }),
      name: 'x-id',
      expected: 'abc',
    },
    { label: 'null', headers: null, name: 'x-id', expected: undefined },
    { label: 'undefined', headers: undefined, name: 'x-id', expected: undefined },
    { label: 'a string', headers: 'x-id: abc', name: 'x-id', expected: undefined },
    { label: 'an array of pairs', headers: [['x-id', 'abc']], name: 'x-id', expected: undefined },
    { label: 'a getter that throws', headers: throwingGetter, name: 'x-id', expected: undefined },
    { label: 'a Proxy whose traps throw', headers: throwingProxy, name: 'x-id', expected: undefined },
    { label: 'a Proxy whose get trap throws', headers: keysOnlyProxy, name: 'x-id', expected: undefined },
    {
      label: 'non-function get key is read as a record',
      headers: { get: 'x', 'x-id': 'abc' },
      name: 'x-id',
      expected: 'abc',
    },
  ])('returns $expected for $label', ({ headers, name, expected }) => {
    expect(readHeader(headers, name)).toBe(expected);
  });

  it.each([
    { label: 'Fetch Headers, any case', headers: new Headers({ 'X-Id': 'abc' }), name: 'x-ID', expected: 'abc' },
    {
      label: 'Fetch Headers, repeated values joined',
      headers: new Headers([
        ['x-id', 'a'],
        ['x-id', 'b'],
      ]),
      name: 'x-id',
      expected: 'a, b',
    },
    { label: 'Fetch Headers, missing', headers: new Headers(), name: 'x-id', expected: undefined },
    {
      label: 'get-like object returning a string',
      headers: { get: (n: string) => `got:${n}` },
      name: 'x-id',
      expected: 'got:x-id',
    },
    { label: 'get-like object returning an array', headers: { get: () => ['a', 'b'] }, name: 'x-id', expected: 'a' },
    { label: 'get-like object returning null', headers: { get: () => null }, name: 'x-id', expected: undefined },
    {
      label: 'get that throws',
      headers: {
        get: () => {
          throw new Error('nope');
        },
      },
      name: 'x-id',
      expected: undefined,
    },
    { label: 'Map (case-sensitive get)', headers: new Map([['x-id', 'abc']]), name: 'x-id', expected: 'abc' },
  ])('returns $expected for $label', ({ headers, name, expected }) => {
    expect(readHeader(headers, name)).toBe(expected);
  });

  it('returns undefined for a non-string name', () => {
    expect(readHeader({ 'x-id': 'abc' }, 42 as unknown as string)).toBeUndefined();
  });
});
