import { describe, expect, it } from 'vitest';
import { pickExtras } from '../../src/errors/pick-extras';

const cyclic: Record<string, unknown> = { name: 'loop' };
cyclic['self'] = cyclic;

describe('pickExtras', () => {
  it.each([
    {
      label: 'plain JSON values',
      body: { a: 1, b: 'x', c: [1, { d: true }], e: null },
      expected: { a: 1, b: 'x', c: [1, { d: true }], e: null },
    },
    {
      label: 'reserved keys',
      body: {
        statusCode: 1,
        message: 'm',
        error: 'e',
        timestamp: 2,
        correlationID: 'c',
        stack: 's',
        constructor: 'x',
        prototype: 'p',
        keep: 1,
      },
      expected: { keep: 1 },
    },
    {
      label: 'an own __proto__ key',
      body: JSON.parse('{"__proto__":{"polluted":1},"keep":1}') as object,
      expected: { keep: 1 },
    },
    {
      label: 'functions, symbols and undefined',
      body: { f: () => 1, s: Symbol('x'), u: undefined, keep: 0 },
      expected: { keep: 0 },
    },
    { label: 'a bigint', body: { big: 10n, keep: '' }, expected: { keep: '' } },
    { label: 'a cyclic value', body: { cyclic, keep: [] }, expected: { keep: [] } },
    {
      label: 'a throwing toJSON',
      body: {
        bad: {
          toJSON: () => {
            throw new Error('x');
          },
        },
        keep: 1,
      },
      expected: { keep: 1 },
    },
    { label: 'a Date (via toJSON)', body: { at: new Date(0) }, expected: { at: '1970-01-01T00:00:00.000Z' } },
    {
      label: 'NaN and Infinity (as null)',
      body: { n: Number.NaN, i: Number.POSITIVE_INFINITY },
      expected: { n: null, i: null },
    },
    {
      label: 'nested __proto__ data',
      body: { nested: JSON.parse('{"__proto__":{"x":1}}') as object },
      expected: { nested: JSON.parse('{"__proto__":{"x":1}}') as object },
    },
    { label: 'Unicode keys', body: { 'clé 🚀': 'v' }, expected: { 'clé 🚀': 'v' } },
    { label: 'symbol keys', body: { [Symbol('s')]: 1, keep: 1 }, expected: { keep: 1 } },
    { label: 'inherited keys', body: Object.create({ inherited: 1 }) as object, expected: {} },
    { label: 'an array', body: [1, 2], expected: {} },
    { label: 'a string', body: 'abc', expected: {} },
    { label: 'null', body: null, expected: {} },
    { label: 'undefined', body: undefined, expected: {} },
  ])('returns $expected for $label', ({ body, expected }) => {
    const extras = pickExtras(body);
    expect(extras).toEqual(expected);
    expect(Object.isFrozen(extras)).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('returns other keys when one getter throws', () => {
    const body = Object.defineProperty({ keep: 1 }, 'bad', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    expect(pickExtras(body)).toEqual({ keep: 1 });
  });

  it('returns empty extras when ownKeys throws', () => {
    const body = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(pickExtras(body)).toEqual({});
  });

  it('returns deep-frozen copies that do not follow later mutation', () => {
    const details = { list: [1] };
    const extras = pickExtras({ details });
    details.list.push(2);
    expect(extras).toEqual({ details: { list: [1] } });
    const copy = extras['details'] as { list: number[] };
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen(copy.list)).toBe(true);
  });

  it('returns a stable value for a getter that changes between reads', () => {
    let reads = 0;
    const body = Object.defineProperty({}, 'flaky', {
      enumerable: true,
      get() {
        reads += 1;
        return reads === 1 ? 'first' : 'later';
      },
    });
    const extras = pickExtras(body);
    expect(extras['flaky']).toBe('first');
    expect(JSON.stringify(extras)).toBe('{"flaky":"first"}');
  });
});
