/**
 * The demo's PostgreSQL store on a real server: it survives the server ending its idle pooled connections (a restart
 * or pg_terminate_backend) instead of crashing on an unhandled 'error' event, and serves again afterwards.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgresDemoStore } from '../../examples/shared/postgres-store';
import { watchConsoleError } from '../support/watch-error-log';
import { DATABASE_URL, uniqueTable } from './pg-clients';

describe.runIf(DATABASE_URL)('demo PostgreSQL store', () => {
  it('keeps running when an idle pool connection is terminated', async () => {
    const table = uniqueTable('demo_store');
    const store = await openPostgresDemoStore(5, DATABASE_URL, table);
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown): void => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    // The store's pool logs each connection the server ends: watched here, not printed.
    const log = watchConsoleError();
    try {
      const before = await store.repository.list({ limit: 5 });
      const terminated = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle' AND query LIKE $1`,
        [`%${table}%`],
      );
      expect(terminated.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the pool see the closed socket
      expect(uncaught).toEqual([]);
      const lines = log.lines();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(terminated.rowCount ?? 0);
      expect(new Set(lines)).toStrictEqual(
        new Set(['PostgreSQL pool: terminating connection due to administrator command']),
      );
      const after = await store.repository.list({ limit: 5 });
      expect(after.items).toEqual(before.items);
    } finally {
      log.restore();
      process.off('uncaughtException', onUncaught);
      await admin.query(`DROP TABLE IF EXISTS "${table}"`);
      await admin.end();
      await store.close();
    }
  });
});
