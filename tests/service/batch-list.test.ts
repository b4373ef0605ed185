/**
 * The one batch-array rule (issue 33): `batchList` checks a batch's array for the service's batch writes and for the
 * batch routes alike, within `BATCH_ITEMS` (a service call at most `max`, a route at most its `maxItems`).
 */
import { describe, expect, it } from 'vitest';
import { isHttpError } from '../../src/index';
import { BATCH_ITEMS, batchList } from '../../src/service/index';

const messagesOf = (call: () => unknown): readonly string[] => {
  try {
    call();
  } catch (error) {
    if (isHttpError(error) && error.statusCode === 400) return error.message as readonly string[];
    throw error;
  }
  throw new Error('batchList accepted the value');
};

describe('BATCH_ITEMS', () => {
  it('holds the documented sizes: 100 items a route by default, 1,000 at most', () => {
    expect(BATCH_ITEMS).toStrictEqual({ default: 100, max: 1000 });
    expect(Object.isFrozen(BATCH_ITEMS)).toBe(true);
  });
});

describe('batchList', () => {
  it.each([
    { label: 'a string', value: 'a', name: 'items', message: 'items must be an array' },
    { label: 'null', value: null, name: 'ids', message: 'ids must be an array' },
    { label: 'an object', value: { 0: 'a', length: 1 }, name: 'items', message: 'items must be an array' },
    {
      label: 'a __proto__ object',
      value: JSON.parse('{"__proto__":[1]}'),
      name: 'ids',
      message: 'ids must be an array',
    },
    { label: 'no items', value: [], name: 'items', message: 'items must hold at least one item' },
    { label: 'no ids', value: [], name: 'ids', message: 'ids must hold at least one id' },
    {
      label: 'one item over the service limit',
      value: Array.from({ length: BATCH_ITEMS.max + 1 }, () => ({})),
      name: 'items',
      message: 'items may hold at most 1000 entries',
    },
  ] as const)('throws a 400 for $label', ({ value, name, message }) => {
    expect(messagesOf(() => batchList(value, name))).toEqual([message]);
  });

  it('throws a 400 over a route limit given, with that limit in the one wording', () => {
    expect(messagesOf(() => batchList(['a', 'b', 'c'], 'ids', 2))).toEqual(['ids may hold at most 2 entries']);
  });

  it('returns the array itself, as given, up to its limit', () => {
    const full = Array.from({ length: BATCH_ITEMS.max }, (_, i) => i);
    expect(batchList(full, 'ids')).toBe(full);
    const two = [{ id: 'é' }, { id: '%41' }];
    expect(batchList(two, 'items', 2)).toBe(two);
  });
});
