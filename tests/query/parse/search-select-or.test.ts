import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  defineResource,
  parseCursorQuery,
  parseListQuery,
  RESERVED_FIELD_NAMES,
} from '../../../src/index';
import { normalizeInput } from '../../../src/query/model/normalize-input';
import { recall } from '../../../src/query/model/normalized-query';
import { badRequestOf, messagesOf, userSchema, users as plainUsers } from '../fixtures';
import { z } from 'zod';

const users = defineResource({
  name: 'users',
  schema: userSchema,
  filterable: ['username', 'email', 'age', 'role', 'deletedAt', 'nickname'],
  sortable: ['username', 'age'],
  searchable: ['username', 'email', 'nickname'],
  hidden: ['secret'],
});

/** The groups of a normalized query as sorted `field op value` lists: what they match, whatever the order. */
const canon = (groups: readonly (readonly object[])[] | undefined) =>
  groups?.map((group) =>
    group.map((term) => JSON.stringify(Object.entries(term).filter(([key]) => key !== 'def'))).sort(),
  );

const messages = (query: string) => messagesOf(badRequestOf(() => parseListQuery(query, users)));

describe('defineResource searchable', () => {
  it('keeps the searchable string fields in order, frozen, and none by default', () => {
    expect(users.searchable).toEqual(['username', 'email', 'nickname']);
    expect(Object.isFrozen(users.searchable)).toBe(true);
    expect(plainUsers.searchable).toEqual([]);
  });

  it.each([
    [{ searchable: ['age'] }, /searchable field "age" must be a string field, not number/],
    [{ searchable: ['role'] }, /must be a string field, not enum/],
    [{ searchable: ['nope'] }, /searchable field "nope" is not in the schema/],
    [{ searchable: [] }, /non-empty array/],
    [{ searchable: 'username' }, /non-empty array/],
    [{ searchable: ['username', 'username'] }, /names field "username" twice/],
    [{ searchable: ['secret'], hidden: ['secret'] }, /hidden field "secret" cannot be searchable/],
  ])('throws a TypeError for %j', (options, message) => {
    expect(() => defineResource({ name: 'u', schema: userSchema, ...(options as object) })).toThrow(message);
  });

  it('reserves search, select and or as field names', () => {
    expect(RESERVED_FIELD_NAMES).toEqual(expect.arrayContaining(['search', 'select', 'or']));
    for (const name of ['search', 'select', 'or'])
      expect(() => defineResource({ name: 'x', schema: z.object({ id: z.string(), [name]: z.string() }) })).toThrow(
        /collides with the query parameter/,
      );
  });
});

describe('parseListQuery search', () => {
  it('returns the search as sent and keeps it in the normalized query, lower-cased', () => {
    const query = parseListQuery('search=%C3%84bc%20D&age[gte]=3', users);
    expect(query.search).toBe('Äbc D');
    expect(recall(query, users, 'page')?.search).toEqual({ text: 'Äbc D', needle: 'äbc d', fields: users.searchable });
    expect(parseCursorQuery('search=x', users).search).toBe('x');
  });

  it('leaves search and select out of a query that has neither', () => {
    expect(Object.keys(parseListQuery('limit=3', users))).toEqual(['page', 'limit', 'where', 'orderBy']);
  });

  it.each([
    ['search=', 'search must be 1 to 200 characters'],
    [`search=${'a'.repeat(201)}`, 'search must be 1 to 200 characters'],
    ['search=a&search=b', 'search must not be repeated'],
    ['search=a%00b', 'search must not contain a NUL character'],
    ['search[x]=a', 'unknown parameter "search[x]"'],
  ])('throws a 400 for %s', (query, message) => {
    expect(messages(query)).toEqual([message]);
  });

  it('accepts 200 characters, counted after decoding', () => {
    expect(parseListQuery(`search=${'%C3%A9'.repeat(200)}`, users).search).toBe('é'.repeat(200));
  });

  it('throws a 400 on a resource without searchable fields', () => {
    expect(messagesOf(badRequestOf(() => parseListQuery('search=x', plainUsers)))).toEqual([
      'search: resource "users" has no searchable fields',
    ]);
  });
});

