import { describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  defineResource,
  parseCursorQuery,
  parseListQuery,
  type CursorQuery,
} from '../../../src/index';
import { badRequestOf, badRequestOfAsync, messagesOf, strictUsers, userSchema, users, type User } from '../fixtures';

const ROLES = ['admin', 'member', 'guest'] as const;

/** 23 users; ages repeat so that the id tie-breaker decides. */
const MANY: readonly User[] = Array.from({ length: 23 }, (_, i) => ({
  id: `r${String(i).padStart(2, '0')}`,
  username: `user${i}`,
  email: `user${i}@example.com`,
  age: 20 + (i % 7),
  score: i / 4,
  active: i % 2 === 0,
  role: ROLES[i % 3] ?? 'guest',
  createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
  deletedAt: i % 5 === 0 ? new Date(Date.UTC(2024, 6, 1)) : null,
  secret: `s${i}`,
  tags: [],
}));

const tiny = defineResource({
  name: 'tiny',
  schema: userSchema,
  filterable: ['age'],
  pagination: { defaultLimit: 2, maxLimit: 5 },
});

const toBase64Url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const fromBase64Url = (text: string): unknown => JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));

const ids = (items: readonly User[]): string[] => items.map((user) => user.id);

/** A real cursor: the one after the first page of `text`. */
async function firstCursor(text: string): Promise<string> {
  const repository = createMemoryRepository(users, { records: MANY });
  const { nextCursor } = await repository.listByCursor(parseCursorQuery(text, users));
  if (nextCursor === null) throw new Error('expected a next cursor');
  return nextCursor;
}

