import { describe, expect, it } from 'vitest';
import type { ListInput, OrderTerm, Resource } from '../../../src/index';
import { compileComparator, compileQueryPredicate } from '../../../src/query/evaluate/index';
import { normalizeInput } from '../../../src/query/model/index';
import { users } from '../fixtures';

/** The internal normalizer takes the untyped resource. */
const resource = users as unknown as Resource;

const at = (day: number): Date => new Date(Date.UTC(2024, 0, day));

/** Four records of the fixture's users, with the fields the rows below read (`nickname` absent from all). */
const RECORDS: readonly Readonly<Record<string, unknown>>[] = [
  { id: 'a', username: 'Ann', age: 17, role: 'admin', deletedAt: null, createdAt: at(1) },
  { id: 'b', username: 'bob', age: 30, role: 'member', deletedAt: at(40), createdAt: at(2) },
  { id: 'c', username: 'Ébé', age: 45, role: 'guest', deletedAt: null, createdAt: at(3) },
  { id: 'd', username: '__proto__', age: 30, role: 'member', createdAt: at(3) },
];

const idsWhere = (input: ListInput): string[] => {
  const matches = compileQueryPredicate(normalizeInput(input, resource, 'page'));
  return RECORDS.filter(matches).map((record) => record.id as string);
};

describe('compileQueryPredicate', () => {
  it.each([
    { label: 'no filter', input: {}, ids: ['a', 'b', 'c', 'd'] },
    { label: 'a range', input: { where: { age: { gte: 30 } } }, ids: ['b', 'c', 'd'] },
    { label: 'an inclusive between', input: { where: { age: { between: [17, 30] } } }, ids: ['a', 'b', 'd'] },
    { label: 'case-insensitive text, Unicode', input: { where: { username: { contl: 'B' } } }, ids: ['b', 'c'] },
    { label: 'a negated operator', input: { where: { username: { ne: 'bob' } } }, ids: ['a', 'c', 'd'] },
    { label: 'null, missing included', input: { where: { deletedAt: null } }, ids: ['a', 'c', 'd'] },
    { label: 'notnull', input: { where: { deletedAt: { notnull: true } } }, ids: ['b'] },
    { label: 'a negated operator on missing values', input: { where: { nickname: { ne: 'x' } } }, ids: [] },
    { label: 'a date', input: { where: { createdAt: { gte: at(3) } } }, ids: ['c', 'd'] },
    { label: 'the value __proto__', input: { where: { username: '__proto__' } }, ids: ['d'] },
    { label: 'an OR of clauses', input: { where: [{ age: 17 }, { role: 'guest' }] }, ids: ['a', 'c'] },
    { label: 'an in-list', input: { where: { role: { in: ['guest', 'admin'] } } }, ids: ['a', 'c'] },
  ] as const)('returns the records of $label', ({ input, ids }) => {
    expect(idsWhere(input as ListInput)).toStrictEqual(ids);
  });
});

describe('compileComparator', () => {
  it.each([
    {
      label: 'a number, then the id descending',
      order: [
        { field: 'age', direction: 'asc' },
        { field: 'id', direction: 'desc' },
      ],
      ids: ['a', 'd', 'b', 'c'],
    },
    {
      label: 'nulls and missing values last ascending',
      order: [{ field: 'deletedAt', direction: 'asc' }],
      ids: ['b', 'a', 'c', 'd'],
    },
    {
      label: 'nulls and missing values first descending',
      order: [{ field: 'deletedAt', direction: 'desc' }],
      ids: ['a', 'c', 'd', 'b'],
    },
    {
      label: 'text by code point (capitals, _ and É apart)',
      order: [{ field: 'username', direction: 'asc' }],
      ids: ['a', 'd', 'b', 'c'],
    },
    {
      label: 'dates, ties kept in input order',
      order: [{ field: 'createdAt', direction: 'desc' }],
      ids: ['c', 'd', 'b', 'a'],
    },
  ] as const)('returns the order of $label', ({ order, ids }) => {
    const compare = compileComparator(order as readonly OrderTerm[], users.fields);
    expect([...RECORDS].sort(compare).map((record) => record.id)).toStrictEqual(ids);
  });
});
