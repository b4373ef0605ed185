/**
 * The SQL of a search: one `lower(...) LIKE $n ESCAPE '\'` per searchable field on one parameter, the needle escaped
 * and wrapped in `%`, the expression the trigram indexes of createTableSql are built on; ANDed with the filter.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { compileFilter, compileSearch } from '../../src/postgres/sql-context';
import { lowerText } from '../../src/postgres/lower-text';
import { plainContext } from './plain-context';
import type { SearchTerm } from '../../src/query/model/normalized-query';
import type { SqlContext } from '../../src/postgres/sql-context';

const people = defineResource({
  name: 'people',
  schema: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), age: z.number() }),
  filterable: ['age'],
  searchable: ['name', 'email'],
});

const contextOf = (): SqlContext => plainContext(people.fields, ['name']);
const term = (text: string, fields: readonly string[] = ['name', 'email']): SearchTerm => ({
  text,
  needle: text.toLowerCase(),
  fields,
});
const NAME = `lower(replace("name" COLLATE "default", 'İ', 'i̇')) LIKE $1 ESCAPE '\\'`;
const EMAIL = `lower(replace("email" COLLATE "default", 'İ', 'i̇')) LIKE $1 ESCAPE '\\'`;

describe('compileSearch', () => {
  it.each([
    { text: 'Ann', pattern: '%ann%' },
    { text: '100%', pattern: '%100\\%%' },
    { text: 'snake_case', pattern: '%snake\\_case%' },
    { text: 'back\\slash', pattern: '%back\\\\slash%' },
    { text: "O'Brien", pattern: "%o'brien%" },
    { text: "'; DROP TABLE people; --", pattern: "%'; drop table people; --%" },
    { text: "' OR '1'='1", pattern: "%' or '1'='1%" },
    { text: '$1', pattern: '%$1%' },
    { text: '__proto__', pattern: '%\\_\\_proto\\_\\_%' },
    { text: 'İSTANBUL', pattern: '%i̇stanbul%' },
    { text: 'ÉTÉ 😀', pattern: '%été 😀%' },
    { text: '%25', pattern: '%\\%25%' },
    { text: 'x'.repeat(200), pattern: `%${'x'.repeat(200)}%` },
  ])('returns one LIKE per field on one parameter $pattern for $text', ({ text, pattern }) => {
    const context = contextOf();
    expect(compileSearch(term(text), context)).toBe(`(${NAME} OR ${EMAIL})`);
    expect(context.params.values).toEqual([pattern]);
  });

  it('returns the expression the trigram indexes are built on, lower-cased without COLLATE "C"', () => {
    const sql = compileSearch(term('a'), contextOf());
    expect(sql).toContain(`${lowerText('"name"')} LIKE`);
    expect(sql).not.toContain('COLLATE "C"');
    expect(sql).not.toContain('ILIKE');
  });

  it('returns FALSE for a search over no fields', () => {
    expect(compileSearch(term('a', []), contextOf())).toBe('FALSE');
  });
});

describe('compileFilter', () => {
  const age = { field: 'age', op: 'gt' as const, value: 3, def: people.fields.get('age')! };

  it.each([
    { name: 'no search', groups: [[age]], search: null, sql: '"age" > $1', values: [3] },
    { name: 'a search alone', groups: [[]], search: term('a'), sql: `(${NAME} OR ${EMAIL})`, values: ['%a%'] },
    {
      name: 'a search and a filter',
      groups: [[age]],
      search: term('a'),
      sql: `("age" > $1) AND (${NAME.replaceAll('$1', '$2')} OR ${EMAIL.replaceAll('$1', '$2')})`,
      values: [3, '%a%'],
    },
    {
      name: 'a search and OR groups',
      groups: [[age], [{ ...age, op: 'lt' as const, value: 1 }]],
      search: term('b'),
      sql: `(("age" > $1) OR ("age" < $2)) AND (${NAME.replaceAll('$1', '$3')} OR ${EMAIL.replaceAll('$1', '$3')})`,
      values: [3, 1, '%b%'],
    },
  ])('returns the filter ANDed with the search for $name', ({ groups, search, sql, values }) => {
    const context = contextOf();
    expect(compileFilter({ groups, search }, context)).toBe(sql);
    expect(context.params.values).toEqual(values);
  });
});
