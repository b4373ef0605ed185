import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListQuery, type ListQuery } from '../../../src/index';
import { readQuery } from '../../../src/query/parse/read-query';
import { badRequestOf, users } from '../fixtures';

type Param = readonly [name: string, sub: string | undefined, value: string];

/** The parameters `readQuery` hands over for `query`, in order. */
function paramsOf(query: unknown): Param[] {
  const params: Param[] = [];
  readQuery(query, {
    param: (name, sub, value) => params.push([name, sub, value]),
    groupParam: (group, field, sub, value) => params.push([`or[${group}][${field}]`, sub, value]),
  });
  return params;
}

const ignore = { param: () => undefined, groupParam: () => undefined };

/** The outcome of parsing `query`: the query, or the 400's messages. */
function outcomeOf(query: unknown): ListQuery | readonly string[] {
  try {
    return parseListQuery(query, users) as ListQuery;
  } catch (error) {
    return badRequestOf(() => {
      throw error;
    }).message as readonly string[];
  }
}

describe('readQuery', () => {
  it.each([
    {
      name: 'plain text',
      text: 'limit=5&age[gte]=18',
      params: [
        ['limit', undefined, '5'],
        ['age', 'gte', '18'],
      ],
    },
    { name: 'a leading ?', text: '?page=2', params: [['page', undefined, '2']] },
    { name: 'a key without =', text: 'deletedAt[isnull]', params: [['deletedAt', 'isnull', '']] },
    { name: 'a second = in the value', text: 'a=b=c', params: [['a', undefined, 'b=c']] },
    { name: 'empty parameters', text: '&&limit=5&', params: [['limit', undefined, '5']] },
    { name: 'an empty sub', text: 'age[]=1', params: [['age', '', '1']] },
    { name: 'encoded brackets', text: 'age%5Bgte%5D=18', params: [['age', 'gte', '18']] },
    { name: 'a + in the value', text: 'username[eq]=a+b', params: [['username', 'eq', 'a b']] },
    { name: 'Unicode', text: 'username[eq]=%C3%A9%F0%9F%98%80', params: [['username', 'eq', 'é😀']] },
    { name: 'an empty text', text: '', params: [] },
  ])('calls the sink with each parameter of $name', ({ text, params }) => {
    expect(paramsOf(text)).toStrictEqual(params);
  });

  it.each([
    { name: 'a second [', text: 'age[g[te]=1', message: 'unknown parameter "age[g[te]"' },
    { name: 'a ] before [', text: 'a]b[c]=1', message: 'unknown parameter "a]b[c]"' },
    { name: 'an unclosed [', text: 'age[gte=1', message: 'unknown parameter "age[gte"' },
    { name: 'text after ]', text: 'age[gte]x=1', message: 'unknown parameter "age[gte]x"' },
    { name: 'an empty name', text: '[gte]=1', message: 'unknown parameter "[gte]"' },
    { name: 'an empty key', text: '=1', message: 'unknown parameter ""' },
    { name: 'a __proto__ sub', text: 'age[__proto__]=1', message: 'parameter "age[__proto__]" is not allowed' },
    { name: 'an encoded constructor', text: 'constructo%72=1', message: 'parameter "constructor" is not allowed' },
    {
      name: 'invalid UTF-8',
      text: 'username[eq]=%C3%28',
      message: 'malformed percent-encoding in the query string near "%C3%28"',
    },
  ])('throws a 400 for $name', ({ text, message }) => {
    expect(badRequestOf(() => readQuery(text, ignore)).message).toStrictEqual([message]);
  });

  it('throws a 400 for a sparse array, whose holes are not strings', () => {
    const error = badRequestOf(() => readQuery({ limit: [, '1'] }, ignore));
    expect(error.message).toStrictEqual(['"limit" must be a string or a list of strings']);
  });

  it('reads percent-encoded text as the same parameters as its plain form', () => {
    const char = fc.constantFrom('a', 'g', 'e', '[', ']', '=', '&', '1', 'é', '_');
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 30 }).map((chars) => chars.join('')),
        (text) => {
          // Encoding every character but `&` and `=` keeps the structure and forces the decoding path.
          const encoded = [...text].map((c) => (c === '&' || c === '=' ? c : encodeURIComponent(c))).join('');
          expect(outcomeOf(encoded)).toStrictEqual(outcomeOf(text));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('parseListQuery, error path', () => {
  it('leaves Error.stackTraceLimit as it found it', () => {
    const before = Error.stackTraceLimit;
    badRequestOf(() => parseListQuery('limit=0', users));
    expect(Error.stackTraceLimit).toBe(before);
  });
});

describe('readQuery OR-group keys', () => {
  it.each([
    { name: 'a raw string', query: 'or[0][age][gte]=18&or[1][status][eq]=active' },
    { name: 'a percent-encoded string', query: 'or%5B0%5D%5Bage%5D%5Bgte%5D=18&or%5B1%5D%5Bstatus%5D%5Beq%5D=active' },
    { name: 'URLSearchParams', query: new URLSearchParams('or[0][age][gte]=18&or[1][status][eq]=active') },
    { name: 'flat object keys', query: { 'or[0][age][gte]': '18', 'or[1][status][eq]': 'active' } },
    { name: 'qs-style nesting (array)', query: { or: [{ age: { gte: '18' } }, { status: { eq: 'active' } }] } },
    {
      name: 'qs-style nesting (object)',
      query: { or: { '0': { age: { gte: '18' } }, '1': { status: { eq: 'active' } } } },
    },
  ])('hands over or[n][field][op] from $name', ({ query }) => {
    expect(paramsOf(query)).toStrictEqual([
      ['or[0][age]', 'gte', '18'],
      ['or[1][status]', 'eq', 'active'],
    ]);
  });

  it.each([
    { text: 'or[0][__proto__][eq]=1', message: 'parameter "or[0][__proto__][eq]" is not allowed' },
    { text: 'or[0][age][constructor]=1', message: 'parameter "or[0][age][constructor]" is not allowed' },
    { text: 'or[prototype][age][eq]=1', message: 'parameter "or[prototype][age][eq]" is not allowed' },
    { text: 'or[0][age]=1', message: 'unknown parameter "or[0][age]"' },
    { text: 'or[0][age][eq][x]=1', message: 'unknown parameter "or[0][age][eq][x]"' },
    { text: 'and[0][age][eq]=1', message: 'unknown parameter "and[0][age][eq]"' },
  ])('throws a 400 for $text', ({ text, message }) => {
    expect(badRequestOf(() => readQuery(text, ignore)).message).toStrictEqual([message]);
  });

  it('throws a 400 for a nested or whose group or field is not an object, and hands a plain or over as a scalar', () => {
    expect(badRequestOf(() => readQuery({ or: [{ age: 'x' }] }, ignore)).message).toStrictEqual([
      'parameter "or[0][age]" is not allowed',
    ]);
    expect(badRequestOf(() => readQuery({ or: [1] }, ignore)).message).toStrictEqual([
      'parameter "or[0]" is not allowed',
    ]);
    expect(paramsOf({ or: ['x'] })).toStrictEqual([['or', undefined, 'x']]);
  });
});
