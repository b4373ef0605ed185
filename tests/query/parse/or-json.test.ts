/**
 * The JSON form of the OR groups, `or=<JSON>` (read by `readOrJson`): the same groups as the
 * `or[<n>][<field>][<op>]` keys, for the query string, URLSearchParams and parsed query objects; malformed and
 * hostile values are one 400 message each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCursorQuery, parseListQuery } from '../../../src/index';
import { badRequestOf, messagesOf, users } from '../fixtures';

const json = (groups: unknown) => `or=${encodeURIComponent(JSON.stringify(groups))}`;
const messages = (query: unknown) => messagesOf(badRequestOf(() => parseListQuery(query, users)));
const SHAPE = 'or must be a JSON array of groups, each an object { "<field>": { "<operator>": <value> } }';

describe('parseListQuery or=<JSON>', () => {
  it.each([
    {
      name: 'one group',
      groups: [{ age: { gte: 18 } }],
      keys: 'or[0][age][gte]=18',
    },
    {
      name: 'two groups, a list operator and between',
      groups: [{ age: { between: [18, 65] } }, { username: { in: ['ann', 'bo b'] }, role: { eq: 'admin' } }],
      keys: 'or[0][age][between]=18&or[0][age][between]=65&or[1][username][in]=ann&or[1][username][in]=bo%20b&or[1][role][eq]=admin',
    },
    {
      name: 'a case-insensitive list and isnull with true',
      groups: [{ username: { inl: ['ANN'], notinl: ['x'] } }, { deletedAt: { isnull: true } }],
      keys: 'or[0][username][inl]=ANN&or[0][username][notinl]=x&or[1][deletedAt][isnull]=true',
    },
    {
      name: 'the spec form inside a group',
      groups: [{ age: { operator: 'in', values: [1, 2] } }],
      keys: 'or[0][age][operator]=in&or[0][age][values]=1&or[0][age][values]=2',
    },
    {
      name: 'booleans and Unicode',
      groups: [{ active: { eq: false } }, { username: { cont: 'Zoë ✓' } }],
      keys: `or[0][active][eq]=false&or[1][username][cont]=${encodeURIComponent('Zoë ✓')}`,
    },
  ])('returns the same where as the keys for $name', ({ groups, keys }) => {
    expect(parseListQuery(json(groups), users).where).toEqual(parseListQuery(keys, users).where);
  });

  it('reads the JSON form from URLSearchParams and from a parsed query object alike', () => {
    const groups = [{ age: { lt: 30 } }, { role: { in: ['admin', 'guest'] } }];
    const expected = parseListQuery(json(groups), users).where;
    expect(parseListQuery(new URLSearchParams({ or: JSON.stringify(groups) }), users).where).toEqual(expected);
    expect(parseListQuery({ or: JSON.stringify(groups) }, users).where).toEqual(expected);
    expect(parseCursorQuery(json(groups), users).where).toEqual(expected);
  });

  it.each([
    { name: 'not JSON', query: 'or=[{', message: `${SHAPE}: it is not JSON` },
    { name: 'an empty value', query: 'or=', message: `${SHAPE}: it is not JSON` },
    { name: 'an empty array', query: 'or=[]', message: SHAPE },
    { name: 'an object, not an array', query: json({ age: { gte: 1 } }), message: SHAPE },
    {
      name: 'a group that is not an object',
      query: json([1]),
      message: 'or[0] must be an object { "<field>": { "<operator>": <value> } }',
    },
    {
      name: 'a group that is an array',
      query: json([[]]),
      message: 'or[0] must be an object { "<field>": { "<operator>": <value> } }',
    },
    {
      name: 'nine groups',
      query: json(Array.from({ length: 9 }, () => ({ age: { gte: 1 } }))),
      message: 'or may hold at most 8 groups',
    },
    {
      name: 'a field that is not an object',
      query: json([{ age: 1 }]),
      message: '"or[0][age]" must be an object { "<operator>": <value> }',
    },
    { name: 'an empty list', query: json([{ age: { in: [] } }]), message: '"or[0][age][in]" needs at least one value' },
    {
      name: 'a null value',
      query: json([{ age: { gte: null } }]),
      message: '"or[0][age][gte]" must be a string, a finite number, a boolean or a list of them',
    },
    {
      name: 'a nested object value',
      query: json([{ age: { in: [{ a: 1 }] } }]),
      message: '"or[0][age][in]" must be a string, a finite number, a boolean or a list of them',
    },
    {
      name: 'a huge number (not finite)',
      query: 'or=[{"age":{"gte":1e400}}]',
      message: '"or[0][age][gte]" must be a string, a finite number, a boolean or a list of them',
    },
    {
      name: '__proto__ as a field',
      query: 'or=[{"__proto__":{"eq":1}}]',
      message: 'parameter "or[0][__proto__]" is not allowed',
    },
    {
      name: 'constructor as an operator',
      query: json([{ age: { constructor: 1 } }]),
      message: 'parameter "or[0][age][constructor]" is not allowed',
    },
    {
      name: 'an unknown field',
      query: json([{ nope: { eq: 1 } }]),
      message: 'or[0][nope][eq]: "nope" is not a filterable field',
    },
    {
      name: 'an unknown operator',
      query: json([{ age: { like: 1 } }]),
      message: 'or[0][age][like]: unknown operator "like"',
    },
    {
      name: 'a value of the wrong kind',
      query: json([{ age: { gte: 'x' } }]),
      message: 'or[0][age][gte] must be a number',
    },
    {
      name: 'a repeated or',
      query: `${json([{ age: { gte: 1 } }])}&${json([{ age: { lt: 1 } }])}`,
      message: 'or must not be repeated',
    },
    {
      name: 'JSON then keys',
      query: `${json([{ age: { gte: 1 } }])}&or[1][age][lt]=3`,
      message: 'or: give the OR groups either as or=<JSON> or as or[<n>][<field>][<operator>] keys, not both',
    },
    {
      name: 'keys then JSON',
      query: `or[0][age][lt]=3&${json([{ age: { gte: 1 } }])}`,
      message: 'or: give the OR groups either as or=<JSON> or as or[<n>][<field>][<operator>] keys, not both',
    },
    {
      name: 'more values than parameters allowed',
      query: json([{ age: { in: Array.from({ length: 257 }, (_, i) => i) } }]),
      message: 'or may hold at most 256 values in all',
    },
    {
      name: 'a repeat of a top-level condition',
      query: `age[gte]=1&${json([{ age: { gte: 2 } }])}`,
      message: 'or[0][age][gte] repeats the top-level condition age[gte]',
    },
    {
      name: 'over 32 conditions',
      query: json(Array.from({ length: 8 }, () => ({ age: { gte: 1, lt: 2, ne: 3, gt: 4, lte: 5 } }))),
      message: 'OR groups may hold at most 32 conditions in all, got 40',
    },
  ])('throws a 400 for $name', ({ query, message }) => {
    expect(messages(query)).toContain(message);
  });

  it('gives any random groups the same where as the keys', () => {
    const condition = fc.oneof(
      fc.integer({ min: -5, max: 200 }).map((n) => ['age', 'gte', n] as const),
      fc
        .array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 4 })
        .map((list) => ['age', 'in', list] as const),
      fc.string({ maxLength: 6 }).map((s) => ['username', 'contl', s] as const),
      fc.constantFrom('admin', 'member', 'guest').map((s) => ['role', 'eq', s] as const),
    );
    const group = fc.uniqueArray(condition, { minLength: 1, maxLength: 3, selector: ([field, op]) => `${field}${op}` });
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 8 }), (groups) => {
        const keys = groups
          .flatMap((conditions, n) =>
            conditions.flatMap(([field, op, value]) =>
              (Array.isArray(value) ? value : [value]).map(
                (item) => `or[${n}][${field}][${op}]=${encodeURIComponent(String(item))}`,
              ),
            ),
          )
          .join('&');
        const asJson = groups.map((conditions) => {
          const fields: Record<string, Record<string, unknown>> = {};
          for (const [field, op, value] of conditions) (fields[field] ??= {})[op] = value;
          return fields;
        });
        expect(parseListQuery(json(asJson), users).where).toEqual(parseListQuery(keys, users).where);
      }),
      { seed: 17, numRuns: 200 },
    );
  });
});
