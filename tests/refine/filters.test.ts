/**
 * refine's filters through `getList` with a fake fetch: the query string each mapped operator sends, the operators
 * with no pagelope equivalent refused by name, and `and`/`or` filters written as OR groups or refused.
 */
import type { CrudFilter, CrudOperators } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { dataProvider } from 'pagelope/refine';
import { fakeFetch, json, pageOf } from '../client/fake-fetch';
import { rejectionOf } from '../support/rejection-of';

const BASE = 'http://api.test';

/** The query string (without `?`, `limit=10&page=1` cut off) that getList sends for `filters`. */
async function queryOf(filters: unknown): Promise<string> {
  const fake = fakeFetch(() => json(200, pageOf([], 1, 10, 0)));
  await dataProvider(BASE, { fetch: fake.fetch }).getList({ resource: 'users', filters: filters as CrudFilter[] });
  expect(fake.calls).toHaveLength(1);
  const url = fake.calls[0]!.url;
  expect(url.startsWith(`${BASE}/users?`)).toBe(true);
  return url.slice(`${BASE}/users?`.length).replace(/&?limit=10&page=1$/, '');
}

/** The error getList rejects with for `filters`, after checking that no request went out. */
async function refusalOf(filters: unknown): Promise<Error> {
  const fake = fakeFetch(() => json(200, pageOf([], 1, 10, 0)));
  const provider = dataProvider(BASE, { fetch: fake.fetch });
  const error = await rejectionOf(provider.getList({ resource: 'users', filters: filters as CrudFilter[] }));
  expect(fake.calls).toEqual([]);
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

const field = (name: string, operator: string, value: unknown) => ({ field: name, operator, value }) as CrudFilter;

describe('dataProvider getList filters', () => {
  it.each([
    { operator: 'eq', value: 'ann', query: 'username[eq]=ann' },
    { operator: 'ne', value: 'ann', query: 'username[ne]=ann' },
    { operator: 'eqs', value: 'Ann', query: 'username[eq]=Ann' },
    { operator: 'nes', value: 'Ann', query: 'username[ne]=Ann' },
    { operator: 'lt', value: 30, query: 'username[lt]=30' },
    { operator: 'gt', value: 30, query: 'username[gt]=30' },
    { operator: 'lte', value: '30', query: 'username[lte]=30' },
    { operator: 'gte', value: 30.5, query: 'username[gte]=30.5' },
    { operator: 'in', value: ['a', 'b'], query: 'username[in]=a&username[in]=b' },
    { operator: 'nin', value: ['a', 'b'], query: 'username[notin]=a&username[notin]=b' },
    { operator: 'between', value: [18, 65], query: 'username[between]=18&username[between]=65' },
    { operator: 'null', value: true, query: 'username[isnull]=true' },
    { operator: 'nnull', value: true, query: 'username[notnull]=true' },
    { operator: 'contains', value: 'An', query: 'username[contl]=An' },
    { operator: 'ncontains', value: 'An', query: 'username[excll]=An' },
    { operator: 'startswith', value: 'An', query: 'username[startsl]=An' },
    { operator: 'endswith', value: 'An', query: 'username[endsl]=An' },
    { operator: 'containss', value: 'An', query: 'username[cont]=An' },
    { operator: 'ncontainss', value: 'An', query: 'username[excl]=An' },
    { operator: 'startswiths', value: 'An', query: 'username[starts]=An' },
    { operator: 'endswiths', value: 'An', query: 'username[ends]=An' },
  ] satisfies { operator: CrudOperators; value: unknown; query: string }[])(
    'sends $operator as $query',
    async ({ operator, value, query }) => {
      expect(await queryOf([field('username', operator, value)])).toBe(query);
    },
  );

  it.each([
    {
      name: 'a Date as ISO 8601',
      value: new Date(Date.UTC(2024, 0, 2)),
      query: 'createdAt[gte]=2024-01-02T00%3A00%3A00.000Z',
    },
    { name: 'reserved characters percent-encoded', value: 'a&b=c #%+', query: 'createdAt[gte]=a%26b%3Dc%20%23%25%2B' },
    {
      name: 'Unicode as UTF-8',
      value: 'İstanbul ü 😀',
      query: `createdAt[gte]=${encodeURIComponent('İstanbul ü 😀')}`,
    },
    { name: 'a long string as it is', value: 'x'.repeat(1000), query: `createdAt[gte]=${'x'.repeat(1000)}` },
    { name: 'an empty string', value: '', query: 'createdAt[gte]=' },
  ])('sends $name', async ({ value, query }) => {
    expect(await queryOf([field('createdAt', 'gte', value)])).toBe(query);
  });

  it('sends every filter, ANDed, with the conditions of one field together', async () => {
    const filters = [field('age', 'gte', 18), field('status', 'in', ['active']), field('age', 'lt', 65)];
    expect(await queryOf(filters)).toBe('age[gte]=18&age[lt]=65&status[in]=active');
  });

  it.each([
    { name: 'value undefined', filters: [field('age', 'gte', undefined)] },
    { name: 'value null', filters: [field('age', 'gte', null)] },
    { name: 'an empty and', filters: [{ operator: 'and', value: [] }] },
    { name: 'an empty or', filters: [{ operator: 'or', value: [] }] },
    { name: 'no filters', filters: [] },
    { name: 'filters undefined', filters: undefined },
    {
      name: 'an or holding a filter without value',
      filters: [{ operator: 'or', value: [field('age', 'gte', undefined), field('age', 'lt', 5)] }],
    },
  ])('sends no condition for $name, as refine reads it', async ({ filters }) => {
    expect(await queryOf(filters)).toBe('');
  });

  it.each(['ina', 'nina', 'nbetween', 'nstartswith', 'nendswith', 'nstartswiths', 'nendswiths'])(
    'throws an Error naming %s, which has no pagelope equivalent, and sends nothing',
    async (operator) => {
      const error = await refusalOf([field('tags', operator, ['a'])]);
      expect(error.message).toBe(
        `pagelope/refine: the refine filter operator "${operator}" (field "tags") has no pagelope equivalent`,
      );
    },
  );

  it('throws naming an unsupported operator nested in an or, even when the others are fine', async () => {
    const error = await refusalOf([
      { operator: 'or', value: [field('age', 'gte', 1), field('name', 'nstartswith', 'a')] },
    ]);
    expect(error.message).toMatch(/"nstartswith" \(field "name"\) has no pagelope equivalent/);
  });

  it.each([
    { operator: 'like', message: '"like" (field "x") is not a refine filter operator' },
    { operator: '__proto__', message: '"__proto__" (field "x") is not a refine filter operator' },
    { operator: 'constructor', message: '"constructor" (field "x") is not a refine filter operator' },
    { operator: 'EQ', message: '"EQ" (field "x") is not a refine filter operator' },
    { operator: undefined, message: 'undefined (field "x") is not a refine filter operator' },
  ])('throws for the unknown operator $operator', async ({ operator, message }) => {
    expect((await refusalOf([field('x', operator as string, 1)])).message).toContain(message);
  });

  it.each([
    {
      name: 'in with an empty list',
      filters: [field('status', 'in', [])],
      message: /"in" on "status" has an empty list/,
    },
    { name: 'nin with one value', filters: [field('status', 'nin', 'a')], message: /"nin" on "status" needs an array/ },
    {
      name: 'between with three values',
      filters: [field('age', 'between', [1, 2, 3])],
      message: /needs two values, got 3/,
    },
    {
      name: 'null with false',
      filters: [field('age', 'null', false)],
      message: /"null" on "age" takes no false; use "nnull"/,
    },
    { name: 'nnull with false', filters: [field('age', 'nnull', false)], message: /use "null"/ },
    { name: 'a filter without field', filters: [{ operator: 'eq', value: 1 }], message: /filters\[0\] names no field/ },
    { name: 'an empty field', filters: [field('', 'eq', 1)], message: /filters\[0\] names no field/ },
    { name: 'a string as a filter', filters: ['age=1'], message: /filters\[0\] is not a refine filter/ },
    {
      name: 'filters that are no array',
      filters: { field: 'a', operator: 'eq', value: 1 },
      message: /filters must be an array/,
    },
    {
      name: 'an or whose value is no array',
      filters: [{ operator: 'or', value: field('a', 'eq', 1) }],
      message: /"or" filter filters\[0\] must be an array/,
    },
    {
      name: 'two values of one operator on one field',
      filters: [field('age', 'gte', 18), field('age', 'gte', 21)],
      message: /two "gte" conditions on "age" with different values in one group/,
    },
    {
      name: 'eq and eqs with different values on one field (both pagelope eq)',
      filters: [field('name', 'eq', 'a'), field('name', 'eqs', 'b')],
      message: /two "eqs" conditions on "name"/,
    },
  ])('throws a clear Error for $name', async ({ filters, message }) => {
    expect((await refusalOf(filters)).message).toMatch(message);
  });

  it('sends one condition for the same operator, field and value given twice', async () => {
    const date = () => new Date(Date.UTC(2024, 0, 1));
    const filters = [
      field('at', 'gte', date()),
      field('at', 'gte', date()),
      field('s', 'in', ['a']),
      field('s', 'in', ['a']),
    ];
    expect(await queryOf(filters)).toBe('at[gte]=2024-01-01T00%3A00%3A00.000Z&s[in]=a');
  });

  it.each(['__proto__', 'constructor', 'prototype', 'a[b]'])(
    'passes the field name %s to the client, which refuses it with a TypeError (no prototype is touched)',
    async (name) => {
      const error = await refusalOf([field(name, 'eq', 1)]);
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toContain(`cannot be written in the query grammar: got the field name "${name}"`);
      expect(({} as Record<string, unknown>)['eq']).toBeUndefined();
    },
  );
});

describe('dataProvider getList and/or filters', () => {
  const adult = field('age', 'gte', 18);
  const banned = field('status', 'eq', 'banned');
  const ann = field('username', 'contains', 'ann');

  it('sends a top-level or as OR groups, one per filter', async () => {
    expect(await queryOf([{ operator: 'or', value: [adult, banned] }])).toBe(
      'or[0][age][gte]=18&or[1][status][eq]=banned',
    );
  });

  it('sends an and inside an or as the conditions of one group', async () => {
    const filters = [{ operator: 'or', value: [{ operator: 'and', value: [adult, banned] }, ann] }];
    expect(await queryOf(filters)).toBe('or[0][age][gte]=18&or[0][status][eq]=banned&or[1][username][contl]=ann');
  });

  it('sends the other top-level filters inside every group (AND distributed over the OR)', async () => {
    const filters = [ann, { operator: 'or', value: [adult, banned] }];
    expect(await queryOf(filters)).toBe(
      'or[0][username][contl]=ann&or[0][age][gte]=18&or[1][username][contl]=ann&or[1][status][eq]=banned',
    );
  });

  it('sends two top-level ors (refine keys them) as every pair of their filters', async () => {
    const filters = [
      { key: 'a', operator: 'or', value: [adult, banned] },
      { key: 'b', operator: 'or', value: [ann, field('email', 'endswith', '.org')] },
    ];
    expect(await queryOf(filters)).toBe(
      [
        'or[0][age][gte]=18&or[0][username][contl]=ann',
        'or[1][age][gte]=18&or[1][email][endsl]=.org',
        'or[2][status][eq]=banned&or[2][username][contl]=ann',
        'or[3][status][eq]=banned&or[3][email][endsl]=.org',
      ].join('&'),
    );
  });

  it('sends an or inside an or as one flat list of groups', async () => {
    const filters = [{ operator: 'or', value: [adult, { operator: 'or', value: [banned, ann] }] }];
    expect(await queryOf(filters)).toBe('or[0][age][gte]=18&or[1][status][eq]=banned&or[2][username][contl]=ann');
  });

  it('sends a top-level and with a nested or as OR groups holding the and', async () => {
    const filters = [{ operator: 'and', value: [ann, { operator: 'or', value: [adult, banned] }] }];
    expect(await queryOf(filters)).toBe(
      'or[0][username][contl]=ann&or[0][age][gte]=18&or[1][username][contl]=ann&or[1][status][eq]=banned',
    );
  });

  it('sends an or of one filter, or of an and, as plain conditions', async () => {
    expect(await queryOf([{ operator: 'or', value: [adult] }])).toBe('age[gte]=18');
    expect(await queryOf([{ operator: 'or', value: [{ operator: 'and', value: [adult, banned] }] }])).toBe(
      'age[gte]=18&status[eq]=banned',
    );
  });

  it('sends no condition for an or one of whose filters matches everything', async () => {
    expect(await queryOf([banned, { operator: 'or', value: [adult, { operator: 'and', value: [] }] }])).toBe(
      'status[eq]=banned',
    );
  });

  it('sends 8 groups, the most the grammar takes', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => field('age', 'eq', i));
    const query = await queryOf([{ operator: 'or', value: eight }]);
    expect(query.split('&')).toHaveLength(8);
    expect(query).toContain('or[7][age][eq]=7');
  });

  it.each([
    {
      name: '9 filters in one or',
      filters: [{ operator: 'or', value: Array.from({ length: 9 }, (_, i) => field('age', 'eq', i)) }],
      groups: 9,
    },
    {
      name: 'two ors of 3 filters each (9 pairs)',
      filters: [0, 1].map(() => ({ operator: 'or', value: [adult, banned, ann] })),
      groups: 9,
    },
  ])('throws for $name: more than 8 OR groups', async ({ filters, groups }) => {
    expect((await refusalOf(filters)).message).toBe(
      `pagelope/refine: these filters need ${groups} OR groups once ANDs are distributed over ORs; pagelope's grammar takes at most 8`,
    );
  });

  it('throws before building an exponential number of groups', async () => {
    const filters = Array.from({ length: 40 }, (_, i) => ({
      operator: 'or',
      value: [field('a', 'eq', i), field('b', 'eq', i)],
    }));
    expect((await refusalOf(filters)).message).toMatch(/need more than 256 OR groups/);
  });

  it('throws for filters nested deeper than 16 levels, and reads 16', async () => {
    const nest = (depth: number): unknown => (depth === 0 ? adult : { operator: 'and', value: [nest(depth - 1)] });
    expect(await queryOf([nest(16)])).toBe('age[gte]=18');
    expect((await refusalOf([nest(17)])).message).toBe('pagelope/refine: filters nest more than 16 levels deep');
  });

  it('throws for two conditions of one operator on one field inside a group made by distribution', async () => {
    const filters = [field('age', 'gte', 30), { operator: 'or', value: [adult, banned] }];
    expect((await refusalOf(filters)).message).toMatch(/two "gte" conditions on "age"/);
  });
});