describe('parseListQuery select', () => {
  it('returns the selection with the id first', () => {
    expect(parseListQuery('select=age,username', users).select).toEqual(['id', 'age', 'username']);
    expect(parseListQuery('select=id', users).select).toEqual(['id']);
    expect(parseListQuery('select=tags', users).select).toEqual(['id', 'tags']);
  });

  it('answers a hidden field exactly like an unknown one', () => {
    const hidden = messages('select=secret');
    const unknown = messages('select=secrex');
    expect(hidden).toEqual(['select: "secret" is not a field']);
    expect(unknown).toEqual(['select: "secrex" is not a field']);
  });

  it.each([
    ['select=', 'select must name at least one field'],
    ['select=age,', 'select: "" is not a field'],
    ['select=age,age', 'select: "age" is given twice'],
    ['select=a&select=b', 'select must not be repeated'],
    ['select=__proto__', 'select: "__proto__" is not a field'],
    ['select=toString', 'select: "toString" is not a field'],
  ])('throws a 400 for %s', (query, message) => {
    expect(messages(query)).toContain(message);
  });

  it('validates programmatic select, letting server code name hidden fields', () => {
    expect(normalizeInput({ select: ['secret'] }, users as never, 'page').select).toEqual(['id', 'secret']);
    expect(messagesOf(badRequestOf(() => normalizeInput({ select: 'age' }, users as never, 'page')))).toEqual([
      'select must be an array of field names',
    ]);
    expect(messagesOf(badRequestOf(() => normalizeInput({ select: [] }, users as never, 'page')))).toEqual([
      'select must name at least one field',
    ]);
  });
});