describe('parseCursorQuery', () => {
  it('returns cursor null, limit 20 and the default order of the resource, as list has it', () => {
    expect(parseCursorQuery('', users)).toStrictEqual({
      cursor: null,
      limit: 20,
      where: {},
      orderBy: [
        { field: 'createdAt', direction: 'desc' },
        { field: 'id', direction: 'asc' },
      ],
    });
    expect(parseCursorQuery('', users).orderBy).toStrictEqual(parseListQuery('', users).orderBy);
    expect(parseCursorQuery('', tiny).orderBy).toStrictEqual([{ field: 'id', direction: 'asc' }]);
  });

  it('bounds the default limit by maxLimit', () => {
    expect(parseCursorQuery('', tiny).limit).toBe(5);
    expect(parseCursorQuery(undefined, strictUsers).limit).toBe(20);
  });

  it('returns a frozen query', () => {
    const query = parseCursorQuery('age[gte]=3&orderBy=age', users);
    expect(Object.isFrozen(query)).toBe(true);
    expect(Object.isFrozen(query.where)).toBe(true);
    expect(Object.isFrozen(query.orderBy)).toBe(true);
  });

  it.each([
    { name: 'an empty cursor', input: 'cursor=' },
    { name: 'an empty cursor after a question mark', input: '?cursor=&limit=3' },
    { name: 'a bare cursor', input: 'cursor' },
    { name: 'an empty cursor in an object', input: { cursor: '' } },
    { name: 'an empty cursor in URLSearchParams', input: new URLSearchParams({ cursor: '' }) },
  ])('treats $name as the first page', async ({ input }) => {
    const query = parseCursorQuery(input, users);
    expect(query.cursor).toBeNull();
    const repository = createMemoryRepository(users, { records: MANY });
    const first = ids((await repository.list(parseListQuery('', users))).items)[0];
    expect(ids((await repository.listByCursor(query)).items)[0]).toBe(first);
  });

  it('parses filters and orders as parseListQuery does', () => {
    const text =
      'username[operator]=contl&username[value]=USER1&age[between]=20&age[between]=24&deletedAt[isnull]&orderBy=role,age&orderDirection=ASC,DESC';
    const cursorQuery = parseCursorQuery(text, users);
    const listQuery = parseListQuery(text, users);
    expect(cursorQuery.where).toStrictEqual(listQuery.where);
    expect(cursorQuery.orderBy).toStrictEqual(listQuery.orderBy);
  });

  it.each([
    { name: 'page', input: 'page=1', names: 'unknown parameter "page"' },
    { name: 'page with brackets', input: 'page[eq]=1', names: 'unknown parameter "page[eq]"' },
    { name: 'a repeated cursor', input: 'cursor=a&cursor=b', names: 'cursor must not be repeated' },
    { name: 'limit 0', input: 'limit=0', names: 'limit must be a positive integer' },
    { name: 'an exponent limit', input: 'limit=1e1', names: 'limit must be a positive integer' },
    { name: 'a repeated limit', input: 'limit=1&limit=1', names: 'limit must not be repeated' },
    { name: 'a non-filterable field', input: 'secret[eq]=1', names: 'secret[eq]: "secret" is not a filterable field' },
    { name: 'a non-sortable orderBy', input: 'orderBy=secret', names: 'orderBy: "secret" is not a sortable field' },
    { name: 'a bare field', input: 'age=3', names: 'unknown parameter "age"' },
    { name: '__proto__', input: '__proto__[cursor]=1', names: 'parameter "__proto__[cursor]" is not allowed' },
    { name: 'cursor with brackets', input: 'cursor[eq]=x', names: 'unknown parameter "cursor[eq]"' },
  ])('throws a 400 naming the parameter for $name', ({ input, names }) => {
    const error = badRequestOf(() => parseCursorQuery(input, users));
    expect(
      messagesOf(error).some((message) => message.includes(names)),
      JSON.stringify(error.message),
    ).toBe(true);
  });

  it('clamps a limit above maxLimit, or rejects it with the reject policy', () => {
    expect(parseCursorQuery('limit=500', users).limit).toBe(50);
    expect(messagesOf(badRequestOf(() => parseCursorQuery('limit=21', strictUsers)))).toStrictEqual([
      'limit must be at most 20',
    ]);
  });

  it.each([
    { name: 'characters outside base64url', cursor: 'abc!def' },
    { name: 'padding', cursor: 'WzFd==' },
    { name: 'standard base64 characters', cursor: 'ab+/cd' },
    { name: 'text that is not JSON', cursor: toBase64Url('not json') },
    { name: 'JSON that is not an array', cursor: toBase64Url('{"a":1}') },
    { name: 'an empty array', cursor: toBase64Url('[]') },
    { name: 'an array of the wrong length', cursor: toBase64Url('["h","x","y"]') },
    { name: 'invalid UTF-8', cursor: Buffer.from([0x5b, 0xff, 0xfe, 0x5d]).toString('base64url') },
    { name: 'a 5000-character cursor', cursor: 'A'.repeat(5000) },
    { name: 'a cursor named __proto__', cursor: '__proto__' },
    { name: 'a Unicode cursor', cursor: 'é😀' },
  ])('throws a 400 for a malformed cursor: $name', ({ cursor }) => {
    const error = badRequestOf(() => parseCursorQuery(new URLSearchParams({ cursor }), users));
    expect(messagesOf(error).some((message) => message.startsWith('cursor '))).toBe(true);
  });

  it('returns the cursor it was given, and listByCursor continues after it', async () => {
    const cursor = await firstCursor('limit=5&orderBy=age&orderDirection=DESC');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const query = parseCursorQuery(`limit=5&orderBy=age&orderDirection=DESC&cursor=${cursor}`, users);
    expect(query.cursor).toBe(cursor);
    const repository = createMemoryRepository(users, { records: MANY });
    const all = ids((await repository.list({ orderBy: [{ field: 'age', direction: 'desc' }], limit: 50 })).items);
    expect(ids((await repository.listByCursor(query)).items)).toStrictEqual(all.slice(5, 10));
  });

  it('accepts a cursor reused with another limit', async () => {
    const cursor = await firstCursor('limit=4&age[gte]=22&orderBy=age');
    const repository = createMemoryRepository(users, { records: MANY });
    const all = ids(
      (await repository.list({ where: { age: { gte: 22 } }, orderBy: [{ field: 'age', direction: 'asc' }], limit: 50 }))
        .items,
    );
    const page = await repository.listByCursor(
      parseCursorQuery(`limit=7&age[gte]=22&orderBy=age&cursor=${cursor}`, users),
    );
    expect(ids(page.items)).toStrictEqual(all.slice(4, 11));
    const rest = await repository.listByCursor(parseCursorQuery(`age[gte]=22&orderBy=age&cursor=${cursor}`, users));
    expect(ids(rest.items)).toStrictEqual(all.slice(4));
    expect(rest.nextCursor).toBeNull();
  });

  it('accepts a cursor of a parsed query in programmatic listByCursor with the same filter and order', async () => {
    const cursor = await firstCursor('limit=3&role[in]=admin&role[in]=guest&orderBy=role');
    const repository = createMemoryRepository(users, { records: MANY });
    const page = await repository.listByCursor({
      cursor,
      limit: 3,
      where: { role: { in: ['admin', 'guest'] } },
      orderBy: [
        { field: 'role', direction: 'asc' },
        { field: 'id', direction: 'asc' },
      ],
    });
    expect(page.items).toHaveLength(3);
  });

  it.each<{ name: string; text: string; message?: string }>([
    { name: 'another filter value', text: 'age[gte]=23&orderBy=age' },
    { name: 'another operator', text: 'age[gt]=22&orderBy=age' },
    { name: 'an added filter', text: 'age[gte]=22&active[eq]=true&orderBy=age' },
    { name: 'no filter', text: 'orderBy=age' },
    { name: 'another direction', text: 'age[gte]=22&orderBy=age&orderDirection=DESC' },
    { name: 'another sort field', text: 'age[gte]=22&orderBy=score' },
    // A cursor with another number of sort keys fails the shape check before the binding check.
    { name: 'the default order', text: 'age[gte]=22' },
  ])('throws a 400 for a cursor reused with $name', async ({ text, message }) => {
    const cursor = await firstCursor('limit=4&age[gte]=22&orderBy=age');
    const error = badRequestOf(() => parseCursorQuery(`${text}&cursor=${cursor}`, users));
    expect(messagesOf(error)).toStrictEqual([message ?? 'cursor was issued for another filter or order']);
  });

  it('throws a 400 for a cursor reused in programmatic listByCursor with another filter', async () => {
    const cursor = await firstCursor('limit=4&age[gte]=22&orderBy=age');
    const repository = createMemoryRepository(users, { records: MANY });
    const error = await badRequestOfAsync(
      repository.listByCursor({ cursor, where: { age: { gte: 21 } }, orderBy: [{ field: 'age', direction: 'asc' }] }),
    );
    expect(messagesOf(error)).toStrictEqual(['cursor was issued for another filter or order']);
  });

  it('throws a 400 for a tampered cursor', async () => {
    const cursor = await firstCursor('limit=4&orderBy=age');
    const payload = fromBase64Url(cursor) as unknown[];
    expect(payload).toHaveLength(3);
    const wrongType = toBase64Url(JSON.stringify([payload[0], 'twenty', payload[2]]));
    expect(messagesOf(badRequestOf(() => parseCursorQuery(`orderBy=age&cursor=${wrongType}`, users)))).toStrictEqual([
      'cursor is malformed',
    ]);
    const wrongHash = toBase64Url(JSON.stringify(['x', payload[1], payload[2]]));
    expect(messagesOf(badRequestOf(() => parseCursorQuery(`orderBy=age&cursor=${wrongHash}`, users)))).toStrictEqual([
      'cursor was issued for another filter or order',
    ]);
    const extra = toBase64Url(JSON.stringify([...payload, 1]));
    expect(messagesOf(badRequestOf(() => parseCursorQuery(`orderBy=age&cursor=${extra}`, users)))).toStrictEqual([
      'cursor is malformed',
    ]);
  });

  it('walks every matching record exactly once, in order, by following nextCursor', async () => {
    const repository = createMemoryRepository(users, { records: MANY });
    const filter = 'active[eq]=true&orderBy=age,createdAt&orderDirection=DESC,ASC&limit=3';
    const expected = ids(
      (
        await repository.list({
          where: { active: true },
          orderBy: [
            { field: 'age', direction: 'desc' },
            { field: 'createdAt', direction: 'asc' },
          ],
          limit: 50,
        })
      ).items,
    );
    const seen: string[] = [];
    let query: CursorQuery<User> = parseCursorQuery(filter, users);
    for (let guard = 0; guard < 20; guard++) {
      const page = await repository.listByCursor(query);
      seen.push(...ids(page.items));
      if (page.nextCursor === null) break;
      query = parseCursorQuery(`${filter}&cursor=${page.nextCursor}`, users);
    }
    expect(expected).toHaveLength(12);
    expect(seen).toStrictEqual(expected);
  });
});
