/**
 * The shared page and by-value reads of `createDrizzleRepository` on MariaDB cut short by `max_statement_time`
 * (1969): a listing, a cursor page, a deep page's COUNT, `listByValues`, `countByValues` and `get` each answer 503
 * with `retry-after`, the masked message and the driver's error as `cause`, never a 500; the connection serves the
 * next statement. The repository reads a view whose rows each wait `SLEEP(s)` seconds, `s` read from a table: 0 while
 * the repository reads the catalog, longer than the session's time limit (0.1 s) then.
 * tests/postgres/database-errors.test.ts holds the same on PostgreSQL (statement_timeout, 57014). Skipped without
 * MYSQL_URL. A server refusing connections is a 503 from the repository's first call, whose catalog read came back
 * as the driver's error (a 500) before.
 */
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, errorResponse, isHttpError, type Repository } from '../../src/index';
import { isWriteConflictError, type Resource } from '../../src/kit/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { declareMissingMariaDb, MYSQL_URL, mysqlTableOf, mysqlTableSql } from './mysql-leg';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), text: z.string(), rank: z.number() }),
  filterable: ['text', 'rank'],
  sortable: ['rank'],
});

/** What each read answered: its status and `retry-after`, the driver's errno, or the error as text. */
async function answerOf(read: () => Promise<unknown>): Promise<unknown> {
  const error: unknown = await read().then(
    () => 'resolved',
    (caught: unknown) => caught,
  );
  if (!isHttpError(error)) return String(error);
  const body = JSON.stringify(errorResponse(error, { headers: {} }).body);
  return {
    status: error.statusCode,
    retryAfter: error.headers['retry-after'],
    errno: (error.cause as { errno?: unknown } | undefined)?.errno,
    conflict: isWriteConflictError(error),
    masked: !/max_statement_time|interrupted|SLEEP/i.test(body),
  };
}

describe('createDrizzleRepository on MariaDB server: reads cut short by max_statement_time', () => {
  const url = MYSQL_URL;
  if (!url) {
    declareMissingMariaDb();
    return;
  }
  const table = uniqueTable('my_slow_notes');
  const view = `${table}_v`;
  const pause = `${table}_s`;
  let admin: mysql.Connection;
  let pool: mysql.Pool;
  let repository: Repository<z.output<typeof notes.schema>>;

  beforeAll(async () => {
    admin = await mysql.createConnection({ uri: url });
    await admin.query(mysqlTableSql(notes as unknown as Resource, table));
    await admin.query(`INSERT INTO \`${table}\` VALUES ('n1', 'one', 1), ('n2', 'two', 2), ('n3', 'three', 3)`);
    await admin.query(`CREATE TABLE \`${pause}\` (s DOUBLE NOT NULL)`);
    await admin.query(`INSERT INTO \`${pause}\` VALUES (0)`);
    await admin.query(
      `CREATE VIEW \`${view}\` AS SELECT n.* FROM \`${table}\` n WHERE SLEEP((SELECT s FROM \`${pause}\`)) = 0`,
    );
    // One connection: the session's time limit, set once the repository has read the catalog, holds for every read.
    pool = mysql.createPool({ uri: url, connectionLimit: 1 });
    repository = createDrizzleRepository(notes, {
      db: drizzle({ client: pool }),
      table: mysqlTableOf(notes as unknown as Resource, view),
    });
    expect((await repository.list()).total).toBe(3);
    await admin.query(`UPDATE \`${pause}\` SET s = 0.5`);
    await pool.query('SET SESSION max_statement_time = 0.1');
  });
  afterAll(async () => {
    await admin.query(`DROP VIEW IF EXISTS \`${view}\``);
    await admin.query(`DROP TABLE IF EXISTS \`${table}\`, \`${pause}\``);
    await admin.end();
    await pool.end();
  });

  it('answers 503 with retry-after for each read, and reads again once the view is fast', async () => {
    const reads: [string, () => Promise<unknown>][] = [
      ['list', () => repository.list({ where: { rank: { gte: 1 } } })],
      ['list, a deep page (its COUNT first)', () => repository.list({ limit: 10, page: 1_001 })],
      ['listByCursor', () => repository.listByCursor!({ orderBy: [{ field: 'rank', direction: 'desc' }], limit: 2 })],
      ['listByValues', () => repository.listByValues!('rank', [1, 2], { scope: { text: { ne: 'x' } } })],
      ['listByValues, perValue', () => repository.listByValues!('text', ['one', 'two'], { perValue: 1 })],
      ['countByValues', () => repository.countByValues!('rank', [1, 3])],
      ['get', () => repository.get('n2')],
    ];
    const answers: Record<string, unknown> = {};
    for (const [name, read] of reads) answers[name] = await answerOf(read);
    const timedOut = { status: 503, retryAfter: '1', errno: 1969, conflict: false, masked: true };
    expect(answers).toEqual(Object.fromEntries(reads.map(([name]) => [name, timedOut])));
    await admin.query(`UPDATE \`${pause}\` SET s = 0`);
    await pool.query('SET SESSION max_statement_time = 0');
    expect(await repository.get('n2')).toEqual({ id: 'n2', text: 'two', rank: 2 });
    expect(await repository.countByValues!('rank', [1, 3])).toEqual(
      new Map([
        [1, 1],
        [3, 1],
      ]),
    );
  });
});

describe('createDrizzleRepository on MariaDB: a server refusing connections', () => {
  it('answers 503 with retry-after from the first call, which reads the catalog first, as every later one', async () => {
    // Port 1 of the loopback: nothing listens there, the connection is refused at once.
    const pool = mysql.createPool({ uri: 'mysql://root@127.0.0.1:1/test', connectionLimit: 1 });
    try {
      const repository = createDrizzleRepository(notes, {
        db: drizzle({ client: pool }),
        table: mysqlTableOf(notes as unknown as Resource, 'refused_notes'),
      });
      const calls: [string, () => Promise<unknown>][] = [
        ['list', () => repository.list()],
        ['listByValues', () => repository.listByValues!('rank', [1])],
        ['get', () => repository.get('n1')],
        ['create', () => repository.create({ id: 'n1', text: 'one', rank: 1 })],
      ];
      const answers: Record<string, unknown> = {};
      for (const [name, call] of calls) {
        const error: unknown = await call().catch((caught: unknown) => caught);
        answers[name] = isHttpError(error)
          ? [error.statusCode, error.headers['retry-after'], (error.cause as { code?: unknown }).code]
          : String(error);
      }
      expect(answers).toEqual(Object.fromEntries(calls.map(([name]) => [name, [503, '1', 'ECONNREFUSED']])));
    } finally {
      await pool.end().catch(() => undefined); // mysql2 rejects with the refused connection's error
    }
  });
});
