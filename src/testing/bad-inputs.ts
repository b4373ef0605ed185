// Programmatic list inputs, searches and selections every repository must refuse with a 400.

/** Searches and selections that must be a 400 with a message per problem (on `searchableItems`). */
export const BAD_SEARCH_INPUTS: readonly { readonly name: string; readonly input: unknown }[] = [
  { name: 'an empty search', input: { search: '' } },
  { name: 'a search of 201 characters', input: { search: 'x'.repeat(201) } },
  { name: 'a search that is a number', input: { search: 42 } },
  { name: 'a search that is an array', input: { search: ['a'] } },
  { name: 'a search holding NUL', input: { search: 'a\u0000b' } },
  { name: 'a search and a bad limit', input: { search: 'a', limit: 0 } },
  { name: 'an empty selection', input: { select: [] } },
  { name: 'a selection of an unknown field', input: { select: ['nope'] } },
  { name: 'a selection naming a field twice', input: { select: ['name', 'name'] } },
  { name: 'a selection that is text', input: { select: 'name' } },
  { name: 'a selection holding a number', input: { select: [42] } },
  { name: 'a selection of __proto__', input: { select: ['__proto__'] } },
  { name: 'a selection of constructor', input: { select: ['constructor'] } },
  { name: 'a selection of a field in capitals', input: { select: ['NAME'] } },
];

/** Programmatic inputs that must be a 400 with a message per problem. */
export const BAD_LIST_INPUTS: readonly { readonly name: string; readonly input: unknown }[] = [
  { name: 'limit 0', input: { limit: 0 } },
  { name: 'negative limit', input: { limit: -1 } },
  { name: 'fractional limit', input: { limit: 1.5 } },
  { name: 'NaN limit', input: { limit: Number.NaN } },
  { name: 'Infinity limit', input: { limit: Number.POSITIVE_INFINITY } },
  { name: 'text limit', input: { limit: '10' } },
  { name: 'page 0', input: { page: 0 } },
  { name: 'fractional page', input: { page: 2.5 } },
  { name: 'text page', input: { page: '2' } },
  { name: 'unknown option', input: { offset: 3 } },
  { name: 'unknown field', input: { where: { nope: 1 } } },
  { name: '__proto__ field', input: { where: JSON.parse('{"__proto__":{"eq":1}}') as unknown } },
  { name: 'constructor field', input: { where: { constructor: 'x' } } },
  { name: 'prototype field', input: { where: { prototype: 'x' } } },
  { name: 'unknown operator', input: { where: { age: { like: 3 } } } },
  { name: '__proto__ operator', input: { where: { age: JSON.parse('{"__proto__":3}') as unknown } } },
  { name: 'operator that does not fit a number', input: { where: { age: { cont: '3' } } } },
  { name: 'operator that does not fit a string', input: { where: { name: { gt: 'a' } } } },
  { name: 'operator that does not fit a boolean', input: { where: { active: { lt: true } } } },
  { name: 'isnull on a required field', input: { where: { name: null } } },
  { name: 'isnull with false', input: { where: { nick: { isnull: false } } } },
  { name: 'number field given text', input: { where: { age: 'x' } } },
  { name: 'number field given NaN', input: { where: { age: { gt: Number.NaN } } } },
  { name: 'boolean field given text', input: { where: { active: 'true' } } },
  { name: 'enum field given another value', input: { where: { status: 'deleted' } } },
  { name: 'date field given a non-date', input: { where: { createdAt: { gt: 'yesterday' } } } },
  { name: 'date field given an invalid Date', input: { where: { createdAt: new Date(Number.NaN) } } },
  { name: 'between with one value', input: { where: { age: { between: [1] } } } },
  { name: 'between with three values', input: { where: { age: { between: [1, 2, 3] } } } },
  { name: 'between not given an array', input: { where: { age: { between: 3 } } } },
  { name: 'in with no values', input: { where: { age: { in: [] } } } },
  { name: 'in with 101 values', input: { where: { age: { in: Array.from({ length: 101 }, (_, i) => i) } } } },
  { name: 'an empty OR', input: { where: [] } },
  { name: 'a where that is not an object', input: { where: 'age=3' } },
  { name: 'a nested array where', input: { where: [[{ age: 3 }]] } },
  { name: 'a value of NUL', input: { where: { name: 'a\u0000b' } } },
  { name: 'a 10 KB value', input: { where: { name: { cont: 'x'.repeat(10_240) } } } },
  { name: 'orderBy on an unknown field', input: { orderBy: [{ field: 'nope', direction: 'asc' }] } },
  { name: 'orderBy on __proto__', input: { orderBy: [{ field: '__proto__', direction: 'asc' }] } },
  { name: 'orderBy with a bad direction', input: { orderBy: [{ field: 'age', direction: 'up' }] } },
  { name: 'orderBy with DESC in capitals', input: { orderBy: [{ field: 'age', direction: 'DESC' }] } },
  {
    name: 'orderBy naming a field twice',
    input: {
      orderBy: [
        { field: 'age', direction: 'asc' },
        { field: 'age', direction: 'desc' },
      ],
    },
  },
  { name: 'orderBy that is not an array', input: { orderBy: 'age' } },
];

/** The message of the 400 for a cursor reused with another filter, order, search or scope. */
export const CURSOR_MISMATCH_MESSAGE: readonly string[] = ['cursor was issued for another filter or order'];
