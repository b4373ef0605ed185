import { describe, expect, it } from 'vitest';
import type { Condition, ConditionGroups, RelationCondition } from 'pagelope/kit';
import { compileRelation, type SqlRelationSource } from '../../src/sql/index';

/** A related table `r` whose where writes each condition's field and op, `undefined` when `unsaid` holds. */
function sourceOf(scope: ConditionGroups = [[]], unsaid: (groups: ConditionGroups) => boolean = () => false) {
  return {
    dialect: { always: '1 = 1' },
    from: 'r',
    link: () => 'r.id = p.rid',
    scope,
    where: (groups) =>
      unsaid(groups)
        ? undefined
        : groups.length === 0
          ? '1 = 0'
          : groups
              .map((group) => group.map((c) => ('op' in c ? `${c.field} ${c.op}` : 'x')).join(' AND ') || '1 = 1')
              .join(' OR '),
  } satisfies SqlRelationSource;
}

const cond = (field: string, op: Condition['op']): Condition => ({ field, op, value: 'v' }) as unknown as Condition;
const term = (kind: 'one' | 'many', conditions: readonly Condition[], match?: 'any' | 'all' | 'none') =>
  ({ relation: 'r', kind, match, conditions }) as unknown as RelationCondition;

describe('compileRelation', () => {
  it.each([
    {
      name: 'to-one',
      term: term('one', [cond('a', 'eq')]),
      sql: 'EXISTS (SELECT 1 FROM r WHERE r.id = p.rid AND (a eq))',
    },
    {
      name: 'to-one an absent record meets',
      term: term('one', [cond('a', 'isnull')]),
      sql: 'EXISTS (SELECT 1 FROM r WHERE r.id = p.rid AND (a isnull)) OR NOT EXISTS (SELECT 1 FROM r WHERE r.id = p.rid)',
    },
    {
      name: 'any',
      term: term('many', [cond('a', 'eq')], 'any'),
      sql: 'EXISTS (SELECT 1 FROM r WHERE r.id = p.rid AND (a eq))',
    },
    {
      name: 'none',
      term: term('many', [cond('a', 'eq')], 'none'),
      sql: 'NOT EXISTS (SELECT 1 FROM r WHERE r.id = p.rid AND (a eq))',
    },
    { name: 'all of none', term: term('many', [], 'all'), sql: 'EXISTS (SELECT 1 FROM r WHERE r.id = p.rid)' },
    {
      name: 'all',
      term: term('many', [cond('a', 'eq')], 'all'),
      sql:
        'EXISTS (SELECT 1 FROM r WHERE r.id = p.rid) AND ' +
        'NOT EXISTS (SELECT 1 FROM r WHERE r.id = p.rid AND (a eq) IS NOT TRUE)',
    },
  ])('returns the subqueries of $name', ({ term, sql }) => {
    expect(compileRelation(term, sourceOf())).toBe(sql);
  });

  it('puts the related scope in every subquery, an impossible one as it is', () => {
    expect(compileRelation(term('many', [], 'all'), sourceOf([[cond('s', 'eq')]]))).toBe(
      'EXISTS (SELECT 1 FROM r WHERE r.id = p.rid AND (s eq))',
    );
    expect(compileRelation(term('many', [], 'all'), sourceOf([]))).toBe(
      'EXISTS (SELECT 1 FROM r WHERE r.id = p.rid AND (1 = 0))',
    );
  });

  const firstField = (groups: ConditionGroups) => {
    const first = groups[0]?.[0];
    return first && 'field' in first ? first.field : undefined;
  };

  it.each([
    { name: 'scope', unsaid: (groups: ConditionGroups) => firstField(groups) === 's' },
    { name: 'conditions', unsaid: (groups: ConditionGroups) => firstField(groups) === 'a' },
  ])('returns undefined when the source cannot say the $name', ({ unsaid }) => {
    for (const match of ['any', 'all', 'none'] as const)
      expect(
        compileRelation(term('many', [cond('a', 'eq')], match), sourceOf([[cond('s', 'eq')]], unsaid)),
      ).toBeUndefined();
    expect(compileRelation(term('one', [cond('a', 'isnull')]), sourceOf([[cond('s', 'eq')]], unsaid))).toBeUndefined();
  });
});
