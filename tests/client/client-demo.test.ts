/**
 * The client against each framework's demo over a real socket on 127.0.0.1 (in the dist project, the built client
 * against the demos on the built package): walks visit every record exactly once, errors arrive as `ClientHttpError`
 * with the server's correlation id, and the record calls round-trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  isClientHttpError,
  type FetchLike,
  type ClientHttpError,
  type ResourceClient,
} from 'pagelope/client';
import { listen as listenExpress } from '../../examples/express/listen';
import { listen as listenFastify } from '../../examples/fastify/listen';
import { listen as listenHono } from '../../examples/hono/listen';
import { listen as listenNestjs } from '../../examples/nestjs/listen';
import type { ListenOptions, RunningServer } from '../../examples/shared/listen-options';
import { seedUsers } from '../../examples/shared/seed';
import { userSchema, type User } from '../../examples/shared/users';
import { rejectionOf } from '../support/rejection-of';

const SEED = 57;
const records = seedUsers(SEED);
const allIds = records.map((user) => user.id).sort();

const FRAMEWORKS: readonly (readonly [string, (options: ListenOptions) => Promise<RunningServer>])[] = [
  ['express', listenExpress],
  ['fastify', listenFastify],
  ['hono', listenHono],
  ['nestjs', (options) => listenNestjs(options)],
];

/** Ids in the order visited, checked to be free of duplicates. */
function expectOnce(ids: readonly string[], expected: readonly string[]): void {
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual([...expected].sort());
}

