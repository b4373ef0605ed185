import { createMemoryRepository } from 'pagelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../examples/shared/users';
import { startAdapterApp } from '../../bench/adapter-apps';
import { benchUsers } from '../../bench/data';
import { assertSamePage, floorPages } from '../../bench/floor-pages';
import { FRAMEWORKS, startFloor, type Started } from '../../bench/http-floors';
import { HTTP_Q1, HTTP_SORTED } from '../../bench/queries';

const records = benchUsers(2000).records;
const QUERIES = [HTTP_SORTED, HTTP_Q1].map((query) => ({ id: query.id, query: query.pagelope }));
const ROWS = FRAMEWORKS.flatMap((framework) => QUERIES.map((query) => ({ framework, ...query })));

// W3's ratios hold only if both sides serve the same page: each adapter's minimal app against its framework's floor.
describe('startAdapterApp', () => {
  const servers = new Map<string, { adapter: Started; floor: Started }>();

  beforeAll(async () => {
    for (const framework of FRAMEWORKS) {
      const adapter = await startAdapterApp(framework, createMemoryRepository(users, { records }));
      const floor = await startFloor(framework, floorPages(records));
      servers.set(framework, { adapter, floor });
    }
  });

  afterAll(async () => {
    for (const { adapter, floor } of servers.values()) await Promise.all([adapter.close(), floor.close()]);
  });

  it.each(ROWS)("returns the $framework floor's body for $id, byte for byte", async ({ framework, query }) => {
    const { adapter, floor } = servers.get(framework) as { adapter: Started; floor: Started };
    const get = async (server: Started): Promise<{ status: number; body: string }> => {
      const response = await fetch(`${server.url}/users?${query}`);
      return { status: response.status, body: await response.text() };
    };
    const [fromAdapter, fromFloor] = await Promise.all([get(adapter), get(floor)]);
    expect(fromAdapter.status).toBe(200);
    expect(fromFloor.status).toBe(200);
    expect((JSON.parse(fromAdapter.body) as { items: unknown[] }).items).toHaveLength(20);
    expect(fromAdapter.body).toBe(fromFloor.body);
  });

  it.each(FRAMEWORKS.map((framework) => ({ framework })))(
    'runs no rate limiter on $framework: no rate-limit header on the list',
    async ({ framework }) => {
      const { adapter } = servers.get(framework) as { adapter: Started };
      const response = await fetch(`${adapter.url}/users?${HTTP_SORTED.pagelope}`);
      await response.arrayBuffer();
      const names: string[] = [];
      response.headers.forEach((_value, name) => names.push(name));
      expect(names.filter((name) => /ratelimit|retry-after/i.test(name))).toEqual([]);
      expect(response.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});

describe('assertSamePage', () => {
  let adapter: Started;
  beforeAll(async () => {
    adapter = await startAdapterApp('fastify', createMemoryRepository(users, { records }));
  });
  afterAll(() => adapter.close());

  it('returns when the body is the page', async () => {
    const page = floorPages(records).get(HTTP_SORTED.pagelope);
    await expect(assertSamePage('fastify', adapter.url, HTTP_SORTED.pagelope, page)).resolves.toBeUndefined();
  });

  it('throws when the body is another page', async () => {
    const other = floorPages(records).get(HTTP_Q1.pagelope);
    await expect(assertSamePage('fastify', adapter.url, HTTP_SORTED.pagelope, other)).rejects.toThrow(
      /another body than the floor's/,
    );
  });
});
