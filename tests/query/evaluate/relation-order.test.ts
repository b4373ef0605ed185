import { describe, expect, it } from 'vitest';
import { compileAfterCursor, compileComparator, type NormalizedQuery } from '../../../src/query/index';
import type { OrderTerm } from '../../../src/index';

type Row = Readonly<Record<string, unknown>>;

/** Books as a repository hands them to the reference: each row carries its author's name under the path key. */
const ROWS: readonly Row[] = [
  { id: 'b1', 'author.fullName': 'Cy Young' },
  { id: 'b2', 'author.fullName': null },
  { id: 'b3', 'author.fullName': 'Ann Lee' },
  { id: 'b4' },
  { id: 'b5', 'author.fullName': 'Ann Lee' },
];

const order = (direction: 'asc' | 'desc'): OrderTerm[] => [
  { field: 'author.fullName', direction },
  { field: 'id', direction: 'asc' },
];

describe('compileComparator (relation paths)', () => {
  it.each<{ direction: 'asc' | 'desc'; ids: string[] }>([
    { direction: 'asc', ids: ['b3', 'b5', 'b1', 'b2', 'b4'] },
    { direction: 'desc', ids: ['b2', 'b4', 'b1', 'b3', 'b5'] },
  ])('returns the $direction order of the path values, absent ones as null', ({ direction, ids }) => {
    const kinds = new Map([['author.fullName', { kind: 'string' }]]);
    for (const compare of [compileComparator(order(direction)), compileComparator(order(direction), kinds)]) {
      expect([...ROWS].sort(compare).map((row) => row.id)).toStrictEqual(ids);
    }
  });
});

describe('compileAfterCursor (relation paths)', () => {
  const query = (after: unknown[], direction: 'asc' | 'desc'): NormalizedQuery => ({
    page: 1,
    limit: 2,
    groups: [[]],
    order: order(direction),
    after,
  });

  it.each<{ name: string; after: unknown[]; direction: 'asc' | 'desc'; ids: string[] }>([
    { name: 'a related value', after: ['Ann Lee', 'b3'], direction: 'asc', ids: ['b5', 'b1', 'b2', 'b4'] },
    { name: 'a null related value, ascending', after: [null, 'b2'], direction: 'asc', ids: ['b4'] },
    { name: 'a null related value, descending', after: [null, 'b4'], direction: 'desc', ids: ['b1', 'b3', 'b5'] },
  ])('returns the rows after $name', ({ after, direction, ids }) => {
    const test = compileAfterCursor(query(after, direction));
    const sorted = [...ROWS].sort(compileComparator(order(direction)));
    expect(sorted.filter(test).map((row) => row.id)).toStrictEqual(ids);
  });
});
