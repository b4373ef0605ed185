import { describe, expect, it } from 'vitest';
import type { Condition, ConditionGroups, RelationCondition } from 'pagelope/kit';
import { compileFilter, compileWhere, inList, type SqlFilterSource, type SqlList } from '../../src/sql/index';

interface Options {
  readonly folds?: boolean;
  readonly matches?: boolean;
  readonly relation?: string | undefined;
}

/** A positional dialect whose text test is `instr`, over a statement that records what it binds. */
function sourceOf({ folds = true, matches = true, relation }: Options = {}): SqlFilterSource & {
  readonly values: unknown[];
} {
  const values: unknown[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return '?';
  };
  const dialect = {
    never: '1 = 0',
    always: '1 = 1',
    textMatch: (_mode: string, expression: () => string, needle: string, bind: (value: string) => string) =>
      `instr(${expression()}, ${bind(needle)}) > 0`,
  };
  return {
    values,
    dialect,
    column: (field) => `"${field}"`,
    equal: (field) => `eq("${field}")`,
    ordered: (field) => `ord("${field}")`,
    text: (field) => `txt("${field}")`,
    folded: folds ? (field) => `lower("${field}")` : undefined,
    matchesText: () => matches,
    bind: (_field, value) => add(value),
    bindList: (_field, items): SqlList => ({ items: items.map(add) }),
    add,
    relation: () => relation,
    search: { dialect, folds: () => folds, folded: (field) => `lower("${field}")`, add },
  };
}

const on = (op: Condition['op'], value: unknown, field = 'name'): Condition =>
  ({ field, op, value }) as unknown as Condition;
const related = { relation: 'author', groups: [] } as unknown as RelationCondition;

describe('inList', () => {
  it.each([
    { list: { items: ['?', '?'] }, negated: false, sql: 'x IN (?, ?)' },
    { list: { items: ['?'] }, negated: true, sql: 'x NOT IN (?)' },
    { list: { items: [] }, negated: false, sql: '1 = 0' },
    { list: { items: [] }, negated: true, sql: 'x IS NOT NULL' },
    { list: { array: '$1::uuid[]' }, negated: false, sql: 'x = ANY($1::uuid[])' },
    { list: { array: '$1' }, negated: true, sql: 'x <> ALL($1)' },
  ])('returns $sql (negated: $negated)', ({ list, negated, sql }) => {
    expect(inList('x', list, negated)).toBe(sql);
  });
});

describe('compileWhere', () => {
  it.each<{ name: string; groups: ConditionGroups; sql: string; values: unknown[] }>([
    { name: 'no group', groups: [], sql: '1 = 0', values: [] },
    { name: 'an empty group', groups: [[]], sql: '1 = 1', values: [] },
    { name: 'eq', groups: [[on('eq', 'a')]], sql: 'eq("name") = ?', values: ['a'] },
    {
      name: 'a range and a list',
      groups: [[on('between', [1, 2]), on('notin', ['x', 'y'])]],
      sql: 'ord("name") BETWEEN ? AND ? AND eq("name") NOT IN (?, ?)',
      values: [1, 2, 'x', 'y'],
    },
    { name: 'isnull', groups: [[on('isnull', true)]], sql: '"name" IS NULL', values: [] },
    { name: 'excl', groups: [[on('excl', 'a')]], sql: 'NOT (instr(txt("name"), ?) > 0)', values: ['a'] },
    { name: 'nel', groups: [[on('nel', 'a')]], sql: 'lower("name") <> ?', values: ['a'] },
    { name: 'inl', groups: [[on('inl', ['a', 'b'])]], sql: 'lower("name") IN (?, ?)', values: ['a', 'b'] },
    {
      name: 'two groups',
      groups: [[on('eq', 1)], [on('gt', 2), on('starts', 'b')]],
      sql: '(eq("name") = ?) OR (ord("name") > ? AND instr(txt("name"), ?) > 0)',
      values: [1, 2, 'b'],
    },
  ])('returns the SQL of $name', ({ groups, sql, values }) => {
    const source = sourceOf();
    expect(compileWhere(groups, source)).toBe(sql);
    expect(source.values).toEqual(values);
  });

  it('wraps a relation term the source says', () => {
    expect(compileWhere([[on('eq', 1), related]], sourceOf({ relation: 'EXISTS (x)' }))).toBe(
      'eq("name") = ? AND (EXISTS (x))',
    );
  });

  it.each([
    { name: 'a relation term the source cannot say', term: related, options: {} },
    { name: 'a text operator the column cannot match', term: on('cont', 'a'), options: { matches: false } },
    { name: 'a case-insensitive operator without folding', term: on('contl', 'a'), options: { folds: false } },
  ])('returns undefined for $name', ({ term, options }) => {
    expect(compileWhere([[term]], sourceOf(options))).toBeUndefined();
  });

  it('matches text without folding when the source cannot fold', () => {
    expect(compileWhere([[on('cont', 'a')]], sourceOf({ folds: false }))).toBe('instr(txt("name"), ?) > 0');
  });
});

describe('compileFilter', () => {
  const search = { text: 'A', needle: 'a', fields: ['name'] };

  it.each([
    { name: 'a search alone', groups: [[]], sql: '(instr(lower("name"), ?) > 0)' },
    {
      name: 'a search and a filter',
      groups: [[on('eq', 1)]],
      sql: '(eq("name") = ?) AND (instr(lower("name"), ?) > 0)',
    },
  ])('returns $name', ({ groups, sql }) => {
    expect(compileFilter({ groups, search }, sourceOf())).toBe(sql);
  });

  it('returns undefined for a search the source cannot fold', () => {
    expect(compileFilter({ groups: [[]], search }, sourceOf({ folds: false }))).toBeUndefined();
  });
});
