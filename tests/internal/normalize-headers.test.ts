import { describe, expect, it } from 'vitest';
import { normalizeHeaders } from '../../src/internal/normalize-headers';

const plain = (headers: object): Record<string, unknown> => ({ ...headers });

describe('normalizeHeaders', () => {
  it.each([
    {
      name: 'a Node header object with mixed-case keys',
      input: { 'X-Correlation-ID': 'abc', 'Content-Type': 'text/plain', host: 'h' },
      expected: { 'x-correlation-id': 'abc', 'content-type': 'text/plain', host: 'h' },
    },
    {
      name: 'a Fetch Headers',
      input: new Headers({ 'X-Correlation-ID': 'abc', Accept: 'a/b' }),
      expected: { 'x-correlation-id': 'abc', accept: 'a/b' },
    },
    {
      name: 'string[] values',
      input: { 'Set-Cookie': ['a=1', 'b=2'], 'X-Correlation-Id': ['first', 'second'] },
      expected: { 'set-cookie': ['a=1', 'b=2'], 'x-correlation-id': ['first', 'second'] },
    },
    {
      name: 'non-string array members',
      input: { 'x-a': ['ok', 1, null, { x: 1 }] },
      expected: { 'x-a': ['ok'] },
    },
    { name: 'numbers', input: { 'Content-Length': 42 }, expected: { 'content-length': '42' } },
    {
      name: 'undefined, null, objects and functions',
      input: { a: undefined, b: null, c: { x: 1 }, d: () => 'x', e: true },
      expected: {},
    },
    { name: 'empty values', input: { 'X-Empty': '' }, expected: { 'x-empty': '' } },
    { name: 'Unicode names', input: { 'X-Ünï': 'v' }, expected: { 'x-ünï': 'v' } },
    { name: 'undefined', input: undefined, expected: {} },
    { name: 'null', input: null, expected: {} },
    { name: 'a string', input: 'x-correlation-id: abc', expected: {} },
    { name: 'a number', input: 42, expected: {} },
    { name: 'an empty object', input: {}, expected: {} },
  ])('returns lower-cased names for $name', ({ input, expected }) => {
    expect(plain(normalizeHeaders(input))).toStrictEqual(expected);
  });

  it('returns a frozen, prototype-free record', () => {
    const headers = normalizeHeaders({ A: '1', list: ['x'] });
    expect(Object.isFrozen(headers)).toBe(true);
    expect(Object.isFrozen(headers['list'])).toBe(true);
    expect(Object.getPrototypeOf(headers)).toBeNull();
    expect(headers['toString']).toBeUndefined();
    expect(headers['constructor']).toBeUndefined();
  });

  it('keeps __proto__ and constructor as plain names without touching any prototype', () => {
    const input = JSON.parse('{"__proto__":"p","Constructor":"c","x":"1"}') as object;
    const headers = normalizeHeaders(input);
    expect(headers['__proto__']).toBe('p');
    expect(headers['constructor']).toBe('c');
    expect(Object.getPrototypeOf(headers)).toBeNull();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('does not share arrays with the input', () => {
    const input = { 'x-a': ['1'] };
    const headers = normalizeHeaders(input);
    input['x-a'].push('2');
    expect(headers['x-a']).toStrictEqual(['1']);
  });

  it('never throws, for a throwing getter or a hostile Proxy', () => {
    const getter = Object.defineProperty({}, 'x-a', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('ownKeys');
        },
      },
    );
    expect(plain(normalizeHeaders(getter))).toStrictEqual({});
    expect(plain(normalizeHeaders(proxy))).toStrictEqual({});
  });
});
