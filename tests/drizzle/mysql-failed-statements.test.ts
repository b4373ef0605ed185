/**
 * A transaction on MariaDB whose work caught the failure of one of its statements and went on: it never commits, as
 * on PostgreSQL (tests/postgres/database-errors.test.ts). InnoDB rolls a deadlocked transaction back and runs what
 * follows outside it, each statement committed at once, so the statements after the failure are refused too: a
 * deadlock's or a lock wait's 503 again, an `Error` after any other failure. A write's own failure that the work
 * catches (a 409) stays in a savepoint of its own, as on PostgreSQL, and the transaction commits. Skipped without
 * MYSQL_URL.
 */
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, isHttpError, type Resource } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { declareMissingMariaDb, MYSQL_URL, mysqlTableOf, mysqlTableSql, openMysql, type MysqlLeg } from './mysql-leg';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), text: z.string() }),
  filterable: ['text'],
});

/** A statement that fails on the server as a deadlock (1213) would, without rolling anything back. */
const DEADLOCK = "SIGNAL SQLSTATE '40001' SET MYSQL_ERRNO = 1213, MESSAGE_TEXT = 'Deadlock found'";

describe('createDrizzleRepository on MariaDB: a transaction whose work went on after a statement failed', () => {
  const url = MYSQL_URL;
  if (!url) {
    declareMissingMariaDb();
    return;
  }
  let leg: MysqlLeg;
  const name = uniqueTable('my_failed');
  const table = mysqlTableOf(notes as unknown as Resource, name);
  const stored = async (text: string) => {
    const [rows] = await leg.pool.query(`SELECT c_id FROM \`${name}\` WHERE c_text = ?`, [text]);
    return (rows as unknown[]).length;
  };

  beforeAll(async () => {
    leg = await openMysql(url);
    await leg.exec(mysqlTableSql(notes as unknown as Resource, name));
  });
  afterAll(async () => {
    await leg.dropTables([name]);
    await leg.close();
  });

  it('rolls back with an error a transaction whose work caught a failed statement and resolved', async () => {
    const repository = createDrizzleRepository(notes, { db: leg.db, table });
    const error: unknown = await repository.transaction!(async (tx) => {
      await tx.repository(repository).create({ id: 'g1', text: 'gone' });
      await tx.query!('SELECT * FROM pagelope_no_such_table').catch(() => undefined);
      return 'done';
    }).catch((caught: unknown) => caught);
    expect(String(error)).toMatch(/rolled back/);
    expect(await stored('gone')).toBe(0);
  });

  it('answers 503 when the work caught a deadlock and resolved, and the transaction could not commit', async () => {
    const repository = createDrizzleRepository(notes, { db: leg.db, table });
    const error: unknown = await repository.transaction!(async (tx) => {
      await tx.repository(repository).create({ id: 'l1', text: 'lost' });
      await tx.query!(DEADLOCK).catch(() => undefined);
      return 'done';
    }).catch((caught: unknown) => caught);
    expect(isHttpError(error) && [error.statusCode, error.headers['retry-after']]).toEqual([503, '1']);
    expect(await stored('lost')).toBe(0);
  });

  it('answers 503 for the statements after a swallowed deadlock, and runs none of them', async () => {
    const repository = createDrizzleRepository(notes, { db: leg.db, table });
    const statuses = await repository.transaction!(async (tx) => {
      await tx.query!(DEADLOCK).catch(() => undefined);
      const bound = tx.repository(repository);
      const calls = [() => bound.create({ id: 'a1', text: 'after' }), () => bound.list(), () => tx.query!('SELECT 1')];
      const out: unknown[] = [];
      for (const call of calls) {
        const error: unknown = await call().catch((caught: unknown) => caught);
        out.push(isHttpError(error) ? [error.statusCode, error.headers['retry-after']] : String(error));
      }
      throw Object.assign(new Error('rolled back'), { out });
    }).catch((error: { out?: unknown }) => error.out);
    expect(statuses).toEqual([
      [503, '1'],
      [503, '1'],
      [503, '1'],
    ]);
    expect(await stored('after')).toBe(0);
  });

  it('commits nothing the work wrote after a real deadlock rolled its transaction back', async () => {
    const repository = createDrizzleRepository(notes, { db: leg.db, table });
    await leg.exec(`INSERT INTO \`${name}\` VALUES ('d1', 'one'), ('d2', 'two')`);
    const other = await mysql.createConnection({ uri: url });
    try {
      // The other transaction writes more (InnoDB rolls back the one that wrote less), and holds d2.
      await other.query('BEGIN');
      const heavy = Array.from({ length: 20 }, (_, i) => `('h${String(i)}', 'heavy')`);
      await other.query(`INSERT INTO \`${name}\` VALUES ${heavy.join(', ')}`);
      await other.query(`UPDATE \`${name}\` SET c_text = 'two?' WHERE c_id = 'd2'`);
      let signal!: () => void;
      const locked = new Promise<void>((resolve) => (signal = resolve));
      const work = repository.transaction!(async (tx) => {
        await tx.query!(`UPDATE \`${name}\` SET c_text = 'one!' WHERE c_id = 'd1'`);
        signal();
        // Waits for the other connection's lock on d2, which then waits for this one's on d1: a deadlock, and
        // InnoDB rolls back this transaction. The work goes on: MariaDB would commit the create.
        await tx.query!(`UPDATE \`${name}\` SET c_text = 'two!' WHERE c_id = 'd2'`).catch(() => undefined);
        await tx.repository(repository).create({ id: 'x1', text: 'after deadlock' });
        return 'done';
      }).catch((caught: unknown) => caught);
      await locked;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const theirs = other.query(`UPDATE \`${name}\` SET c_text = 'one?' WHERE c_id = 'd1'`);
      const error = await work;
      await theirs;
      await other.query('ROLLBACK');
      expect(isHttpError(error) && [error.statusCode, error.headers['retry-after']]).toEqual([503, '1']);
      expect(await stored('after deadlock')).toBe(0);
      expect(await stored('one!')).toBe(0);
    } finally {
      await other.end();
    }
  });

  it('commits a transaction whose work caught the 409 of a write and went on, as on PostgreSQL', async () => {
    const repository = createDrizzleRepository(notes, { db: leg.db, table });
    await repository.create({ id: 'k1', text: 'kept before' });
    const result = await repository.transaction!(async (tx) => {
      const bound = tx.repository(repository);
      await bound.create({ id: 'k2', text: 'kept' });
      const conflict: unknown = await bound.create({ id: 'k1', text: 'duplicate' }).catch((caught: unknown) => caught);
      await bound.create({ id: 'k3', text: 'kept' });
      return isHttpError(conflict) ? conflict.statusCode : String(conflict);
    });
    expect(result).toBe(409);
    expect(await stored('kept')).toBe(2);
  });
});
