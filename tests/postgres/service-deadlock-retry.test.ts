/**
 * The service's retry of a write conflict, end to end on the PostgreSQL server (issue 32): two concurrent updates
 * whose before-hooks lock each other's record through `context.transaction` deadlock for real; PostgreSQL aborts one
 * (40P01), the repository throws `toWriteConflictError`, and the service runs that write again in a new transaction,
 * so both answer with their record and neither is a 503. Skipped without DATABASE_URL (PGlite has one connection, so
 * nothing there can deadlock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource } from '../../src/index';
import { createPostgresRepository } from '../../src/postgres/index';
import { DATABASE_URL, openServer, uniqueTable, type TestDatabase } from './pg-clients';

const accounts = defineResource({
  name: 'accounts',
  schema: z.object({ id: z.string(), n: z.number().int(), touched: z.number().int() }),
  clientIds: true,
});

/** Resolves once `count` callers have arrived, or after `ms` (so that a retry, arriving alone, never waits long). */
function barrier(count: number, ms: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived >= count) open();
    return Promise.race([opened, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
  };
}

describe.skipIf(!DATABASE_URL)('the service retries a real deadlock (PostgreSQL server)', () => {
  let db: TestDatabase;
  const table = uniqueTable('deadlock_accounts');

  beforeAll(async () => {
    db = await openServer(DATABASE_URL ?? '');
    await db.exec(`CREATE TABLE "${table}" (id text PRIMARY KEY, n integer NOT NULL, touched integer NOT NULL)`);
  });
  afterAll(async () => {
    await db.dropTables([table]);
    await db.close();
  });

  it('answers both of two deadlocking updates, one of them after a retry', async () => {
    await db.exec(`DELETE FROM "${table}"; INSERT INTO "${table}" VALUES ('a', 0, 0), ('b', 0, 0)`);
    const repository = createPostgresRepository(accounts, { client: db.client, table });
    const service = createResourceService({ resource: accounts, repository, transaction: true });
    const bothLocked = barrier(2, 3000);
    const attempts: string[] = [];
    // Each update first touches the other record in its transaction, then waits until both have: each then needs the
    // row the other holds.
    service.hooks.on('onBeforeUpdate', async ({ id, patch, transaction }) => {
      attempts.push(String(id));
      const other = id === 'a' ? 'b' : 'a';
      const bound = transaction!.repository(repository);
      const current = await bound.get(other);
      await bound.update(other, { touched: current.touched + 1 });
      await bothLocked();
      return patch;
    });
    const [a, b] = await Promise.allSettled([service.update('a', { n: 1 }), service.update('b', { n: 2 })]);
    expect(a.status, String((a as PromiseRejectedResult).reason)).toBe('fulfilled');
    expect(b.status, String((b as PromiseRejectedResult).reason)).toBe('fulfilled');
    // Three attempts: the deadlock happened, and the aborted update ran once more.
    expect(attempts).toHaveLength(3);
    const rows = (await repository.list({ orderBy: [{ field: 'id', direction: 'asc' }] })).items;
    expect(rows.map(({ id, n }) => ({ id, n }))).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    // Each record was touched once by the other's committed attempt; the aborted attempt's touch was rolled back.
    expect(rows.map((row) => row.touched)).toEqual([1, 1]);
  }, 30_000);
});
