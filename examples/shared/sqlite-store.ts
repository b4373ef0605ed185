import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Repository } from 'pagelope';
import { createDrizzleRepository } from 'pagelope/drizzle';
import { seedUsers } from './seed';
import { users, type User } from './users';

/** A seeded SQLite repository for the demo, and how to release it. */
export interface SqliteDemoStore {
  readonly repository: Repository<User>;
  readonly description: string;
  close(): Promise<void>;
}

/** The demo's SQLite file when none is given: in the system's temp folder, kept between runs. */
export const DEFAULT_SQLITE_FILE = join(tmpdir(), 'pagelope-demo.db');

/**
 * The demo's users in a SQLite file through Drizzle (`drizzle-orm/libsql`): the table `pagelope_demo_users` (unless
 * `table` says otherwise) is created when missing and seeded with `count` deterministic users when empty, so the
 * records written in one run are there in the next.
 */
export async function openSqliteDemoStore(
  count: number,
  file = DEFAULT_SQLITE_FILE,
  table = 'pagelope_demo_users',
): Promise<SqliteDemoStore> {
  const { createClient } = await import('@libsql/client');
  const { drizzle } = await import('drizzle-orm/libsql');
  const client = createClient({ url: `file:${file}` });
  await client.execute(
    `CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, username TEXT NOT NULL, email TEXT NOT NULL, ` +
      'status TEXT NOT NULL, age INTEGER NOT NULL, created_at INTEGER NOT NULL, deleted_at INTEGER, ' +
      'version INTEGER NOT NULL)',
  );
  const usersTable = sqliteTable(table, {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['active', 'inactive', 'banned'] }).notNull(),
    age: integer('age').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    version: integer('version').notNull(),
  });
  const repository = createDrizzleRepository(users, { db: drizzle(client), table: usersTable });
  if ((await repository.list({ limit: 1 })).total === 0) {
    for (const user of seedUsers(count)) await repository.create(user);
  }
  return { repository, description: `SQLite file ${file}`, close: async () => client.close() };
}
