import { describe, expect, it } from 'vitest';
import { toSafeHeaders } from '../../src/errors/safe-headers';

describe('toSafeHeaders', () => {
  it.each([
    { label: 'a string value', input: { 'retry-after': '30' }, expected: { 'retry-after': '30' } },
    { label: 'a mixed-case name', input: { 'Retry-After': '30' }, expected: { 'retry-after': '30' } },
    { label: 'a finite number', input: { 'retry-after': 30 }, expected: { 'retry-after': '30' } },
    { label: 'a non-finite number', input: { 'retry-after': Number.NaN }, expected: {} },
    { label: 'a CR/LF value', input: { 'x-a': 'a\r\nSet-Cookie: evil=1' }, expected: {} },
    { label: 'a lone LF value', input: { 'x-a': 'a\nb' }, expected: {} },
    { label: 'a NUL value', input: { 'x-a': 'a\u0000b' }, expected: {} },
    { label: 'a Unicode value above U+00FF', input: { 'x-a': 'ça 🚀' }, expected: {} },
    { label: 'a Latin-1 value', input: { 'x-a': 'ça' }, expected: { 'x-a': 'ça' } },
    { label: 'a value with tab and spaces', input: { 'x-a': 'a\tb c' }, expected: { 'x-a': 'a\tb c' } },
    { label: 'an empty value', input: { 'x-a': '' }, expected: { 'x-a': '' } },
    { label: 'a 10 KB value', input: { 'x-a': 'x'.repeat(10_240) }, expected: {} },
    { label: 'a string[] value', input: { 'x-a': ['a', 'b'] }, expected: {} },
    {
      label: 'a boolean, null, object or function value',
      input: { a: true, b: null, c: {}, d: () => 'x' },
      expected: {},
    },
    { label: 'a name with a space', input: { 'x a': '1' }, expected: {} },
    { label: 'a name with a colon', input: { 'x:a': '1' }, expected: {} },
    { label: 'a name with CR/LF', input: { 'x\r\na': '1' }, expected: {} },
    { label: 'a Unicode name', input: { 'x-é': '1' }, expected: {} },
    { label: 'an empty name', input: { '': '1' }, expected: {} },
    {
      label: 'response-owned and framing names',
      input: {
        'Content-Type': 'text/html',
        'x-correlation-id': 'x',
        'content-length': 1,
        'transfer-encoding': 'chunked',
        connection: 'close',
        'set-cookie': 'a=1',
        host: 'h',
      },
      expected: {},
    },
    {
      label: 'prototype names',
      input: JSON.parse('{"__proto__":"x","constructor":"y","prototype":"z"}') as object,
      expected: {},
    },
    {
      label: 'repeated names in different case (first wins)',
      input: { 'Retry-After': '1', 'retry-after': '2' },
      expected: { 'retry-after': '1' },
    },
    { label: 'an array', input: ['retry-after'], expected: {} },
    { label: 'a string', input: 'retry-after: 1', expected: {} },
    { label: 'null', input: null, expected: {} },
    { label: 'undefined', input: undefined, expected: {} },
  ])('returns $expected for $label', ({ input, expected }) => {
    const headers = toSafeHeaders(input);
    expect(headers).toEqual(expected);
    expect(Object.isFrozen(headers)).toBe(true);
  });

  it('returns at most 64 headers', () => {
    const input = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`x-h${index}`, String(index)]));
    expect(Object.keys(toSafeHeaders(input))).toHaveLength(64);
  });

  it('returns the other headers when one getter throws', () => {
    const input = Object.defineProperty({ 'x-ok': '1' }, 'x-bad', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    expect(toSafeHeaders(input)).toEqual({ 'x-ok': '1' });
  });

  it('returns empty headers for a Proxy whose traps throw', () => {
    const input = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    expect(toSafeHeaders(input)).toEqual({});
  });
});
