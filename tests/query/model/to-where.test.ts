import { describe, expect, it } from 'vitest';
import { normalizeInput } from '../../../src/query/model/normalize-input';
import type { Condition } from '../../../src/query/model/normalized-query';
import { toWhere } from '../../../src/query/model/to-where';
import type { Resource } from '../../../src/index';
import { prototypeSnapshot, users } from '../fixtures';

const resource = users as unknown as Resource;

/** A condition on a field of the users fixture (`def` is that field's). */
function on(field: string, op: string, value: unknown): Condition {
  const def = resource.fields.get(field);
  if (!def) throw new Error(`${field} is a field`);
  return { field, op, value, def } as Condition;
}

describe('toWhere', () => {
  it.each<{ name: string; groups: Condition[][]; expected: unknown }>([
    { name: 'one empty group', groups: [[]], expected: {} },
    { name: 'no groups', groups: [], expected: [] },
    { name: 'one condition', groups: [[on('age', 'gte', 18)]], expected: { age: { gte: 18 } } },
    {
      name: 'two operators on one field',
      groups: [[on('age', 'gte', 18), on('age', 'lt', 65)]],
      expected: { age: { gte: 18, lt: 65 } },
    },
    {
      name: 'a field repeated after another (an OR group adding to the top-level conditions)',
      groups: [[on('age', 'gte', 18), on('username', 'eq', 'ann'), on('age', 'lt', 65)]],
      expected: { age: { gte: 18, lt: 65 }, username: { eq: 'ann' } },
    },
    {
      name: 'an operator twice (the last value wins)',
      groups: [[on('age', 'gt', 1), on('age', 'gt', 2)]],
      expected: { age: { gt: 2 } },
    },
    {
      name: 'several groups',
      groups: [[on('age', 'gt', 1)], [on('age', 'lt', 0)]],
      expected: [{ age: { gt: 1 } }, { age: { lt: 0 } }],
    },
    { name: 'an empty string value', groups: [[on('username', 'eq', '')]], expected: { username: { eq: '' } } },
    {
      name: 'a value named like an unsafe key',
      groups: [[on('username', 'eq', '__proto__'), on('role', 'in', ['constructor'])]],
      expected: { username: { eq: '__proto__' }, role: { in: ['constructor'] } },
    },
    {
      name: 'a Unicode and a long value',
      groups: [[on('username', 'contl', 'é😀'), on('email', 'eq', 'a'.repeat(1000))]],
      expected: { username: { contl: 'é😀' }, email: { eq: 'a'.repeat(1000) } },
    },
    {
      name: 'isnull without an operand',
      groups: [[on('deletedAt', 'isnull', true)]],
      expected: { deletedAt: { isnull: true } },
    },
  ])('returns the where of $name', ({ groups, expected }) => {
    const before = prototypeSnapshot();
    expect(toWhere(groups)).toStrictEqual(expected);
    expect(prototypeSnapshot()).toStrictEqual(before);
  });

  it('returns frozen clauses, operator objects and OR arrays', () => {
    const one = toWhere([[on('age', 'gte', 18)]]) as Record<string, object>;
    expect(Object.isFrozen(one)).toBe(true);
    expect(Object.isFrozen(one['age'])).toBe(true);
    const many = toWhere([[on('age', 'gt', 1)], [on('username', 'eq', 'a')]]) as Record<string, object>[];
    expect(Object.isFrozen(many)).toBe(true);
    for (const clause of many) {
      expect(Object.isFrozen(clause)).toBe(true);
      for (const ops of Object.values(clause)) expect(Object.isFrozen(ops)).toBe(true);
    }
  });

  it('returns a where that normalizes back to the same groups', () => {
    const input = { where: [{ age: { gte: 18, lt: 65 }, role: { in: ['admin', 'guest'] } }, { username: 'ann' }] };
    const { groups } = normalizeInput(input, resource, 'page');
    expect(normalizeInput({ where: toWhere(groups) }, resource, 'page').groups).toStrictEqual(groups);
  });
});
