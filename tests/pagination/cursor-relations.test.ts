import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/pagination/index';
import type { OrderTerm } from '../../src/index';
import { bookResource } from '../query/relations-fixtures';

const FINGERPRINT = 'fp';
const asc = (field: string): OrderTerm => ({ field, direction: 'asc' });

describe('decodeCursor (relation order terms)', () => {
  it.each<{ name: string; order: OrderTerm[]; values: unknown[] }>([
    { name: 'a related string', order: [asc('author.fullName'), asc('id')], values: ['Ann Lee', 'b1'] },
    {
      name: 'a null related string (no related record)',
      order: [asc('author.fullName'), asc('id')],
      values: [null, 'b3'],
    },
    { name: 'a related number', order: [asc('author.born'), asc('id')], values: [1950, 'b1'] },
    {
      name: 'a null value of another to-one relation',
      order: [asc('editor.born'), asc('title'), asc('id')],
      values: [null, 'Beta', 'b2'],
    },
  ])('returns the values of $name', ({ order, values }) => {
    const decoded = decodeCursor(encodeCursor(values, FINGERPRINT), order, bookResource, FINGERPRINT);
    expect(decoded).toStrictEqual({ ok: true, values, scopeTag: null });
  });

  it.each<{ name: string; order: OrderTerm[]; values: unknown[] }>([
    {
      name: 'a number where the related field is a string',
      order: [asc('author.fullName'), asc('id')],
      values: [5, 'b1'],
    },
    {
      name: 'a string where the related field is a number',
      order: [asc('author.born'), asc('id')],
      values: ['1950', 'b1'],
    },
    { name: 'a path of an unknown relation', order: [asc('nope.x'), asc('id')], values: ['x', 'b1'] },
    { name: 'a path of a to-many relation', order: [asc('reviews.rating'), asc('id')], values: [5, 'b1'] },
    { name: 'two hops', order: [asc('author.publisher.name'), asc('id')], values: ['x', 'b1'] },
    { name: 'a __proto__ path', order: [asc('__proto__.x'), asc('id')], values: ['x', 'b1'] },
    { name: 'an object as a related value', order: [asc('author.fullName'), asc('id')], values: [{ a: 1 }, 'b1'] },
  ])('returns malformed for $name', ({ order, values }) => {
    const decoded = decodeCursor(encodeCursor(values, FINGERPRINT), order, bookResource, FINGERPRINT);
    expect(decoded).toStrictEqual({ ok: false, reason: 'cursor is malformed' });
  });
});
