import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, RESERVED_FIELD_NAMES, type OperatorName, type ResourceConfig } from '../../src/index';

const schema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().optional(),
  age: z.number().int(),
  score: z.number().nullable(),
  active: z.boolean(),
  role: z.enum(['admin', 'member']),
  kind: z.literal('person'),
  createdAt: z.date(),
  deletedAt: z.date().nullable(),
  tags: z.array(z.string()),
});

type Config = ResourceConfig<typeof schema>;
const base: Config = { name: 'people', schema };

/** Calls defineResource with a configuration the types would reject, as JavaScript callers can. */
const define = (config: Record<string, unknown>) => defineResource(config as unknown as Config);

const sorted = (values: Iterable<string>): string[] => [...values].sort();

const STRING_OPS = [
  'eq',
  'ne',
  'in',
  'notin',
  'cont',
  'excl',
  'starts',
  'ends',
  'eql',
  'nel',
  'contl',
  'excll',
  'startsl',
  'endsl',
  'inl',
  'notinl',
];
const RANGE_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'notin'];
const EQUALITY_OPS = ['eq', 'ne', 'in', 'notin'];
const NULL_OPS = ['isnull', 'notnull'];

describe('defineResource', () => {
  describe('id field', () => {
    it("returns 'id' as the id field by default", () => {
      expect(defineResource(base).idField).toBe('id');
    });

    it('returns a custom id field', () => {
      const books = defineResource({
        name: 'books',
        schema: z.object({ isbn: z.string(), title: z.string() }),
        idField: 'isbn',
      });
      expect(books.idField).toBe('isbn');
      expect([...books.sortable]).toStrictEqual(['isbn']);
      expect(books.defaultOrder).toStrictEqual([{ field: 'isbn', direction: 'asc' }]);
    });

    it.each([
      { name: 'an integer', schema: z.number().int() },
      { name: 'a positive integer', schema: z.number().int().positive() },
      { name: 'a safe integer', schema: z.int() },
      { name: 'a string of digits (a bigint key)', schema: z.string().regex(/^\d+$/) },
      { name: 'a uuid', schema: z.uuid() },
    ])('accepts $name as the id field', ({ schema }) => {
      const resource = defineResource({ name: 'x', schema: z.object({ id: schema, title: z.string() }) });
      expect(resource.idField).toBe('id');
      expect(resource.defaultOrder).toStrictEqual([{ field: 'id', direction: 'asc' }]);
    });

    it.each([
      {
        name: 'a schema without id and no idField',
        config: { name: 'x', schema: z.object({ title: z.string() }) },
        pattern: /id field "id" is not in the schema/,
      },
      {
        name: 'an idField the schema lacks',
        config: { ...base, idField: 'isbn' },
        pattern: /id field "isbn" is not in the schema/,
      },
      {
        name: 'a number id that may hold fractions',
        config: { name: 'x', schema: z.object({ id: z.number() }) },
        pattern: /id field "id" must be a string or an integer \(z\.number\(\)\.int\(\)\)/,
      },
      {
        name: 'a nullable integer id',
        config: { name: 'x', schema: z.object({ id: z.number().int().nullable() }) },
        pattern: /must not be nullable/,
      },
      {
        name: 'a boolean id',
        config: { name: 'x', schema: z.object({ id: z.boolean() }) },
        pattern: /must be a string or an integer/,
      },
      {
        name: 'an enum id',
        config: { name: 'x', schema: z.object({ id: z.enum(['a', 'b']) }) },
        pattern: /must be a string/,
      },
      {
        name: 'an array id',
        config: { name: 'x', schema: z.object({ id: z.array(z.string()) }) },
        pattern: /must be a string/,
      },
      {
        name: 'a nullable id',
        config: { name: 'x', schema: z.object({ id: z.string().nullable() }) },
        pattern: /must not be nullable/,
      },
      {
        name: 'a nullish id',
        config: { name: 'x', schema: z.object({ id: z.string().nullish() }) },
        pattern: /must not be nullable/,
      },
    ])('throws a TypeError for $name', ({ config, pattern }) => {
      expect(() => define(config)).toThrow(TypeError);
      expect(() => define(config)).toThrow(pattern);
    });

    it('accepts an optional id field, since create assigns one', () => {
      expect(defineResource({ name: 'x', schema: z.object({ id: z.string().optional() }) }).idField).toBe('id');
    });
  });

  describe('filterable', () => {
    it('returns no filterable field by default', () => {
      expect(defineResource(base).filterable.size).toBe(0);
    });

    it('allows every operator that fits each field of an array', () => {
      const people = defineResource({
        ...base,
        filterable: ['username', 'nickname', 'age', 'score', 'active', 'role', 'kind', 'createdAt', 'deletedAt'],
      });
      const ops = (field: string) => sorted(people.filterable.get(field) ?? []);
      expect(ops('username')).toStrictEqual(sorted(STRING_OPS));
      expect(ops('nickname')).toStrictEqual(sorted([...STRING_OPS, ...NULL_OPS]));
      expect(ops('age')).toStrictEqual(sorted(RANGE_OPS));
      expect(ops('score')).toStrictEqual(sorted([...RANGE_OPS, ...NULL_OPS]));
      expect(ops('active')).toStrictEqual(sorted(EQUALITY_OPS));
      expect(ops('role')).toStrictEqual(sorted(EQUALITY_OPS));
      expect(ops('kind')).toStrictEqual(sorted(EQUALITY_OPS));
      expect(ops('createdAt')).toStrictEqual(sorted(RANGE_OPS));
      expect(ops('deletedAt')).toStrictEqual(sorted([...RANGE_OPS, ...NULL_OPS]));
      expect(sorted(people.filterable.keys())).toStrictEqual(
        sorted(['username', 'nickname', 'age', 'score', 'active', 'role', 'kind', 'createdAt', 'deletedAt']),
      );
    });

    it('allows exactly the listed operators of a map, and no other field', () => {
      const people = defineResource({
        ...base,
        filterable: { age: ['gte', 'lt'], deletedAt: ['isnull'], username: ['contl'] },
      });
      expect(sorted(people.filterable.get('age') ?? [])).toStrictEqual(['gte', 'lt']);
      expect(sorted(people.filterable.get('deletedAt') ?? [])).toStrictEqual(['isnull']);
      expect(sorted(people.filterable.get('username') ?? [])).toStrictEqual(['contl']);
      expect(people.filterable.has('role')).toBe(false);
      expect(people.filterable.size).toBe(3);
    });

    it.each<{ name: string; filterable: unknown; pattern: RegExp }>([
      {
        name: 'an unknown field in an array',
        filterable: ['username', 'email'],
        pattern: /filterable field "email" is not in the schema/,
      },
      {
        name: 'an unknown field in a map',
        filterable: { email: ['eq'] },
        pattern: /filterable field "email" is not in the schema/,
      },
      {
        name: 'a field of another kind',
        filterable: ['tags'],
        pattern: /filterable field "tags" is not a string, number, boolean, date or enum/,
      },
      {
        name: '__proto__ as a map key',
        filterable: JSON.parse('{"__proto__":["eq"]}'),
        pattern: /"__proto__" is not in the schema/,
      },
      { name: 'constructor in an array', filterable: ['constructor'], pattern: /"constructor" is not in the schema/ },
      {
        name: 'gt on a string',
        filterable: { username: ['gt'] },
        pattern: /operator "gt" does not fit field "username" of kind string/,
      },
      {
        name: 'between on a string',
        filterable: { username: ['between'] },
        pattern: /operator "between" does not fit/,
      },
      {
        name: 'cont on a number',
        filterable: { age: ['cont'] },
        pattern: /operator "cont" does not fit field "age" of kind number/,
      },
      { name: 'inl on a number', filterable: { age: ['inl'] }, pattern: /operator "inl" does not fit/ },
      {
        name: 'gte on a boolean',
        filterable: { active: ['gte'] },
        pattern: /operator "gte" does not fit field "active" of kind boolean/,
      },
      {
        name: 'starts on an enum',
        filterable: { role: ['starts'] },
        pattern: /operator "starts" does not fit field "role" of kind enum/,
      },
      {
        name: 'eql on a date',
        filterable: { createdAt: ['eql'] },
        pattern: /operator "eql" does not fit field "createdAt" of kind date/,
      },
      {
        name: 'isnull on a non-nullable field',
        filterable: { age: ['isnull'] },
        pattern: /operator "isnull" does not fit field "age" of kind number \(not nullable\)/,
      },
      {
        name: 'notnull on a non-nullable date',
        filterable: { createdAt: ['notnull'] },
        pattern: /operator "notnull" does not fit/,
      },
      {
        name: 'an unknown operator',
        filterable: { age: ['like'] },
        pattern: /unknown operator "like" for field "age"/,
      },
      {
        name: 'an operator named __proto__',
        filterable: { age: ['__proto__'] },
        pattern: /unknown operator "__proto__"/,
      },
      { name: 'an operator in capitals', filterable: { age: ['GT'] }, pattern: /unknown operator "GT"/ },
      {
        name: 'an empty operator list',
        filterable: { age: [] },
        pattern: /operators of field "age" must be a non-empty array/,
      },
      {
        name: 'an operator list that is a string',
        filterable: { age: 'gt' },
        pattern: /operators of field "age" must be a non-empty array/,
      },
      {
        name: 'an undefined operator list',
        filterable: { age: undefined },
        pattern: /operators of field "age" must be a non-empty array/,
      },
    ])('throws a TypeError for $name', ({ filterable, pattern }) => {
      expect(() => define({ ...base, filterable })).toThrow(TypeError);
      expect(() => define({ ...base, filterable })).toThrow(pattern);
    });
  });

  describe('schema field names', () => {
    it.each(RESERVED_FIELD_NAMES.map((field) => ({ field })))(
      'throws a TypeError for a field named $field',
      ({ field }) => {
        const config = { name: 'x', schema: z.object({ id: z.string(), [field]: z.string() }) };
        expect(() => define(config)).toThrow(TypeError);
        expect(() => define(config)).toThrow(`field "${field}" collides with the query parameter of the same name`);
      },
    );

    it('exports exactly the twelve reserved names of the grammar', () => {
      expect([...RESERVED_FIELD_NAMES].sort()).toStrictEqual([
        '_count',
        'counts',
        'cursor',
        'include',
        'limit',
        'or',
        'orderBy',
        'orderDirection',
        'page',
        'search',
        'select',
        'where',
      ]);
    });

    it.each(
      [
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'valueOf',
        'a[b]',
        'a.b',
        'created-at',
        'ünïcode',
        '',
      ].map((field) => ({ field })),
    )('throws a TypeError for a field named "$field"', ({ field }) => {
      const config = { name: 'x', schema: z.object({ id: z.string(), [field]: z.string() }) };
      expect(() => define(config)).toThrow(TypeError);
      expect(() => define(config)).toThrow(`field name "${field}" is not allowed`);
    });

    it('throws a TypeError for a field named __proto__', () => {
      const shape: Record<string, unknown> = { id: z.string() };
      Object.defineProperty(shape, '__proto__', { value: z.string(), enumerable: true });
      expect(() => define({ name: 'x', schema: { shape } })).toThrow(/field name "__proto__" is not allowed/);
    });
  });

  describe('sortable', () => {
    it('always includes the id field', () => {
      expect([...defineResource(base).sortable]).toStrictEqual(['id']);
      expect(sorted(defineResource({ ...base, sortable: ['age', 'username'] }).sortable)).toStrictEqual([
        'age',
        'id',
        'username',
      ]);
    });

    it.each<{ name: string; sortable: unknown; pattern: RegExp }>([
      { name: 'an unknown field', sortable: ['email'], pattern: /sortable field "email" is not in the schema/ },
      { name: 'a field of another kind', sortable: ['tags'], pattern: /sortable field "tags" is not a string/ },
      { name: '__proto__', sortable: ['__proto__'], pattern: /sortable field "__proto__" is not in the schema/ },
    ])('throws a TypeError for $name', ({ sortable, pattern }) => {
      expect(() => define({ ...base, sortable })).toThrow(TypeError);
      expect(() => define({ ...base, sortable })).toThrow(pattern);
    });
  });

  describe('pagination', () => {
    it('returns the defaults 10, 100 and clamp', () => {
      expect(defineResource(base).pagination).toStrictEqual({
        defaultLimit: 10,
        maxLimit: 100,
        onLimitExceeded: 'clamp',
      });
    });

    it('returns the given values, defaulting the others', () => {
      expect(defineResource({ ...base, pagination: { maxLimit: 20 } }).pagination).toStrictEqual({
        defaultLimit: 10,
        maxLimit: 20,
        onLimitExceeded: 'clamp',
      });
      expect(
        defineResource({ ...base, pagination: { defaultLimit: 1, maxLimit: 1, onLimitExceeded: 'reject' } }).pagination,
      ).toStrictEqual({
        defaultLimit: 1,
        maxLimit: 1,
        onLimitExceeded: 'reject',
      });
    });

    it.each<{ name: string; pagination: unknown; pattern: RegExp }>([
      { name: 'defaultLimit 0', pagination: { defaultLimit: 0 }, pattern: /defaultLimit must be a positive integer/ },
      { name: 'a negative defaultLimit', pagination: { defaultLimit: -5 }, pattern: /defaultLimit/ },
      { name: 'a fractional defaultLimit', pagination: { defaultLimit: 2.5 }, pattern: /defaultLimit/ },
      { name: 'a NaN defaultLimit', pagination: { defaultLimit: Number.NaN }, pattern: /defaultLimit/ },
      { name: 'a text defaultLimit', pagination: { defaultLimit: '10' }, pattern: /defaultLimit/ },
      {
        name: 'a defaultLimit above maxLimit',
        pagination: { defaultLimit: 30, maxLimit: 20 },
        pattern: /no greater than maxLimit/,
      },
      { name: 'maxLimit 0', pagination: { maxLimit: 0 }, pattern: /maxLimit must be a positive integer/ },
      { name: 'an infinite maxLimit', pagination: { maxLimit: Number.POSITIVE_INFINITY }, pattern: /maxLimit/ },
      { name: 'an unsafe maxLimit', pagination: { maxLimit: 2 ** 53 }, pattern: /maxLimit/ },
      { name: 'a fractional maxLimit', pagination: { maxLimit: 10.5 }, pattern: /maxLimit/ },
      {
        name: 'an unknown policy',
        pagination: { onLimitExceeded: 'drop' },
        pattern: /onLimitExceeded must be 'clamp' or 'reject'/,
      },
      { name: 'a policy in capitals', pagination: { onLimitExceeded: 'CLAMP' }, pattern: /onLimitExceeded/ },
      { name: 'a misspelt key', pagination: { maxlimit: 5 }, pattern: /unknown pagination option "maxlimit"/ },
      { name: 'a value that is not an object', pagination: 50, pattern: /pagination must be an object/ },
    ])('throws a TypeError for $name', ({ pagination, pattern }) => {
      expect(() => define({ ...base, pagination })).toThrow(TypeError);
      expect(() => define({ ...base, pagination })).toThrow(pattern);
    });
  });

  describe('defaultOrder', () => {
    it('returns id ascending by default', () => {
      expect(defineResource(base).defaultOrder).toStrictEqual([{ field: 'id', direction: 'asc' }]);
    });

    it('appends the id ascending as the final tie-breaker', () => {
      const people = defineResource({
        ...base,
        sortable: ['createdAt', 'age'],
        defaultOrder: [
          { field: 'createdAt', direction: 'desc' },
          { field: 'age', direction: 'asc' },
        ],
      });
      expect(people.defaultOrder).toStrictEqual([
        { field: 'createdAt', direction: 'desc' },
        { field: 'age', direction: 'asc' },
        { field: 'id', direction: 'asc' },
      ]);
    });

    it.each<{ name: string; defaultOrder: Config['defaultOrder'] }>([
      { name: 'the id alone, descending', defaultOrder: [{ field: 'id', direction: 'desc' }] },
      {
        name: 'the id before another key',
        defaultOrder: [
          { field: 'id', direction: 'desc' },
          { field: 'age', direction: 'asc' },
        ],
      },
      {
        name: 'the id after another key',
        defaultOrder: [
          { field: 'age', direction: 'desc' },
          { field: 'id', direction: 'desc' },
        ],
      },
    ])('appends no tie-breaker when the order names the id: $name', ({ defaultOrder }) => {
      const people = defineResource({ ...base, sortable: ['age'], defaultOrder });
      expect(people.defaultOrder).toStrictEqual(defaultOrder);
    });

    it.each<{ name: string; defaultOrder: unknown; pattern: RegExp }>([
      {
        name: 'a field that is not sortable',
        defaultOrder: [{ field: 'username', direction: 'asc' }],
        pattern: /defaultOrder field "username" is not sortable/,
      },
      {
        name: 'a field the schema lacks',
        defaultOrder: [{ field: 'email', direction: 'asc' }],
        pattern: /"email" is not sortable/,
      },
      {
        name: 'a direction in capitals',
        defaultOrder: [{ field: 'age', direction: 'DESC' }],
        pattern: /direction must be 'asc' or 'desc'/,
      },
      { name: 'a missing direction', defaultOrder: [{ field: 'age' }], pattern: /direction must be 'asc' or 'desc'/ },
      {
        name: 'a field named twice',
        defaultOrder: [
          { field: 'age', direction: 'asc' },
          { field: 'age', direction: 'desc' },
        ],
        pattern: /defaultOrder names field "age" twice/,
      },
    ])('throws a TypeError for $name', ({ defaultOrder, pattern }) => {
      expect(() => define({ ...base, sortable: ['age'], defaultOrder })).toThrow(TypeError);
      expect(() => define({ ...base, sortable: ['age'], defaultOrder })).toThrow(pattern);
    });
  });

  describe('configuration', () => {
    it.each<{ name: string; config: Record<string, unknown>; pattern: RegExp }>([
      { name: 'an empty name', config: { ...base, name: '' }, pattern: /name must be a non-empty string/ },
      {
        name: 'a name that is not a string',
        config: { ...base, name: 42 },
        pattern: /name must be a non-empty string/,
      },
      {
        name: 'a schema that is not a zod object',
        config: { name: 'x', schema: z.string() },
        pattern: /schema must be a zod object schema/,
      },
      { name: 'a missing schema', config: { name: 'x' }, pattern: /schema must be a zod object schema/ },
      { name: 'a misspelt option', config: { ...base, filterabel: ['age'] }, pattern: /unknown option "filterabel"/ },
    ])('throws a TypeError for $name', ({ config, pattern }) => {
      expect(() => define(config)).toThrow(TypeError);
      expect(() => define(config)).toThrow(pattern);
    });

    it('returns the name and the schema it was given', () => {
      const people = defineResource(base);
      expect(people.name).toBe('people');
      expect(people.schema).toBe(schema);
    });
  });

  describe('the returned resource', () => {
    const people = defineResource({
      ...base,
      filterable: ['age', 'username'],
      sortable: ['age'],
      defaultOrder: [{ field: 'age', direction: 'desc' }],
    });

    it('is frozen, with frozen pagination, default order and order terms', () => {
      expect(Object.isFrozen(people)).toBe(true);
      expect(Object.isFrozen(people.pagination)).toBe(true);
      expect(Object.isFrozen(people.defaultOrder)).toBe(true);
      for (const term of people.defaultOrder) expect(Object.isFrozen(term)).toBe(true);
      expect(() => {
        (people as { name: string }).name = 'other';
      }).toThrow(TypeError);
    });

    it('throws on any change to its allow-lists and field table', () => {
      const filterable = people.filterable as Map<string, Set<OperatorName>>;
      const ageOps = people.filterable.get('age') as Set<OperatorName>;
      const sortable = people.sortable as Set<string>;
      const fields = people.fields as Map<string, unknown>;
      expect(() => filterable.set('role', new Set(['eq']))).toThrow(TypeError);
      expect(() => filterable.delete('age')).toThrow(TypeError);
      expect(() => filterable.clear()).toThrow(TypeError);
      expect(() => ageOps.add('cont')).toThrow(TypeError);
      expect(() => ageOps.clear()).toThrow(TypeError);
      expect(() => sortable.add('username')).toThrow(TypeError);
      expect(() => sortable.delete('id')).toThrow(TypeError);
      expect(() => fields.delete('age')).toThrow(TypeError);
      expect(people.filterable.has('role')).toBe(false);
      expect(people.filterable.get('age')?.has('cont')).toBe(false);
      expect(sorted(people.sortable)).toStrictEqual(['age', 'id']);
      expect(people.fields.has('age')).toBe(true);
    });

    it('does not change when the configuration changes afterwards', () => {
      const filterable: string[] = ['age'];
      const sortable: string[] = ['age'];
      const pagination = { defaultLimit: 5, maxLimit: 10 };
      const defaultOrder = [{ field: 'age', direction: 'asc' }];
      const resource = define({ ...base, filterable, sortable, pagination, defaultOrder });
      filterable.push('username');
      sortable.push('username');
      pagination.maxLimit = 1000;
      (defaultOrder[0] as { direction: string }).direction = 'desc';
      expect([...resource.filterable.keys()]).toStrictEqual(['age']);
      expect(sorted(resource.sortable)).toStrictEqual(['age', 'id']);
      expect(resource.pagination.maxLimit).toBe(10);
      expect(resource.defaultOrder[0]).toStrictEqual({ field: 'age', direction: 'asc' });
    });
  });
});
