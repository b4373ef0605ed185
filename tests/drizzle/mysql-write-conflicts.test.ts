/**
 * Concurrent writes on MariaDB through `createDrizzleRepository`: batch updates over the same ids in reverse orders
 * deadlock (1213), which InnoDB answers by rolling the whole transaction back, so the savepoint of the item's update
 * is gone and its `ROLLBACK TO SAVEPOINT` fails; the client must still get the deadlock's 503 (`toWriteConflictError`,
 * `retry-after`), never that failure's 500. A lock wait past `innodb_lock_wait_timeout` (1205) is a 503 with
 * `retry-after` too, and so is a statement on a connection the server killed. Skipped without MYSQL_URL.
 */
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, defineResource } from '../../src/index';
import { isWriteConflictError, type Resource } from '../../src/kit/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, mysqlTableOf, mysqlTableSql, openMysql, type MysqlLeg } from './mysql-leg';

const counters = defineResource({
  name: 'counters',
  schema: z.object({ id: z.string(), n: z.number() }),
  filterable: ['n'],
  sortable: ['n'],
});

const IDS = Array.from({ length: 40 }, (_, i) => `c${String(i).padStart(2, '0')}`);

/** Each settled rejection of `promises`. */
async function rejections(promises: readonly Promise<unknown>[]): Promise<unknown[]> {
  const settled = await Promise.allSettled(promises);
  return settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
}

describe.skipIf(!MYSQL_URL)('createDrizzleRepository on MariaDB: write conflicts', () => {
  let leg: MysqlLeg;
  const name = uniqueTable('my_counters');
  const table = mysqlTableOf(counters as unknown as Resource, name);

  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
    await leg.exec(mysqlTableSql(counters as unknown as Resource, name));
    await leg.exec(`INSERT INTO \`${name}\` VALUES ${IDS.map((id) => `('${id}', 0)`).join(', ')}`);
  });
  afterAll(async () => {
    await leg.dropTables([name]);
    await leg.close();
  });

  it('answers the deadlocks of concurrent batch updates in reverse orders 503 with retry-after, never a 500', async () => {
    const repository = createDrizzleRepository(counters, { db: leg.db, table });
    const failures: unknown[] = [];
    for (let round = 1; round <= 8; round++) {
      const forward = IDS.map((id) => ({ id, patch: { n: round } }));
      const backward = [...forward].reverse();
      failures.push(
        ...(await rejections([
          repository.updateMany!(forward),
          repository.updateMany!(backward),
          repository.updateMany!(forward),
          repository.updateMany!(backward),
        ])),
      );
    }
    // The race must have been run: at least one batch deadlocked.
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(HttpError);
      expect((failure as HttpError).statusCode).toBe(503);
      expect((failure as HttpError).headers).toMatchObject({ 'retry-after': '1' });
      expect(isWriteConflictError(failure)).toBe(true);
    }
  });

  it('answers a lock wait past innodb_lock_wait_timeout (1205) 503 with retry-after', async () => {
    const pool = mysql.createPool({ uri: MYSQL_URL ?? '', connectionLimit: 2 });
    pool.on('connection', (connection) => void connection.query('SET SESSION innodb_lock_wait_timeout = 1'));
    const holder = await mysql.createConnection({ uri: MYSQL_URL ?? '' });
    try {
      const repository = createDrizzleRepository(counters, { db: drizzle({ client: pool }), table });
      await repository.get('c00');
      await holder.query('BEGIN');
      await holder.query(`SELECT * FROM \`${name}\` WHERE c_id = 'c01' FOR UPDATE`);
      const failure = await repository.update('c01', { n: 99 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(HttpError);
      expect((failure as HttpError).statusCode).toBe(503);
      expect((failure as HttpError).headers).toMatchObject({ 'retry-after': '1' });
      expect(isWriteConflictError(failure)).toBe(false);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      await pool.end();
    }
  });

  it('answers a statement on a connection the server killed (KILL) 503 with retry-after', async () => {
    // One connection: the one whose id is read is the one the transaction holds.
    const pool = mysql.createPool({ uri: MYSQL_URL ?? '', connectionLimit: 1 });
    const holder = await mysql.createConnection({ uri: MYSQL_URL ?? '' });
    try {
      const repository = createDrizzleRepository(counters, { db: drizzle({ client: pool }), table });
      const [rows] = await pool.query('SELECT CONNECTION_ID() AS id');
      const { id } = (rows as { id: number }[])[0] ?? { id: 0 };
      const failure = await repository.transaction!(async (tx) => {
        const inTx = tx.repository(repository);
        await inTx.get('c00');
        await holder.query(`KILL ${String(id)}`);
        return inTx.get('c01');
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(HttpError);
      expect((failure as HttpError).statusCode).toBe(503);
      expect((failure as HttpError).headers).toMatchObject({ 'retry-after': '1' });
    } finally {
      await holder.end();
      await pool.end().catch(() => undefined);
    }
  });
});
