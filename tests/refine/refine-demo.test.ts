/**
 * The refine provider against each framework's demo over a real socket on 127.0.0.1 (in the dist project, the built
 * provider against the demos on the built package): every mapped operator selects what a reference filter of the
 * seeded users selects, and OR groups, sorters, pages, walks, search, selection, the record methods and errors work
 * end to end. `null`/`nnull` and `getMany` by `id[in]` run against a small app whose people allow them.
 */
import type { CrudFilter } from '@refinedev/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataProvider, type PagelopeDataProvider } from 'pagelope/refine';
import type { RunningServer } from '../../examples/shared/listen-options';
import type { User } from '../../examples/shared/users';
import { rejectionOf } from '../support/rejection-of';
import { asSent, FRAMEWORKS, listenPeople, OPERATOR_ROWS, people, records, SEED, type Person } from './demo-fixtures';

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ALL = { currentPage: 1, pageSize: 100 } as const;
const ID_ORDER = [{ field: 'id', order: 'asc' }] as const;

describe.each(FRAMEWORKS)('dataProvider against the %s demo', (_name, listen) => {
  let server: RunningServer;
  let provider: PagelopeDataProvider;

  /** getList of every matching user in id order, in one page. */
  const listAll = (filters: unknown[]) =>
    provider.getList({ resource: 'users', filters: filters as CrudFilter[], pagination: ALL, sorters: [...ID_ORDER] });
  const expected = (matches: (user: User) => boolean) => records.filter(matches).sort(byId).map(asSent);

  beforeAll(async () => {
    server = await listen({ seedRecords: SEED, rateLimitMax: 100_000, rateLimitWindowMs: 60_000, port: 0 });
    provider = dataProvider(server.url, { getMany: 'each' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(OPERATOR_ROWS.map((row) => [row.operator, row.field, JSON.stringify(row.value), row] as const))(
    'returns for %s on %s %s the records and total of the reference filter',
    async (_operator, _field, _value, { operator, field, value, matches }) => {
      const want = expected(matches);
      const { data, total } = await listAll([{ field, operator, value }]);
      expect({ data, total }).toEqual({ data: want, total: want.length });
    },
  );

  it('has operator rows that select some records but not all, and rows that tell case apart by selecting none or all', () => {
    const counts = OPERATOR_ROWS.map((row) => records.filter(row.matches).length);
    expect(counts.filter((count) => count > 0 && count < SEED).length).toBeGreaterThanOrEqual(20);
    expect(counts).toContain(0);
    expect(counts).toContain(SEED);
    expect(new Set(OPERATOR_ROWS.map((row) => row.operator)).size).toBe(19);
  });

  it('answers null and nnull on the demo (no nullable field) with the 400 that names isnull and notnull', async () => {
    for (const [operator, name] of [
      ['null', 'isnull'],
      ['nnull', 'notnull'],
    ]) {
      const error = await rejectionOf(listAll([{ field: 'age', operator, value: true }]));
      expect(error).toMatchObject({ name: 'HttpError', statusCode: 400, error: 'Bad Request' });
      expect((error as Error).message).toContain(`age[${name}]`);
    }
  });

  it('returns the records of an or with an and inside, ANDed with another filter, as the reference does', async () => {
    const filters = [
      { field: 'email', operator: 'contains', value: 'O' },
      {
        operator: 'or',
        value: [
          { field: 'age', operator: 'lt', value: 25 },
          {
            operator: 'and',
            value: [
              { field: 'status', operator: 'eq', value: 'banned' },
              { field: 'username', operator: 'startswith', value: 'S' },
            ],
          },
        ],
      },
    ];
    const want = expected(
      (u) => u.email.includes('o') && (u.age < 25 || (u.status === 'banned' && u.username.startsWith('s'))),
    );
    expect(want.length).toBeGreaterThan(3);
    expect(await listAll(filters)).toEqual({ data: want, total: want.length });
  });

  it('returns the page of the sorted listing that currentPage and pageSize name, and the total', async () => {
    const sorted = [...records].sort((a, b) => b.age - a.age || byId(a, b)).filter((u) => u.status !== 'banned');
    const result = await provider.getList({
      resource: 'users',
      filters: [{ field: 'status', operator: 'ne', value: 'banned' }],
      sorters: [{ field: 'age', order: 'desc' }],
      pagination: { currentPage: 3, pageSize: 7 },
    });
    expect(result).toEqual({ data: sorted.slice(14, 21).map(asSent), total: sorted.length });
  });

  it.each(['off', 'client'] as const)('returns every matching record once under mode %s', async (mode) => {
    const result = await provider.getList({
      resource: 'users',
      filters: [{ field: 'age', operator: 'gte', value: 20 }],
      sorters: [{ field: 'createdAt', order: 'desc' }],
      pagination: { mode, pageSize: 5 },
    });
    const want = [...records].filter((u) => u.age >= 20).sort((a, b) => +b.createdAt - +a.createdAt);
    expect(want.length).toBeGreaterThan(5);
    expect(result).toEqual({ data: want.map(asSent), total: want.length });
  });

  it('searches with meta.search and selects fields with meta.select', async () => {
    const result = await provider.getList({
      resource: 'users',
      meta: { search: 'ZO', select: ['username'] },
      sorters: [...ID_ORDER],
      pagination: ALL,
    });
    const want = records.filter((u) => u.username.includes('zo') || u.email.includes('zo')).sort(byId);
    expect(want.length).toBeGreaterThan(3);
    expect(result).toEqual({ data: want.map((u) => ({ id: u.id, username: u.username })), total: want.length });
  });

  it('creates, reads, updates, lists and deletes a record', async () => {
    const variables = { username: 'Refined', email: 'refined@example.com', status: 'active', age: 33 };
    const { data: created } = await provider.create({ resource: 'users', variables });
    expect(created).toMatchObject({ ...variables, deletedAt: null, version: 1 });
    const id = String(created['id']);
    expect(await provider.getOne({ resource: 'users', id })).toEqual({ data: created });
    const { data: updated } = await provider.update({ resource: 'users', id, variables: { age: 34 } });
    expect(updated).toEqual({ ...created, age: 34, version: 2 });
    const many = await provider.getMany({ resource: 'users', ids: [id, records[0]!.id] });
    expect(many).toEqual({ data: [updated, asSent(records[0])] });
    const exact = await listAll([{ field: 'username', operator: 'eqs', value: 'Refined' }]);
    expect(exact).toEqual({ data: [updated], total: 1 });
    expect(await provider.deleteOne({ resource: 'users', id })).toEqual({ data: { id } });
    const error = await rejectionOf(provider.getOne({ resource: 'users', id }));
    expect(error).toMatchObject({ name: 'HttpError', statusCode: 404, error: 'Not Found' });
    expect((error as { correlationID?: unknown }).correlationID).toEqual(expect.any(String));
  });

  it("rejects with refine's HttpError carrying the server's messages, status and correlation id", async () => {
    const correlationId = 'refine-demo-1';
    const strict = dataProvider(server.url, { correlationId });
    const error = await rejectionOf(
      strict.create({ resource: 'users', variables: { username: '', email: 'not an email', status: 'x', age: -1 } }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'HttpError', statusCode: 400, correlationID: correlationId });
    const { messages, message } = error as { messages: string[]; message: string };
    expect(messages.length).toBeGreaterThan(1);
    expect(message).toBe(messages.join('; '));
    expect(messages.join('\n')).toMatch(/email/);
  });

  it('rejects getMany by id[in] with the 400 of the demo, whose id is not filterable', async () => {
    const byIn = dataProvider(server.url);
    const error = await rejectionOf(byIn.getMany({ resource: 'users', ids: [records[0]!.id] }));
    expect(error).toMatchObject({ statusCode: 400 });
    expect((error as Error).message).toContain('"id" is not a filterable field');
  });
});

describe('dataProvider against an app with a nullable field and a filterable id', () => {
  let server: RunningServer;
  let provider: PagelopeDataProvider;
  beforeAll(async () => {
    server = await listenPeople();
    provider = dataProvider(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    { operator: 'null', matches: (p: Person) => p.nickname === null },
    { operator: 'nnull', matches: (p: Person) => p.nickname !== null },
  ])('returns for $operator the records of the reference filter', async ({ operator, matches }) => {
    const want = people.filter(matches).sort(byId).map(asSent);
    expect(want.length).toBeGreaterThan(5);
    const result = await provider.getList({
      resource: 'people',
      filters: [{ field: 'nickname', operator, value: true } as CrudFilter],
      sorters: [...ID_ORDER],
      pagination: ALL,
    });
    expect(result).toEqual({ data: want, total: want.length });
  });

  it('returns getMany by id[in] in the order of the ids, leaving out a missing one', async () => {
    const ids = [people[7]!.id, 'nobody', people[2]!.id, people[7]!.id];
    expect(await provider.getMany({ resource: 'people', ids })).toEqual({
      data: [asSent(people[7]), asSent(people[2])],
    });
  });

  it('returns getMany of more than 100 ids by several requests', async () => {
    const ids = [...people.map((p) => p.id), ...Array.from({ length: 60 }, (_, i) => `ghost-${i}`)].reverse();
    const result = await provider.getMany({ resource: 'people', ids });
    expect(result.data.map((record) => record['id'])).toEqual(people.map((p) => p.id).reverse());
  });
});
