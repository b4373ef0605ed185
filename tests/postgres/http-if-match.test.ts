/**
 * Optimistic concurrency over real HTTP: 50 concurrent `PATCH /users/:id` requests with the same `If-Match` against
 * each framework's demo, on memory, PGlite and the PostgreSQL server (when DATABASE_URL is set): exactly one 200 and
 * 49 412 envelopes, the version incremented once, and the record holding the one winning change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository, type Repository } from 'pagelope';
import { listen as listenExpress } from '../../examples/express/listen';
import { listen as listenFastify } from '../../examples/fastify/listen';
import { listen as listenHono } from '../../examples/hono/listen';
import { listen as listenNestjs } from '../../examples/nestjs/listen';
import type { ListenOptions, RunningServer } from '../../examples/shared/listen-options';
import { openPostgresDemoStore } from '../../examples/shared/postgres-store';
import { seedUsers } from '../../examples/shared/seed';
import { users, type User } from '../../examples/shared/users';
import { DATABASE_URL, uniqueTable } from './pg-clients';

const WRITERS = 50;
const ID = 'user-000002';

const FRAMEWORKS: readonly (readonly [string, (options: ListenOptions) => Promise<RunningServer>])[] = [
  ['express', listenExpress],
  ['fastify', listenFastify],
  ['hono', listenHono],
  ['nestjs', (options) => listenNestjs(options)],
];

interface Store {
  readonly repository: Repository<User>;
  close(): Promise<void>;
}

const STORES: readonly (readonly [string, () => Promise<Store>])[] = [
  [
    'memory',
    async () => ({ repository: createMemoryRepository(users, { records: seedUsers(3) }), close: async () => {} }),
  ],
  // An empty URL: the demo store's embedded PGlite.
  ['PGlite', () => openPostgresDemoStore(3, '', 'http_if_match')],
  ...(DATABASE_URL === undefined
    ? []
    : [['PostgreSQL server', () => openPostgresDemoStore(3, DATABASE_URL, uniqueTable('http_if_match'))] as const]),
];

if (DATABASE_URL === undefined)
  console.warn('http-if-match: DATABASE_URL is not set; the PostgreSQL server leg is skipped (PGlite and memory run)');

describe.each(STORES)('50 concurrent PATCHes with one If-Match on %s', (_store, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it.each(FRAMEWORKS)('over %s: exactly one 200, 49 412s, the version incremented once', async (_name, listen) => {
    const server = await listen({ repository: store.repository, rateLimitMax: 100_000, port: 0 });
    try {
      const before = (await (await fetch(`${server.url}/users/${ID}`)).json()) as User;
      const tag = `"${before.version}"`;
      const answers = await Promise.all(
        Array.from({ length: WRITERS }, async (_, i) => {
          const response = await fetch(`${server.url}/users/${ID}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', 'if-match': tag },
            body: JSON.stringify({ age: 100 + i }),
          });
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        }),
      );
      const won = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 412);
      expect([won.length, refused.length]).toStrictEqual([1, WRITERS - 1]);
      for (const { body } of refused) expect(body).toMatchObject({ statusCode: 412, error: 'Precondition Failed' });
      const winner = won[0]?.body as User;
      expect(winner.version).toBe(before.version + 1);
      const after = await fetch(`${server.url}/users/${ID}`);
      expect(after.headers.get('etag')).toBe(`"${before.version + 1}"`);
      expect(await after.json()).toStrictEqual({ ...before, age: winner.age, version: before.version + 1 });
    } finally {
      await server.close();
    }
  });
});
