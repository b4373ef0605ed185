import { describe, expect, it } from 'vitest';
import { createMemoryRepository, type ListInput, type Resource, type Where } from '../../../src/index';
import { normalizeWhere } from '../../../src/query/model/normalize-where';
import { Problems } from '../../../src/errors/problems';
import type { Condition } from '../../../src/query/model/normalized-query';
import { RECORDS, badRequestOfAsync, messagesOf, prototypeSnapshot, strictUsers, users, type User } from '../fixtures';

const repository = createMemoryRepository(users, { records: RECORDS });
const strictRepository = createMemoryRepository(strictUsers, { records: RECORDS });

const day = (n: number): Date => new Date(Date.UTC(2024, 0, 1 + n));

async function idsOf(where: unknown): Promise<string[]> {
  const page = await repository.list({
    where: where as Where<User>,
    orderBy: [{ field: 'id', direction: 'asc' }],
    limit: 50,
  });
  return page.items.map((user) => user.id);
}

const ALL = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'];

describe('normalizeWhere (through list)', () => {
  it.each<{ name: string; where: unknown; ids: string[] }>([
    { name: 'string equality', where: { username: 'ann' }, ids: ['u1'] },
    { name: 'number equality', where: { age: 30 }, ids: ['u2'] },
    { name: 'boolean equality', where: { active: false }, ids: ['u2', 'u4', 'u6'] },
    { name: 'enum equality', where: { role: 'admin' }, ids: ['u1', 'u4'] },
    { name: 'Date equality', where: { createdAt: day(2) }, ids: ['u3'] },
    { name: 'ISO string equality on a date', where: { createdAt: '2024-01-03T00:00:00.000Z' }, ids: ['u3'] },
    { name: 'null as isnull', where: { deletedAt: null }, ids: ['u1', 'u3', 'u4', 'u6'] },
    { name: 'the isnull operator', where: { deletedAt: { isnull: true } }, ids: ['u1', 'u3', 'u4', 'u6'] },
    { name: 'null on a missing optional field', where: { nickname: null }, ids: ['u2', 'u4', 'u6'] },
    { name: 'notnull', where: { deletedAt: { notnull: true } }, ids: ['u2', 'u5'] },
    { name: 'eq as an operator object', where: { age: { eq: 30 } }, ids: ['u2'] },
    {
      name: 'an AND of two operators on one field',
      where: { age: { gte: 18, lt: 65 } },
      ids: ['u2', 'u4', 'u5', 'u6'],
    },
    { name: 'between, inclusive', where: { age: { between: [18, 44] } }, ids: ['u2', 'u4', 'u5'] },
    { name: 'cont, case-sensitive', where: { username: { cont: 'an' } }, ids: ['u1', 'u4'] },
    { name: 'contl, case-insensitive', where: { username: { contl: 'AN' } }, ids: ['u1', 'u4', 'u6'] },
    { name: 'in', where: { role: { in: ['admin', 'guest'] } }, ids: ['u1', 'u3', 'u4', 'u6'] },
    { name: 'notin', where: { role: { notin: ['admin'] } }, ids: ['u2', 'u3', 'u5', 'u6'] },
    { name: 'ends', where: { email: { ends: '.org' } }, ids: ['u2', 'u6'] },
    { name: 'ne never matching a missing value', where: { nickname: { ne: 'CJ' } }, ids: ['u1', 'u5'] },
    { name: 'lte on fractional numbers', where: { score: { lte: 0 } }, ids: ['u2', 'u3'] },
    { name: 'gte on a Date', where: { createdAt: { gte: day(4) } }, ids: ['u5', 'u6'] },
    { name: 'an AND across fields', where: { username: { startsl: 'ANN' }, active: false }, ids: ['u6'] },
    {
      name: 'an AND across fields and operators',
      where: { active: { eq: true }, deletedAt: { notnull: true } },
      ids: ['u5'],
    },
    { name: 'a field that is not filterable over HTTP', where: { secret: 's3' }, ids: ['u3'] },
    { name: 'an operator on a non-filterable field', where: { secret: { in: ['s1', 's2'] } }, ids: ['u1', 'u2'] },
    { name: 'an array as an OR', where: [{ role: 'admin' }, { age: { gt: 60 } }], ids: ['u1', 'u3', 'u4', 'u6'] },
    {
      name: 'an OR of overlapping clauses, each record once',
      where: [{ age: 17 }, { age: 17 }, { username: 'ann' }],
      ids: ['u1'],
    },
    { name: 'an OR of one clause', where: [{ username: 'nobody' }], ids: [] },
    { name: 'an empty clause', where: {}, ids: ALL },
    { name: 'an OR of an empty clause', where: [{}], ids: ALL },
    { name: 'undefined', where: undefined, ids: ALL },
    { name: 'null', where: null, ids: ALL },
  ])('filters by $name', async ({ where, ids }) => {
    expect(await idsOf(where)).toStrictEqual(ids);
  });

  it.each<{ name: string; where: unknown; names: string }>([
    { name: 'an unknown field', where: { nope: 1 }, names: 'where.nope: "nope" is not a filterable field' },
    { name: 'an own __proto__ field', where: JSON.parse('{"__proto__":{"eq":1}}'), names: 'where.__proto__:' },
    { name: 'a constructor field', where: { constructor: 'x' }, names: 'where.constructor:' },
    { name: 'a prototype field', where: { prototype: 'x' }, names: 'where.prototype:' },
    { name: 'a field of another kind', where: { tags: 'x' }, names: 'where.tags:' },
    { name: 'an unknown operator', where: { age: { like: 3 } }, names: 'where.age.like: unknown operator "like"' },
    {
      name: 'an own __proto__ operator',
      where: { age: JSON.parse('{"__proto__":3}') },
      names: 'where.age.__proto__: unknown operator',
    },
    {
      name: 'a constructor operator',
      where: { age: { constructor: 3 } },
      names: 'where.age.constructor: unknown operator',
    },
    { name: 'an operator in capitals', where: { age: { GT: 3 } }, names: 'where.age.GT: unknown operator' },
    {
      name: 'cont on a number',
      where: { age: { cont: '3' } },
      names: 'where.age.cont: operator "cont" does not fit field "age"',
    },
    {
      name: 'gt on a string',
      where: { username: { gt: 'a' } },
      names: 'where.username.gt: operator "gt" does not fit',
    },
    { name: 'lt on a boolean', where: { active: { lt: true } }, names: 'where.active.lt: operator "lt" does not fit' },
    {
      name: 'null on a non-nullable field',
      where: { age: null },
      names: 'where.age: operator "isnull" does not fit field "age"',
    },
    {
      name: 'isnull on a non-nullable field',
      where: { age: { isnull: true } },
      names: 'where.age.isnull: operator "isnull" does not fit',
    },
    {
      name: 'isnull false',
      where: { deletedAt: { isnull: false } },
      names: 'where.deletedAt.isnull takes no value (or true)',
    },
    {
      name: 'isnull with an empty array',
      where: { deletedAt: { isnull: [] } },
      names: 'where.deletedAt.isnull must not be an array',
    },
    {
      name: 'a single-value operator given an array',
      where: { age: { gt: [1] } },
      names: 'where.age.gt must not be an array',
    },
    { name: 'eq given an array', where: { age: { eq: [30] } }, names: 'where.age.eq must not be an array' },
    {
      name: 'equality given an array',
      where: { role: ['admin'] },
      names: 'where.role must be one of admin, member, guest, got an array',
    },
    { name: 'a number given text', where: { age: { gte: '18' } }, names: 'where.age.gte must be a number, got "18"' },
    { name: 'a number given NaN', where: { age: { eq: Number.NaN } }, names: 'where.age.eq must be a number, got NaN' },
    {
      name: 'a number given Infinity',
      where: { score: { lt: Number.POSITIVE_INFINITY } },
      names: 'where.score.lt must be a number',
    },
    { name: 'equality given a wrong type', where: { age: 'x' }, names: 'where.age must be a number, got "x"' },
    { name: 'equality given undefined', where: { age: undefined }, names: 'where.age must be a number, got undefined' },
    { name: 'a fraction for an integer field', where: { age: 1.5 }, names: 'where.age is invalid' },
    { name: 'a boolean given text', where: { active: 'true' }, names: 'where.active must be true or false' },
    { name: 'an unknown enum value', where: { role: 'root' }, names: 'where.role must be one of admin, member, guest' },
    { name: 'a date given text', where: { createdAt: 'yesterday' }, names: 'where.createdAt must be an ISO 8601 date' },
    {
      name: 'an invalid Date',
      where: { createdAt: new Date(Number.NaN) },
      names: 'where.createdAt must be an ISO 8601 date',
    },
    {
      name: 'a date given epoch milliseconds',
      where: { createdAt: { gt: 1_700_000_000_000 } },
      names: 'where.createdAt.gt must be an ISO 8601 date',
    },
    {
      name: 'February 30',
      where: { createdAt: { gt: '2024-02-30' } },
      names: 'where.createdAt.gt must be an ISO 8601 date',
    },
    {
      name: 'between with one value',
      where: { age: { between: [1] } },
      names: 'where.age.between takes exactly two values, got 1',
    },
    {
      name: 'between with three values',
      where: { age: { between: [1, 2, 3] } },
      names: 'where.age.between takes exactly two values, got 3',
    },
    { name: 'between not given an array', where: { age: { between: 3 } }, names: 'where.age.between must be an array' },
    {
      name: 'between with a bad value',
      where: { age: { between: [1, 'x'] } },
      names: 'where.age.between must be a number, got "x"',
    },
    {
      name: 'in with no values',
      where: { role: { in: [] } },
      names: 'where.role.in takes between 1 and 100 values, got 0',
    },
    {
      name: 'in with 101 values',
      where: { age: { in: Array.from({ length: 101 }, (_, i) => i) } },
      names: 'where.age.in takes between 1 and 100 values, got 101',
    },
    { name: 'in not given an array', where: { role: { in: 'admin' } }, names: 'where.role.in must be an array' },
    { name: 'an empty operator object', where: { age: {} }, names: 'where.age must name at least one operator' },
    {
      name: 'a NUL character',
      where: { username: 'a\u0000b' },
      names: 'where.username must not contain a NUL character',
    },
    {
      name: 'a 1025-character value',
      where: { username: { cont: 'x'.repeat(1025) } },
      names: 'where.username.cont must be at most 1024 characters',
    },
    { name: 'an empty OR', where: [], names: 'where must be an object or an array of 1 to 100 objects' },
    {
      name: 'an OR of 101 clauses',
      where: Array.from({ length: 101 }, () => ({})),
      names: 'where must be an object or an array of 1 to 100 objects',
    },
    {
      name: 'a bad field inside an OR',
      where: [{ role: 'admin' }, { nope: 1 }],
      names: 'where[1].nope: "nope" is not a filterable field',
    },
    { name: 'a bad value inside an OR', where: [{ age: { gt: 'x' } }], names: 'where[0].age.gt must be a number' },
    { name: 'a nested array', where: [[{ age: 3 }]], names: 'where[0] must be an object of field conditions' },
    { name: 'a string', where: 'age=3', names: 'where must be an object of field conditions' },
    { name: 'a number', where: 3, names: 'where must be an object of field conditions' },
    { name: 'a Map', where: new Map([['age', 3]]), names: 'where must be an object of field conditions' },
    { name: 'a Date', where: new Date(0), names: 'where must be an object of field conditions' },
    {
      name: 'a long hostile field name, cut',
      where: { [`f\n${'x'.repeat(200)}`]: 1 },
      names: `where.f?${'x'.repeat(62)}…:`,
    },
  ])('throws a 400 naming the path for $name', async ({ where, names }) => {
    const error = await badRequestOfAsync(repository.list({ where: where as Where<User> }));
    expect(
      messagesOf(error).some((message) => message.includes(names)),
      JSON.stringify(error.message),
    ).toBe(true);
  });

  it('reports one message per problem', async () => {
    const error = await badRequestOfAsync(
      repository.list({ where: { nope: 1, age: { like: 1, gt: 'x' } } as unknown as Where<User>, limit: 0 }),
    );
    expect([...messagesOf(error)].sort()).toStrictEqual(
      [
        'limit must be a positive integer',
        'where.age.gt must be a number, got "x"',
        'where.age.like: unknown operator "like"',
        'where.nope: "nope" is not a filterable field',
      ].sort(),
    );
  });

  it('never changes Object.prototype', async () => {
    const before = prototypeSnapshot();
    const hostile = [
      JSON.parse('{"__proto__":{"polluted":1}}'),
      { age: JSON.parse('{"__proto__":{"polluted":1}}') },
      [JSON.parse('{"__proto__":null}')],
      { constructor: { prototype: { polluted: 1 } } },
    ];
    for (const where of hostile) await badRequestOfAsync(repository.list({ where }));
    expect(prototypeSnapshot()).toStrictEqual(before);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reports nothing for a valid where, and one AND-group per OR clause', () => {
    const problems = new Problems();
    const groups = normalizeWhere(
      [{ age: { gte: 18, lt: 65 } }, { role: 'admin' }],
      users as unknown as Resource,
      problems,
    );
    expect(problems.empty).toBe(true);
    const conditions = groups as readonly (readonly Condition[])[];
    expect(conditions.map((group) => group.map(({ field, op, value }) => [field, op, value]))).toStrictEqual([
      [
        ['age', 'gte', 18],
        ['age', 'lt', 65],
      ],
      [['role', 'eq', 'admin']],
    ]);
  });
});

