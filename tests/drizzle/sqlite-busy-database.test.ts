/**
 * The shared page and by-value reads, and the writes, of `createDrizzleRepository` on a SQLite file another
 * connection holds an EXCLUSIVE lock on (`BEGIN EXCLUSIVE`, rollback journal: no reader gets in), the repository's
 * connection waiting 50 ms (better-sqlite3's busy timeout) before SQLITE_BUSY: each is `toWriteConflictError`'s 503
 * with `retry-after`, the masked message and the driver's error as `cause`, never a 500, and each answers again once
 * the lock is released. SQLite has no statement time limit: a busy database is its timeout. On better-sqlite3, where
 * its binary loads: sql.js is one connection, never busy, and libsql's reads went on under another connection's
 * EXCLUSIVE lock (its writes are in sqlite-write-conflicts.test.ts, which holds them without a busy timeout).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, errorResponse, isHttpError, type Repository } from '../../src/index';
import { isWriteConflictError, type Resource } from '../../src/kit/index';
import { createDrizzleRepository, type DrizzleSQLiteDatabase } from '../../src/drizzle/index';
import { EMBEDDED_LEGS } from '../postgres/pg-clients';
import { createSqliteTable, sqliteDriverUnavailable } from './sqlite-legs';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), text: z.string(), rank: z.number() }),
  filterable: ['text', 'rank'],
  sortable: ['rank'],
});
type Note = z.output<typeof notes.schema>;

const require = createRequire(import.meta.url);
type Native = new (file: string, options?: { timeout?: number }) => { exec(sql: string): unknown; close(): unknown };

/** What a call answered: its status and `retry-after`, whether it is a write conflict and masked, or the error as text. */
async function answerOf(call: () => Promise<unknown>): Promise<unknown> {
  const error: unknown = await call().then(
    () => 'resolved',
    (caught: unknown) => caught,
  );
  if (!isHttpError(error)) return String(error);
  const body = JSON.stringify(errorResponse(error, { headers: {} }).body);
  return {
    status: error.statusCode,
    retryAfter: error.headers['retry-after'],
    conflict: isWriteConflictError(error),
    cause: error.cause instanceof Error,
    masked: !/locked|busy/i.test(body),
  };
}

/** Each call of the repository the lock stops: the reads first, then the writes. */
const CALLS: [string, (repository: Repository<Note>) => Promise<unknown>][] = [
  ['list', (repository) => repository.list({ where: { rank: { gte: 1 } } })],
  ['list, a deep page (its COUNT first)', (repository) => repository.list({ limit: 10, page: 1_001 })],
  [
    'listByCursor',
    (repository) => repository.listByCursor!({ orderBy: [{ field: 'rank', direction: 'desc' }], limit: 2 }),
  ],
  ['listByValues', (repository) => repository.listByValues!('rank', [1, 2], { scope: { text: { ne: 'x' } } })],
  ['listByValues, perValue', (repository) => repository.listByValues!('text', ['one', 'two'], { perValue: 1 })],
  ['countByValues', (repository) => repository.countByValues!('rank', [1, 3])],
  ['get', (repository) => repository.get('n2')],
  ['create', (repository) => repository.create({ id: 'n4', text: 'four', rank: 4 })],
  ['update', (repository) => repository.update('n1', { text: 'changed' })],
  ['delete', (repository) => repository.delete('n3')],
];

const unavailable = sqliteDriverUnavailable('better-sqlite3');

describe.runIf(EMBEDDED_LEGS)('createDrizzleRepository on a SQLite file another connection locks', () => {
  it.skipIf(unavailable !== undefined)(
    'answers each read and write 503 with retry-after after the busy timeout, and answers again after the lock',
    async () => {
      const file = join(tmpdir(), `pagelope-${randomUUID()}.db`);
      const Database = require('better-sqlite3') as Native;
      const client = new Database(file, { timeout: 50 });
      const holder = new Database(file, { timeout: 0 });
      try {
        const db = drizzle({ client: client as never }) as unknown as DrizzleSQLiteDatabase;
        const leg = { db, exec: async (sql: string) => void client.exec(sql), close: () => undefined };
        const table = await createSqliteTable(leg, notes as unknown as Resource, 'locked');
        const repository: Repository<Note> = createDrizzleRepository(notes, { db, table });
        for (const [id, text, rank] of [
          ['n1', 'one', 1],
          ['n2', 'two', 2],
          ['n3', 'three', 3],
        ] as const) {
          await repository.create({ id, text, rank });
        }
        const answers: Record<string, unknown> = {};
        holder.exec('BEGIN EXCLUSIVE');
        try {
          for (const [name, call] of CALLS) answers[name] = await answerOf(() => call(repository));
        } finally {
          holder.exec('ROLLBACK');
        }
        const busy = { status: 503, retryAfter: '1', conflict: true, cause: true, masked: true };
        expect(answers).toEqual(Object.fromEntries(CALLS.map(([name]) => [name, busy])));
        expect(await repository.get('n2')).toEqual({ id: 'n2', text: 'two', rank: 2 });
        expect(await repository.countByValues!('rank', [1, 3])).toEqual(
          new Map([
            [1, 1],
            [3, 1],
          ]),
        );
      } finally {
        holder.close();
        client.close();
        for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
      }
    },
  );
});
