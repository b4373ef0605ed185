import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { toQueryString, type QueryInput } from 'pagelope/client';
import { parseCursorQuery, parseListQuery } from '../../src/index';
import { items } from './fixtures';

/** Midnight UTC of a day; `setUTCFullYear`, because `Date.UTC` reads the years 0 to 99 as 1900 to 1999. */
const day = (y: number, m = 1, d = 1): Date => {
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date;
};
/** A plain object with an own key (a literal `{ __proto__: x }` would set the prototype instead). */
const own = (key: string, value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify({ [key]: value }));
const RESERVED = 'a&b=c?d#e[f]g%h+i,j k/l;m:n@o$p';

describe('toQueryString', () => {
  it.each<{ name: string; input: QueryInput | undefined; expected: string }>([
    { name: 'nothing', input: {}, expected: '' },
    { name: 'no input at all', input: undefined, expected: '' },
    { name: 'keys set to undefined', input: { where: undefined, limit: undefined, page: undefined }, expected: '' },
    {
      name: "the issue's example",
      input: {
        where: { age: { gte: 18, lt: 65 }, status: { in: ['a', 'b'] } },
        orderBy: [
          { field: 'age', direction: 'desc' },
          { field: 'createdAt', direction: 'asc' },
        ],
        limit: 20,
        page: 2,
      },
      expected:
        'age[gte]=18&age[lt]=65&status[in]=a&status[in]=b&orderBy=age,createdAt&orderDirection=DESC,ASC&limit=20&page=2',
    },
    { name: 'a plain value as eq', input: { where: { name: 'ann' } }, expected: 'name[eq]=ann' },
    { name: 'null as isnull', input: { where: { note: null } }, expected: 'note[isnull]=true' },
    { name: 'isnull: true', input: { where: { note: { isnull: true } } }, expected: 'note[isnull]=true' },
    { name: 'notnull: true', input: { where: { note: { notnull: true } } }, expected: 'note[notnull]=true' },
    {
      name: 'between as two repeated keys',
      input: { where: { score: { between: [1, 2.5] } } },
      expected: 'score[between]=1&score[between]=2.5',
    },
    {
      name: 'list operators as repeated keys',
      input: { where: { name: { inl: ['A', 'b'], notin: ['c'] } } },
      expected: 'name[inl]=A&name[inl]=b&name[notin]=c',
    },
    {
      name: 'a Date as ISO 8601',
      input: { where: { born: { gte: day(2024), lt: new Date('2024-02-29T23:59:59.999Z') } } },
      expected: 'born[gte]=2024-01-01T00%3A00%3A00.000Z&born[lt]=2024-02-29T23%3A59%3A59.999Z',
    },
    {
      name: 'a Date as a plain value, and the years 0000 and 9999',
      input: { where: { born: day(2024, 12, 31), seen: { between: [day(0), day(9999, 12, 31)] } } },
      expected: [
        'born[eq]=2024-12-31T00%3A00%3A00.000Z',
        'seen[between]=0000-01-01T00%3A00%3A00.000Z',
        'seen[between]=9999-12-31T00%3A00%3A00.000Z',
      ].join('&'),
    },
    {
      name: 'a date string as it is',
      input: { where: { born: { gt: '2024-01-01' } } },
      expected: 'born[gt]=2024-01-01',
    },
    {
      name: 'numbers without an exponent',
      input: {
        where: { score: { gt: 1e21, lt: 1.5e-7, ne: -0, in: [-1.25e-10, 123456789.5, Number.MAX_SAFE_INTEGER] } },
      },
      expected:
        'score[gt]=1000000000000000000000&score[lt]=0.00000015&score[ne]=-0&score[in]=-0.000000000125&score[in]=123456789.5&score[in]=9007199254740991',
    },
    {
      name: 'the smallest double',
      input: { where: { score: Number.MIN_VALUE } },
      expected: `score[eq]=0.${'0'.repeat(323)}5`,
    },
    {
      name: 'booleans',
      input: { where: { active: false, kind: { in: ['a'] } } },
      expected: 'active[eq]=false&kind[in]=a',
    },
    {
      name: 'reserved characters in a value',
      input: { where: { name: RESERVED } },
      expected: `name[eq]=${'a%26b%3Dc%3Fd%23e%5Bf%5Dg%25h%2Bi%2Cj%20k%2Fl%3Bm%3An%40o%24p'}`,
    },
    {
      name: 'Unicode in a value',
      input: { where: { name: { cont: 'Zoë 😀 日本' } } },
      expected: 'name[cont]=Zo%C3%AB%20%F0%9F%98%80%20%E6%97%A5%E6%9C%AC',
    },
    { name: 'an empty string', input: { where: { name: '', note: { ne: '' } } }, expected: 'name[eq]=&note[ne]=' },
    { name: 'a long string', input: { where: { name: 'x'.repeat(1000) } }, expected: `name[eq]=${'x'.repeat(1000)}` },
    { name: 'a field name needing encoding', input: { where: { tag$: 'x' } }, expected: 'tag%24[eq]=x' },
    {
      name: '__proto__, constructor and %00 as values',
      input: { where: { name: { in: ['__proto__', 'constructor', '%00'] } } },
      expected: 'name[in]=__proto__&name[in]=constructor&name[in]=%2500',
    },
    {
      name: 'a cursor',
      input: { cursor: 'eyJhIjoxfQ-_', limit: 5 },
      expected: 'limit=5&cursor=eyJhIjoxfQ-_',
    },
    { name: 'a null cursor', input: { cursor: null }, expected: '' },
    { name: 'deleted include, last', input: { deleted: 'include', limit: 5 }, expected: 'limit=5&deleted=include' },
    {
      name: 'deleted only after a cursor',
      input: { deleted: 'only', cursor: 'c1' },
      expected: 'cursor=c1&deleted=only',
    },
    { name: 'an empty cursor (the start)', input: { cursor: '' }, expected: '' },
    {
      name: 'one order term',
      input: { orderBy: [{ field: 'name', direction: 'asc' }] },
      expected: 'orderBy=name&orderDirection=ASC',
    },
    {
      name: 'a limit written without an exponent',
      input: { limit: 1e21 },
      expected: 'limit=1000000000000000000000',
    },
    {
      name: 'an OR array as OR groups',
      input: { where: [{ name: 'a', score: { gte: 1 } }, { note: null }, { kind: { in: ['a', 'b'] } }] },
      expected: 'or[0][name][eq]=a&or[0][score][gte]=1&or[1][note][isnull]=true&or[2][kind][in]=a&or[2][kind][in]=b',
    },
    { name: 'an OR array of one clause', input: { where: [{ tag$: 'x' }] }, expected: 'or[0][tag%24][eq]=x' },
    {
      name: 'search and select',
      input: {
        where: { score: 1 },
        search: 'Zoë & co',
        select: ['name', 'tag$'],
        orderBy: [{ field: 'name', direction: 'desc' }],
      },
      expected: 'score[eq]=1&search=Zo%C3%AB%20%26%20co&select=name,tag%24&orderBy=name&orderDirection=DESC',
    },
    { name: 'an empty select (which the server refuses, as list does)', input: { select: [] }, expected: 'select=' },
    {
      name: 'objects and a Date of another realm (an iframe, a vm context)',
      input: runInNewContext('({ where: { name: { in: ["a"] }, born: new Date(0) }, limit: 2 })') as QueryInput,
      expected: 'name[in]=a&born[eq]=1970-01-01T00%3A00%3A00.000Z&limit=2',
    },
    {
      name: 'null-prototype objects',
      input: { where: Object.assign(Object.create(null) as object, { name: 'a' }) },
      expected: 'name[eq]=a',
    },
    {
      name: 'fields and operators in key order',
      input: { where: { score: { lte: 9, gte: 1 }, name: 'b', active: true } },
      expected: 'score[lte]=9&score[gte]=1&name[eq]=b&active[eq]=true',
    },
  ])('returns the query string of $name', ({ input, expected }) => {
    expect(toQueryString(input)).toBe(expected);
  });

  it.each([
    RESERVED,
    '',
    ' leading and trailing ',
    '+',
    '%',
    '%2B',
    '%%41',
    '&&==',
    '[]',
    'a[eq]=b',
    '__proto__',
    'constructor',
    'Zoë 😀 日本 \u200d',
    '\ud83d\ude00',
    'x'.repeat(1024),
  ])('returns text the server reads back to the value %j', (value) => {
    const text = toQueryString({ where: { name: value, tag$: { in: [value, 'y'] } }, cursor: null });
    expect(parseListQuery(text, items).where).toEqual({ name: { eq: value }, tag$: { in: [value, 'y'] } });
    expect(parseCursorQuery(text, items).where).toEqual({ name: { eq: value }, tag$: { in: [value, 'y'] } });
    // Searches are 1 to 200 characters long.
    const search = value.slice(0, 200) || 'x';
    const parsed = parseListQuery(toQueryString({ where: [{ name: value }, { note: { ne: value } }], search }), items);
    expect(parsed.where).toEqual([{ name: { eq: value } }, { note: { ne: value } }]);
    expect(parsed.search).toBe(search);
  });

  it.each<{ name: string; input: unknown; message: RegExp }>([
    { name: 'an empty OR array', input: { where: [] }, message: /where .*an empty array of OR clauses/ },
    { name: 'an OR clause without conditions', input: { where: [{ name: 'a' }, {}] }, message: /where\[1\] .*without/ },
    {
      name: 'an OR clause that is a string',
      input: { where: [{ name: 'a' }, 'b'] },
      message: /where\[1\] .*an object/,
    },
    {
      name: 'a bad field inside an OR clause',
      input: { where: [own('__proto__', 1)] },
      message: /where\[0\]\.__proto__/,
    },
    { name: 'a non-string search', input: { search: 5 }, message: /search .*number instead of a string/ },
    { name: 'a select that is a string', input: { select: 'name' }, message: /select .*an array of field names/ },
    { name: 'a select name with a comma', input: { select: ['name', 'a,b'] }, message: /select\[1\]/ },
    { name: 'an empty select name', input: { select: [''] }, message: /select\[0\]/ },
    { name: 'a select name that is a number', input: { select: [1] }, message: /select\[0\] .*number/ },
    { name: 'a where that is a string', input: { where: 'name[eq]=a' }, message: /where .*an object/ },
    { name: 'a where that is a Map', input: { where: new Map() }, message: /where .*an object/ },
    { name: 'an own __proto__ field', input: { where: own('__proto__', 'a') }, message: /"__proto__"/ },
    { name: 'a constructor field', input: { where: own('constructor', 'a') }, message: /"constructor"/ },
    { name: 'a prototype field', input: { where: own('prototype', 'a') }, message: /"prototype"/ },
    { name: 'a bracketed field', input: { where: { 'a[b]': 1 } }, message: /"a\[b\]"/ },
    { name: 'a field with a closing bracket', input: { where: { 'a]': 1 } }, message: /"a\]"/ },
    { name: 'an empty field name', input: { where: { '': 1 } }, message: /field name ""/ },
    { name: 'an own __proto__ operator', input: { where: { name: own('__proto__', 'a') } }, message: /"__proto__"/ },
    { name: 'a condition without operators', input: { where: { name: {} } }, message: /names no operator/ },
    {
      name: 'an unknown operator beside a known one',
      input: { where: { name: { eq: 'a', like: 'a' } } },
      message: /unknown operator "like"/,
    },
    { name: 'an empty list', input: { where: { name: { in: [] } } }, message: /an empty array/ },
    {
      name: 'a list operator given one value',
      input: { where: { name: { in: 'a' } } },
      message: /not an array|other than an array/,
    },
    { name: 'between with one value', input: { where: { score: { between: [1] } } }, message: /1 values, not 2/ },
    { name: 'between with three values', input: { where: { score: { between: [1, 2, 3] } } }, message: /3 values/ },
    { name: 'eq given an array', input: { where: { score: { eq: [1, 2] } } }, message: /an array for a one-value/ },
    { name: 'a plain array value', input: { where: { score: [1, 2] } }, message: /got an array/ },
    { name: 'isnull: false', input: { where: { note: { isnull: false } } }, message: /false instead of true/ },
    { name: "notnull: 'yes'", input: { where: { note: { notnull: 'yes' } } }, message: /yes instead of true/ },
    { name: 'NaN', input: { where: { score: Number.NaN } }, message: /the number NaN/ },
    { name: 'Infinity', input: { where: { score: { lt: Infinity } } }, message: /the number Infinity/ },
    { name: '-Infinity in a list', input: { where: { score: { in: [1, -Infinity] } } }, message: /-Infinity/ },
    { name: 'an invalid Date', input: { where: { born: new Date('nope') } }, message: /an invalid Date/ },
    { name: 'a Date after 9999', input: { where: { born: { lt: day(10000) } } }, message: /year 10000/ },
    { name: 'a Date before 0000', input: { where: { born: { gt: day(-1) } } }, message: /year -1/ },
    { name: 'a bigint', input: { where: { score: 1n } }, message: /a bigint/ },
    { name: 'a symbol', input: { where: { name: Symbol('x') } }, message: /a symbol/ },
    { name: 'a function', input: { where: { name: () => 'a' } }, message: /a function/ },
    { name: 'undefined', input: { where: { name: undefined } }, message: /got undefined/ },
    { name: 'a class instance', input: { where: { name: new URL('http://x') } }, message: /an object/ },
    {
      name: 'an object that calls itself a Date',
      input: {
        where: {
          born: new (class {
            readonly [Symbol.toStringTag] = 'Date';
            getTime = () => 0;
          })(),
        },
      },
      message: /got an object/,
    },
    { name: 'null inside an operator', input: { where: { name: { eq: null } } }, message: /got null/ },
    {
      name: 'a number for a text operator',
      input: { where: { name: { cont: 5 } } },
      message: /number instead of a string/,
    },
    { name: 'a boolean for a range operator', input: { where: { score: { gte: true } } }, message: /a boolean/ },
    { name: 'a lone surrogate', input: { where: { name: 'a\ud800' } }, message: /lone surrogate/ },
    { name: 'a lone surrogate in a cursor', input: { cursor: '\udc00' }, message: /lone surrogate/ },
    { name: 'an unknown input key', input: { filter: { name: 'a' } }, message: /input key filter/ },
    { name: 'page and cursor together', input: { page: 2, cursor: 'abc' }, message: /page and cursor/ },
    {
      name: 'an unknown deleted mode',
      input: { deleted: 'all' },
      message: /deleted .*"all" instead of 'include' or 'only'/,
    },
    { name: 'an upper-case deleted mode', input: { deleted: 'INCLUDE' }, message: /deleted/ },
    { name: 'an empty deleted mode', input: { deleted: '' }, message: /deleted/ },
    { name: 'a boolean deleted', input: { deleted: true }, message: /deleted .*true/ },
    { name: 'deleted __proto__', input: { deleted: '__proto__' }, message: /deleted/ },
    { name: 'a string limit', input: { limit: '5' }, message: /limit .*string instead of a number/ },
    { name: 'a NaN limit', input: { limit: Number.NaN }, message: /limit .*NaN/ },
    { name: 'an infinite page', input: { page: Infinity }, message: /page .*Infinity/ },
    { name: 'a numeric cursor', input: { cursor: 5 }, message: /cursor .*number instead of a string/ },
    { name: 'an orderBy that is not an array', input: { orderBy: 'name' }, message: /orderBy/ },
    { name: 'an empty orderBy', input: { orderBy: [] }, message: /orderBy .*an empty array/ },
    {
      name: 'an orderBy field with a comma',
      input: { orderBy: [{ field: 'a,b', direction: 'asc' }] },
      message: /orderBy\[0\]\.field/,
    },
    { name: 'an orderBy term that is null', input: { orderBy: [null] }, message: /orderBy\[0\]\.field/ },
    {
      name: 'an upper-case direction',
      input: { orderBy: [{ field: 'name', direction: 'ASC' }] },
      message: /orderBy\[0\]\.direction/,
    },
    { name: 'a null input', input: null, message: /must be an object/ },
    { name: 'an array input', input: [], message: /must be an object/ },
    { name: 'a string input', input: 'limit=5', message: /must be an object/ },
  ])('throws a TypeError for $name', ({ input, message }) => {
    expect(() => toQueryString(input as QueryInput)).toThrow(TypeError);
    expect(() => toQueryString(input as QueryInput)).toThrow(message);
  });
});