describe('list options (programmatic)', () => {
  it.each<{ name: string; input: unknown; names: string }>([
    { name: 'limit 0', input: { limit: 0 }, names: 'limit must be a positive integer' },
    { name: 'limit -1', input: { limit: -1 }, names: 'limit must be a positive integer' },
    { name: 'limit 1.5', input: { limit: 1.5 }, names: 'limit must be a positive integer' },
    { name: "limit '10'", input: { limit: '10' }, names: 'limit must be a positive integer' },
    { name: 'limit NaN', input: { limit: Number.NaN }, names: 'limit must be a positive integer' },
    { name: 'limit Infinity', input: { limit: Number.POSITIVE_INFINITY }, names: 'limit must be a positive integer' },
    { name: 'limit null', input: { limit: null }, names: 'limit must be a positive integer' },
    { name: 'limit 10n', input: { limit: 10n }, names: 'limit must be a positive integer' },
    { name: 'page 0', input: { page: 0 }, names: 'page must be a positive integer' },
    { name: 'page -1', input: { page: -1 }, names: 'page must be a positive integer' },
    { name: 'page 1.5', input: { page: 1.5 }, names: 'page must be a positive integer' },
    { name: "page '2'", input: { page: '2' }, names: 'page must be a positive integer' },
    { name: 'page above the maximum', input: { page: 2 ** 31 }, names: 'page must be at most 2147483647' },
    { name: 'an unknown option', input: { offset: 3 }, names: 'unknown option "offset"' },
    {
      name: 'an own __proto__ option',
      input: JSON.parse('{"__proto__":{"limit":1}}'),
      names: 'unknown option "__proto__"',
    },
    { name: 'cursor on list', input: { cursor: 'abc' }, names: 'unknown option "cursor"' },
    { name: 'options that are a string', input: 'limit=5', names: 'the list options must be an object' },
    { name: 'options that are an array', input: [{ limit: 5 }], names: 'the list options must be an object' },
    {
      name: 'orderBy on an unknown field',
      input: { orderBy: [{ field: 'nope', direction: 'asc' }] },
      names: 'orderBy[0].field: "nope" is not a sortable field',
    },
    {
      name: 'orderBy with DESC in capitals',
      input: { orderBy: [{ field: 'age', direction: 'DESC' }] },
      names: "orderBy[0].direction must be 'asc' or 'desc'",
    },
    { name: 'orderBy as text', input: { orderBy: 'age' }, names: 'orderBy must be an array' },
  ])('throws a 400 for $name', async ({ input, names }) => {
    const error = await badRequestOfAsync(repository.list(input as ListInput<User>));
    expect(
      messagesOf(error).some((message) => message.includes(names)),
      JSON.stringify(error.message),
    ).toBe(true);
  });

  it('applies the defaults: page 1, the default limit and the default order', async () => {
    for (const input of [undefined, {}, { where: undefined, limit: undefined, page: undefined, orderBy: undefined }]) {
      const page = await repository.list(input);
      expect(page).toMatchObject({ page: 1, limit: 10, total: 6 });
      expect(page.items.map((user) => user.id)).toStrictEqual(['u6', 'u5', 'u4', 'u3', 'u2', 'u1']);
    }
    expect((await strictRepository.list()).limit).toBe(5);
  });

  it('clamps a limit above maxLimit with the clamp policy', async () => {
    expect((await repository.list({ limit: 51 })).limit).toBe(50);
    expect((await repository.list({ limit: 50 })).limit).toBe(50);
  });

  it('rejects a limit above maxLimit with the reject policy', async () => {
    const error = await badRequestOfAsync(strictRepository.list({ limit: 21 }));
    expect(messagesOf(error)).toStrictEqual(['limit must be at most 20']);
    expect((await strictRepository.list({ limit: 20 })).limit).toBe(20);
  });

  it('sorts on any field of the schema, with the id tie-breaker', async () => {
    const page = await strictRepository.list({ orderBy: [{ field: 'secret', direction: 'desc' }], limit: 3 });
    expect(page.items.map((user) => user.id)).toStrictEqual(['u6', 'u5', 'u4']);
    const byActive = await repository.list({ orderBy: [{ field: 'active', direction: 'asc' }] });
    expect(byActive.items.map((user) => user.id)).toStrictEqual(['u2', 'u4', 'u6', 'u1', 'u3', 'u5']);
  });
});
