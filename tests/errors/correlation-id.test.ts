import { validate as isUuid, version as uuidVersion } from 'uuid';
import { describe, expect, it } from 'vitest';
import { CORRELATION_ID_HEADER, isSafeCorrelationId, resolveCorrelationId } from '../../src/errors/correlation-id';

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';
const expectNewUuid = (id: string): void => {
  expect(isUuid(id)).toBe(true);
  expect(uuidVersion(id)).toBe(4);
};

describe('CORRELATION_ID_HEADER', () => {
  it('returns the lower-case header name', () => {
    expect(CORRELATION_ID_HEADER).toBe('x-correlation-id');
  });
});

describe('isSafeCorrelationId', () => {
  it.each([
    { value: 'a', expected: true },
    { value: UUID, expected: true },
    { value: 'req-42_a.b:c', expected: true },
    { value: '9', expected: true },
    { value: 'a'.repeat(128), expected: true },
    { value: 'a'.repeat(129), expected: false },
    { value: 'x'.repeat(10_240), expected: false },
    { value: '', expected: false },
    { value: '-abc', expected: false },
    { value: '.abc', expected: false },
    { value: '_abc', expected: false },
    { value: ':abc', expected: false },
    { value: 'a b', expected: false },
    { value: 'a,b', expected: false },
    { value: 'a, b', expected: false },
    { value: 'abc\r\nSet-Cookie: x=1', expected: false },
    { value: 'abc\n', expected: false },
    { value: 'abc\u0000', expected: false },
    { value: 'ünïcode', expected: false },
    { value: 'abc🚀', expected: false },
    { value: 'a%0d%0ab', expected: false },
    { value: '<script>', expected: false },
    { value: '__proto__', expected: false },
    { value: 'constructor', expected: true },
    { value: 42, expected: false },
    { value: ['abc'], expected: false },
    { value: null, expected: false },
    { value: undefined, expected: false },
  ])('returns $expected for $value', ({ value, expected }) => {
    expect(isSafeCorrelationId(value)).toBe(expected);
  });
});

describe('resolveCorrelationId', () => {
  it.each([
    { label: 'a Node header object', headers: { 'x-correlation-id': 'abc-123' }, expected: 'abc-123' },
    { label: 'a record with mixed-case keys', headers: { 'X-Correlation-ID': 'abc-123' }, expected: 'abc-123' },
    {
      label: 'a string[] value (first counts)',
      headers: { 'x-correlation-id': ['first', 'second'] },
      expected: 'first',
    },
    { label: 'a Fetch Headers', headers: new Headers({ 'X-Correlation-Id': UUID }), expected: UUID },
    { label: 'a UUID', headers: { 'x-correlation-id': UUID }, expected: UUID },
  ])('returns the incoming id from $label', ({ headers, expected }) => {
    expect(resolveCorrelationId(headers)).toBe(expected);
  });

  it.each([
    { label: 'a CR/LF value', headers: { 'x-correlation-id': 'abc\r\nSet-Cookie: x=1' } },
    { label: 'a 10 KB value', headers: { 'x-correlation-id': 'a'.repeat(10_240) } },
    { label: 'a Unicode value', headers: { 'x-correlation-id': 'ünï' } },
    { label: 'an empty value', headers: { 'x-correlation-id': '' } },
    { label: 'an unsafe first value of an array', headers: { 'x-correlation-id': ['a b', 'safe'] } },
    {
      label: 'a Fetch Headers with repeated values',
      headers: new Headers([
        ['x-correlation-id', 'a'],
        ['x-correlation-id', 'b'],
      ]),
    },
    { label: 'a numeric value', headers: { 'x-correlation-id': 42 } },
    { label: 'no header', headers: { other: 'abc' } },
    { label: 'an own __proto__ key', headers: JSON.parse('{"__proto__":{"x-correlation-id":"evil"}}') as object },
    { label: 'null', headers: null },
    { label: 'undefined', headers: undefined },
    { label: 'a string', headers: 'x-correlation-id: abc' },
    {
      label: 'a getter that throws',
      headers: Object.defineProperty({}, 'x-correlation-id', {
        enumerable: true,
        get: () => {
          throw new Error('x');
        },
      }),
    },
    {
      label: 'a Proxy whose traps throw',
      headers: new Proxy(
        {},
        {
          get: () => {
            throw new Error('x');
          },
          ownKeys: () => {
            throw new Error('x');
          },
        },
      ),
    },
  ])('returns a new uuid v4 for $label', ({ headers }) => {
    const id = resolveCorrelationId(headers);
    expectNewUuid(id);
    expect(resolveCorrelationId(headers)).not.toBe(id);
  });
});