describe('parseListQuery OR groups', () => {
  it('ANDs the top-level conditions into every group, as the programmatic OR array does', () => {
    const query = parseListQuery('age[gte]=18&or[0][username][cont]=a&or[1][role][eq]=admin&or[1][age][lt]=65', users);
    expect(query.where).toEqual([
      { age: { gte: 18 }, username: { cont: 'a' } },
      { age: { gte: 18, lt: 65 }, role: { eq: 'admin' } },
    ]);
    const programmatic = normalizeInput({ where: query.where }, users as never, 'page');
    expect(canon(programmatic.groups)).toEqual(canon(recall(query, users, 'page')?.groups));
  });

  it('takes the spec form and every operator rule inside a group', () => {
    expect(parseListQuery('or[0][username][operator]=contl&or[0][username][value]=AB', users).where).toEqual({
      username: { contl: 'ab' },
    });
    expect(parseListQuery('or[0][deletedAt][isnull]&or[1][age][between]=1&or[1][age][between]=5', users).where).toEqual(
      [{ deletedAt: { isnull: true } }, { age: { between: [1, 5] } }],
    );
  });

  it.each([
    ['or[1][age][eq]=1', 'or[0] is missing: OR groups are numbered from 0 without gaps'],
    ['or[0][age][eq]=1&or[2][age][eq]=1', 'or[1] is missing: OR groups are numbered from 0 without gaps'],
    ['or[8][age][eq]=1', 'or[8]: OR groups are numbered 0 to 7'],
    ['or[01][age][eq]=1', 'or[01]: OR groups are numbered 0 to 7'],
    ['or[-1][age][eq]=1', 'or[-1]: OR groups are numbered 0 to 7'],
    ['or[0][secret][eq]=1', 'or[0][secret][eq]: "secret" is not a filterable field'],
    ['or[0][age][like]=1', 'or[0][age][like]: unknown operator "like"'],
    ['or[0][age][cont]=1', 'or[0][age][cont]: operator "cont" is not allowed on field "age"'],
    ['or[0][age][gte]=x', 'or[0][age][gte] must be a number'],
    ['or[0][age][gte]=1&or[0][age][gte]=2', 'or[0][age][gte] must not be repeated'],
    ['or[0][age][value]=1', 'or[0][age][value] needs or[0][age][operator]'],
    ['age[gte]=1&or[0][age][gte]=2', 'or[0][age][gte] repeats the top-level condition age[gte]'],
    ['or[0]=1', 'or[0]: write a condition as or[<n>][<field>][<operator>]'],
    ['or=1', 'or must be a JSON array of groups, each an object { "<field>": { "<operator>": <value> } }'],
  ])('throws a 400 for %s', (query, message) => {
    expect(messages(query)).toContain(message);
  });

  it('takes 8 groups and 32 conditions, and refuses 33', () => {
    const conditions = (count: number) =>
      Array.from(
        { length: count },
        (_, i) =>
          `or[${i % 8}][${['age', 'username', 'email', 'role'][Math.floor(i / 8)]}][${['gte', 'cont', 'cont', 'ne'][Math.floor(i / 8)]}]=${Math.floor(i / 8) === 3 ? 'guest' : i}`,
      );
    expect((parseListQuery(conditions(32).join('&'), users).where as unknown[]).length).toBe(8);
    const extra = `${conditions(32).join('&')}&or[0][nickname][cont]=x`;
    expect(messages(extra)).toEqual(['OR groups may hold at most 32 conditions in all, got 33']);
  });

  it('parses any random OR query to the groups the programmatic OR array gives', () => {
    const condition = fc.oneof(
      fc.integer({ min: -5, max: 200 }).map((n) => ['age', 'gte', String(n)] as const),
      fc.integer({ min: -5, max: 200 }).map((n) => ['age', 'lt', String(n)] as const),
      fc.string({ maxLength: 6 }).map((s) => ['username', 'contl', s] as const),
      fc.constantFrom('admin', 'member', 'guest').map((s) => ['role', 'eq', s] as const),
      fc.constant(['deletedAt', 'isnull', ''] as const),
    );
    const group = fc.uniqueArray(condition, { minLength: 1, maxLength: 3, selector: ([field, op]) => `${field}${op}` });
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 8 }), (groups) => {
        const text = groups
          .flatMap((conditions, n) =>
            conditions.map(([field, op, value]) => `or[${n}][${field}][${op}]=${encodeURIComponent(value)}`),
          )
          .join('&');
        const parsed = parseListQuery(text, users);
        const normalized = recall(parsed, users, 'page')!;
        expect(normalized.groups).toHaveLength(groups.length);
        expect(canon(normalizeInput({ where: parsed.where }, users as never, 'page').groups)).toEqual(
          canon(normalized.groups),
        );
      }),
    );
  });
});

describe('cursor binding to the search', () => {
  it('refuses a cursor issued for another search, and takes it back for the same one', async () => {
    const records = Array.from({ length: 30 }, (_, i) => ({
      id: `u${String(i).padStart(2, '0')}`,
      username: i % 2 ? `Anna ${i}` : `bob ${i}`,
      email: `u${i}@x.io`,
      age: i,
      score: 1,
      active: true,
      role: 'member' as const,
      createdAt: new Date(0),
      deletedAt: null,
      secret: 's',
      tags: [],
    }));
    const repository = createMemoryRepository(users, { records });
    const first = await repository.listByCursor({ search: 'ann', limit: 5 });
    expect(first.nextCursor).not.toBeNull();
    expect(() => parseCursorQuery(`search=bob&cursor=${first.nextCursor}`, users)).toThrow(/another filter or order/);
    expect(() => parseCursorQuery(`cursor=${first.nextCursor}`, users)).toThrow(/another filter or order/);
    expect(parseCursorQuery(`search=ANN&cursor=${first.nextCursor}`, users).cursor).toBe(first.nextCursor);
  });
});
