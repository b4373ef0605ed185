/**
 * `createDrizzleRepository(resource, { db, table, readDb })`: on PostgreSQL the reads go through `readDb` (a second
 * PGlite that never receives the writes stands for a lagging replica here, and a real streaming replica of
 * tests/postgres/replica.ts where one can be made), writes and transactions through `db`; on SQLite and MariaDB
 * tables, and for a `readDb` that is no Drizzle PostgreSQL database, a TypeError.
 */
import type { PGlite } from '@electric-sql/pglite';
import { mysqlTable, text as mysqlText, varchar } from 'drizzle-orm/mysql-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sqliteTable, text as sqliteText } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { openPglite, uniqueTable, type TestDatabase } from '../postgres/pg-clients';
import { replicaBinaries, startReplica, type Replica } from '../postgres/replica';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), rank: z.number().int() }),
  filterable: ['title'],
  sortable: ['rank'],
});
const notesTable = (name: string) =>
  pgTable(name, { id: text('id').primaryKey(), title: text('note_title').notNull(), rank: integer('rank').notNull() });
const createSql = (name: string) =>
  `CREATE TABLE "${name}" (id text PRIMARY KEY, note_title text NOT NULL, rank integer NOT NULL)`;

describe('createDrizzleRepository with readDb', () => {
  it.each([
    ['SQLite', sqliteTable('notes', { id: sqliteText('id'), title: sqliteText('title'), rank: sqliteText('rank') })],
    [
      'MariaDB',
      mysqlTable('notes', { id: varchar('id', { length: 36 }), title: mysqlText('title'), rank: mysqlText('rank') }),
    ],
  ])('throws a TypeError saying readDb is PostgreSQL-only for a %s table', (dialect, table) => {
    expect(() => createDrizzleRepository(notes, { db: {} as never, table, readDb: {} as never })).toThrow(
      new RegExp(`readDb is supported on PostgreSQL \\(pg-core\\) tables only for now, not on ${dialect}`),
    );
  });

  it.each([
    ['an empty object', {}],
    ['null', null],
    ['a pg.Pool instead of its Drizzle database', { query: () => Promise.resolve({ rows: [] }) }],
  ])('throws a TypeError for a readDb that is %s', (_, readDb) => {
    expect(() =>
      createDrizzleRepository(notes, { db: {} as never, table: notesTable('notes'), readDb: readDb as never }),
    ).toThrow(/readDb must be a Drizzle PostgreSQL database/);
  });

  describe('on PGlite, a second database standing for a replica that has not received the writes', () => {
    let primary: TestDatabase;
    let lagging: TestDatabase;
    beforeAll(async () => {
      [primary, lagging] = await Promise.all([openPglite(), openPglite()]);
    });
    afterAll(async () => {
      await primary.close();
      await lagging.close();
    });

    it('lists from readDb, gets from db what readDb lacks, and writes and transacts on db', async () => {
      const name = uniqueTable('notes');
      await primary.exec(createSql(name));
      await lagging.exec(createSql(name));
      const table = notesTable(name);
      const repository = createDrizzleRepository(notes, {
        db: drizzlePglite(primary.client as unknown as PGlite),
        readDb: drizzlePglite(lagging.client as unknown as PGlite),
        table,
      });
      await repository.create({ id: 'a', title: 'one', rank: 1 });
      await repository.update('a', { title: 'two' });
      expect(await repository.get('a')).toEqual({ id: 'a', title: 'two', rank: 1 });
      expect((await repository.list()).items).toEqual([]);
      expect((await repository.listByCursor()).items).toEqual([]);
      await expect(repository.get('missing')).rejects.toMatchObject({ statusCode: 404 });
      const inside = await repository.transaction?.((tx) => tx.repository(repository).list());
      expect(inside?.items).toEqual([{ id: 'a', title: 'two', rank: 1 }]);
      await lagging.exec(`INSERT INTO "${name}" VALUES ('r', 'only on the replica', 2)`);
      expect((await repository.list()).items.map((item) => item.id)).toEqual(['r']);
    });
  });

  const binaries = replicaBinaries();
  if (typeof binaries === 'string') {
    if (process.env['PAGELOPE_REQUIRE_REPLICA'] === '1') {
      it('makes a streaming replica (PAGELOPE_REQUIRE_REPLICA=1)', () => {
        throw new Error(`PAGELOPE_REQUIRE_REPLICA=1, but no replica can be made here: ${binaries}`);
      });
      return;
    }
    it.skip(`readDb on a streaming replica: needs PostgreSQL's initdb, pg_ctl and pg_basebackup (${binaries})`);
    return;
  }
  describe('on a streaming replica', () => {
    let replica: Replica | undefined;
    let primary: pg.Pool;
    let standby: pg.Pool;
    beforeAll(async () => {
      replica = await startReplica(binaries);
      primary = new pg.Pool({ connectionString: replica.primaryUrl({ remoteApply: true }), max: 2 });
      standby = new pg.Pool({ connectionString: replica.replicaUrl, max: 2 });
    }, 60_000);
    afterAll(async () => {
      await primary.end();
      await standby.end();
      await replica?.stop();
    }, 60_000);

    it('reads on the replica (lagging while its replay is paused) and writes on the primary', async () => {
      const name = uniqueTable('notes');
      await primary.query(createSql(name));
      const repository = createDrizzleRepository(notes, {
        db: drizzleNodePg(primary),
        readDb: drizzleNodePg(standby),
        table: notesTable(name),
      });
      await repository.create({ id: 'a', title: 'one', rank: 1 }); // waits until the replica applied it
      await standby.query('SELECT pg_wal_replay_pause()');
      for (let tries = 0; ; tries++) {
        const { rows } = await standby.query('SELECT pg_get_wal_replay_pause_state() AS state');
        if ((rows[0] as { state: string }).state === 'paused') break;
        if (tries > 500) throw new Error('the replica did not pause');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      try {
        // Committed locally: the replica does not replay it while paused.
        const local = await primary.connect();
        try {
          await local.query('SET synchronous_commit = local');
          await local.query(`INSERT INTO "${name}" VALUES ('b', 'new', 2)`);
        } finally {
          local.release();
        }
        expect((await repository.list()).items.map((item) => item.id)).toEqual(['a']);
        expect(await repository.get('b')).toEqual({ id: 'b', title: 'new', rank: 2 });
        const onReplica = createDrizzleRepository(notes, { db: drizzleNodePg(standby), table: notesTable(name) });
        await expect(onReplica.create({ id: 'x', title: 'refused', rank: 0 })).rejects.toMatchObject({ code: '25006' });
      } finally {
        await standby.query('SELECT pg_wal_replay_resume()');
      }
    });
  });
});