describe.each(FRAMEWORKS)('createClient against the %s demo', (_name, listen) => {
  let server: RunningServer;
  let users: ResourceClient<User>;
  /** The `x-correlation-id` of each response, in order. */
  const responseIds: (string | null)[] = [];

  beforeAll(async () => {
    server = await listen({ seedRecords: SEED, rateLimitMax: 100_000, rateLimitWindowMs: 60_000, port: 0 });
    const recording: FetchLike = async (url, init) => {
      const response = await fetch(url, init);
      responseIds.push(response.headers.get('x-correlation-id'));
      return response;
    };
    users = createClient({ baseUrl: server.url, fetch: recording }).resource<User>('/users', {
      revive: (raw) => userSchema.parse(raw),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('returns every record exactly once from pages, one page per request', async () => {
    const ids: string[] = [];
    let pages = 0;
    for await (const page of users.pages({ limit: 10 })) {
      pages++;
      ids.push(...page.items.map((user) => user.id));
    }
    expect(pages).toBe(Math.ceil(SEED / 10));
    expectOnce(ids, allIds);
  });

  it('returns every record exactly once from all, through the cursor route', async () => {
    const ids: string[] = [];
    for await (const user of users.all({ limit: 7, orderBy: [{ field: 'createdAt', direction: 'desc' }] })) {
      ids.push(user.id);
      expect(user.createdAt).toBeInstanceOf(Date);
    }
    expect(ids).toEqual([...records].sort((a, b) => +b.createdAt - +a.createdAt).map((user) => user.id));
    expectOnce(ids, allIds);
  });

  it('returns the filtered set exactly once from pages and all alike, reserved characters and dates included', async () => {
    const since = records[20]!.createdAt;
    const where = { status: { in: ['active', 'banned'] }, age: { gte: 25 }, createdAt: { gte: since } } as const;
    const expected = records
      .filter((u) => u.status !== 'inactive' && u.age >= 25 && u.createdAt >= since)
      .map((u) => u.id);
    expect(expected.length).toBeGreaterThan(3);
    const paged: string[] = [];
    for await (const page of users.pages({ where, limit: 3, orderBy: [{ field: 'age', direction: 'asc' }] })) {
      paged.push(...page.items.map((user) => user.id));
    }
    const walked: string[] = [];
    for await (const user of users.all({ where, limit: 2 })) walked.push(user.id);
    expectOnce(paged, expected);
    expectOnce(walked, expected);
    const none = await users.list({ where: { username: { cont: 'a&b=c?d#e[f]%+,' } } });
    expect(none.total).toBe(0);
  });

  it('returns the records of OR groups and a search exactly once from pages and all, holding only the selected fields', async () => {
    const plain = createClient({ baseUrl: server.url }).resource<User>('/users');
    const where = [{ status: 'banned', age: { lt: 40 } }, { age: { gte: 70 } }] as const;
    const matches = (u: User) =>
      (u.username.includes('o') || u.email.includes('o')) && ((u.status === 'banned' && u.age < 40) || u.age >= 70);
    const expected = records.filter(matches).map((u) => u.id);
    expect(expected.length).toBeGreaterThan(3);
    const paged: string[] = [];
    for await (const page of plain.pages({ where, search: 'O', select: ['age'], limit: 2 })) {
      for (const item of page.items) expect(Object.keys(item).sort()).toEqual(['age', 'id']);
      paged.push(...page.items.map((user) => user.id));
    }
    const walked: string[] = [];
    for await (const user of plain.all({ where, search: 'O', select: ['age'], limit: 3 })) walked.push(user.id);
    expectOnce(paged, expected);
    expectOnce(walked, expected);
  });

  it.each([
    ['a 400 for a bad limit', (client: ResourceClient<User>) => client.list({ limit: 0 }), 400],
    ['a 400 for an unknown field', (client: ResourceClient<User>) => client.list({ where: { nope: 1 } as never }), 400],
    ['a 400 for a bad cursor', (client: ResourceClient<User>) => client.listByCursor({ cursor: 'bogus' }), 400],
    ['a 404 for an unknown id', (client: ResourceClient<User>) => client.get('nobody/..'), 404],
  ] as const)("throws %s as ClientHttpError with the server's correlationID", async (_case, call, status) => {
    const error = (await rejectionOf(call(users))) as ClientHttpError;
    expect(isClientHttpError(error)).toBe(true);
    expect(error.statusCode).toBe(status);
    expect(error.correlationID).toBeDefined();
    expect(error.correlationID).toBe(responseIds.at(-1));
    expect(typeof error.error).toBe('string');
  });

  it('returns what create, get, replace, update and delete promise, and a 404 after the delete', async () => {
    const created = await users.create({
      username: 'clientuser',
      email: 'client@example.com',
      status: 'active',
      age: 33,
    });
    expect(created).toMatchObject({ username: 'clientuser', age: 33, deletedAt: null, version: 1 });
    expect(await users.get(created.id)).toEqual(created);
    const replaced = await users.replace(created.id, {
      username: 'replaced',
      email: 'replaced@example.com',
      status: 'inactive',
      age: 40,
      createdAt: created.createdAt,
    });
    expect(replaced).toEqual({
      ...created,
      username: 'replaced',
      email: 'replaced@example.com',
      status: 'inactive',
      age: 40,
      version: 2,
    });
    const updated = await users.update(created.id, { age: 41 });
    expect(updated).toEqual({ ...replaced, age: 41, version: 3 });
    await users.delete(created.id);
    const gone = (await rejectionOf(users.get(created.id))) as ClientHttpError;
    expect([gone.statusCode, gone.correlationID]).toEqual([404, responseIds.at(-1)]);
  });

  it("soft-deletes, restores, refuses a stale If-Match and writes the demo's batches", async () => {
    const created = await users.create({ username: 'cycle', email: 'cycle@example.com', status: 'active', age: 30 });
    await users.delete(created.id, { ifMatch: 1 });
    const restored = await users.restore(created.id);
    expect(restored).toEqual({ ...created, version: 3 });
    const stale = (await rejectionOf(users.update(created.id, { age: 31 }, { ifMatch: 1 }))) as ClientHttpError;
    expect(stale.statusCode).toBe(412);
    expect(await users.get(created.id)).toEqual(restored);

    const batch = await users.createMany([
      { username: 'batchone', email: 'b1@example.com', status: 'active', age: 20 },
      { username: 'batchtwo', email: 'b2@example.com', status: 'banned', age: 21 },
    ]);
    expect(batch.map((user) => [user.username, user.version, user.deletedAt])).toEqual([
      ['batchone', 1, null],
      ['batchtwo', 1, null],
    ]);
    const ids = batch.map((user) => user.id);
    const changed = await users.updateMany(ids.map((id) => ({ id, age: 50 })));
    expect(changed.map((user) => [user.id, user.age, user.version])).toEqual(ids.map((id) => [id, 50, 2]));
    const refused = (await rejectionOf(
      users.updateMany([
        { id: ids[0] ?? '', age: 51 },
        { id: 'nobody', age: 1 },
      ]),
    )) as ClientHttpError;
    expect(refused.statusCode).toBe(404);
    expect((await users.get(ids[0] ?? '')).age).toBe(50);
    expect(await users.deleteMany(ids)).toEqual(ids);
    for (const id of ids) expect(((await rejectionOf(users.get(id))) as ClientHttpError).statusCode).toBe(404);
  });

  it('calls the server with the correlation id given, which the error carries back', async () => {
    const error = (await rejectionOf(users.get('missing', { correlationId: 'client-trace-1' }))) as ClientHttpError;
    expect([error.statusCode, error.correlationID, responseIds.at(-1)]).toEqual([
      404,
      'client-trace-1',
      'client-trace-1',
    ]);
  });
});
