/**
 * A busy SQLite database (another connection holds the write lock, no busy timeout left) through
 * `createDrizzleRepository`: a write is `toWriteConflictError`'s 503 with `retry-after`, which the service may retry,
 * not a 500, on libsql and better-sqlite3 (where its binary loads); sql.js is one connection, never busy.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle as drizzleBetterSqlite3 } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, defineResource, type Repository } from '../../src/index';
import { isWriteConflictError, type Resource } from '../../src/kit/index';
import { createDrizzleRepository, type DrizzleSQLiteDatabase } from '../../src/drizzle/index';
import { createSqliteTable, sqliteDriverUnavailable, type SqliteLeg } from './sqlite-legs';

const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), text: z.string() }) });
const require = createRequire(import.meta.url);

interface Locked {
  /** The database of the repository, and the statement that makes another connection hold the write lock. */
  readonly db: DrizzleSQLiteDatabase;
  readonly exec: (sql: string) => Promise<void>;
  readonly lock: () => Promise<void>;
  readonly close: () => Promise<void>;
}

type Native = new (file: string, options?: { timeout?: number }) => { exec(sql: string): unknown; close(): unknown };

const OPENERS: Record<'libsql' | 'better-sqlite3', (file: string) => Locked> = {
  libsql: (file) => {
    const client = createClient({ url: `file:${file}` });
    const holder = createClient({ url: `file:${file}` });
    let held: { close(): void } | undefined;
    return {
      db: drizzleLibsql(client) as unknown as DrizzleSQLiteDatabase,
      exec: async (sql) => void (await client.executeMultiple(sql)),
      // A write transaction of libsql's client holds the lock until closed (an execute of BEGIN does not).
      lock: async () => void (held = await holder.transaction('write')),
      close: async () => {
        held?.close();
        holder.close();
        client.close();
      },
    };
  },
  'better-sqlite3': (file) => {
    const Database = require('better-sqlite3') as Native;
    const client = new Database(file, { timeout: 0 });
    const holder = new Database(file, { timeout: 0 });
    return {
      db: drizzleBetterSqlite3({ client: client as never }) as unknown as DrizzleSQLiteDatabase,
      exec: async (sql) => void client.exec(sql),
      lock: async () => void holder.exec('BEGIN IMMEDIATE'),
      close: async () => {
        holder.close();
        client.close();
      },
    };
  },
};

describe('createDrizzleRepository on a busy SQLite database', () => {
  const files: string[] = [];
  afterEach(() => {
    for (const file of files.splice(0))
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
  });

  for (const driver of ['libsql', 'better-sqlite3'] as const) {
    const unavailable = sqliteDriverUnavailable(driver);
    it.skipIf(unavailable !== undefined)(`answers a write 503 with retry-after on ${driver}`, async () => {
      const file = join(tmpdir(), `pagelope-${randomUUID()}.db`);
      files.push(file);
      const locked = OPENERS[driver](file);
      try {
        const leg = { db: locked.db, exec: locked.exec, close: () => undefined } satisfies SqliteLeg;
        const table = await createSqliteTable(leg, notes as unknown as Resource, 'busy');
        const repository: Repository<{ id: string; text: string }> = createDrizzleRepository(notes, {
          db: locked.db,
          table,
        });
        await repository.create({ id: 'a', text: 'one' });
        await locked.lock();
        for (const write of [
          () => repository.create({ id: 'b', text: 'two' }),
          () => repository.update('a', { text: 'changed' }),
          () => repository.delete('a'),
        ]) {
          const failure = await write().catch((error: unknown) => error);
          expect(failure).toBeInstanceOf(HttpError);
          expect((failure as HttpError).statusCode).toBe(503);
          expect((failure as HttpError).headers).toMatchObject({ 'retry-after': '1' });
          expect(isWriteConflictError(failure)).toBe(true);
        }
      } finally {
        await locked.close();
      }
    });
  }
});
