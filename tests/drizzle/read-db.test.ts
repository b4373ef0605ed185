/**
 * `createDrizzleRepository(resource, { db, table, readDb })`: on PostgreSQL the reads go through `readDb` (a second
 * PGlite that never receives the writes stands for a lagging replica here, and a real streaming replica of
 * tests/postgres/replica.ts where one can be made), writes and transactions through `db`; on SQLite (sql.js) and
 * MariaDB (MYSQL_URL) likewise with a second database that never receives the writes; a `readDb` that is no Drizzle
 * database of the table's dialect is a TypeError.
 */
import type { PGlite } from '@electric-sql/pglite';
import { int, mysqlTable, text as mysqlText, varchar } from 'drizzle-orm/mysql-core';
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleSqlJs } from 'drizzle-orm/sql-js';
import { integer as sqliteInteger, sqliteTable, text as sqliteText } from 'drizzle-orm/sqlite-core';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type Repository } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { openPglite, uniqueTable, type TestDatabase } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql } from './mysql-leg';
import { describeOnReplica } from '../postgres/replica';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), rank: z.number().int() }),
  filterable: ['title'],
  sortable: ['rank'],
});
const notesTable = (name: string) =>
  pgTable(name, { id: text('id').primaryKey(), title: text('note_title').notNull(), rank: integer('rank').notNull() });
type Note = z.infer<typeof notes.schema>;
const sqliteNotes = (name: string) =>
  sqliteTable(name, {
    id: sqliteText('id').primaryKey(),
    title: sqliteText('note_title').notNull(),
    rank: sqliteInteger('rank').notNull(),
  });
const mysqlNotes = (name: string) =>
  mysqlTable(name, {
    id: varchar('id', { length: 36 }).primaryKey(),
    title: mysqlText('note_title').notNull(),
    rank: int('rank').notNull(),
  });
/** A Drizzle database of each dialect, by name, for the TypeErrors (never queried). */
const DATABASES: Readonly<Record<string, () => unknown>> = {
  PostgreSQL: () => drizzlePglite({} as never),
  SQLite: () => drizzleSqlJs({} as never),
  MariaDB: () => drizzleMysql({ client: {} } as never),
};
const createSql = (name: string) =>
  `CREATE TABLE "${name}" (id text PRIMARY KEY, note_title text NOT NULL, rank integer NOT NULL)`;

/** What a repository on `db` with a `readDb` that never receives the writes answers, the same on every dialect. */
async function laggingAnswers(repository: Repository<Note>, onlyOnReadDb: () => Promise<unknown>): Promise<void> {
  await repository.create({ id: 'a', title: 'one', rank: 1 });
  await repository.update('a', { title: 'two' });
  expect(await repository.get('a')).toEqual({ id: 'a', title: 'two', rank: 1 });
  expect((await repository.list()).items).toEqual([]);
  expect((await repository.listByCursor()).items).toEqual([]);
  expect([...((await repository.countByValues?.('title', ['two'])) ?? [])]).toEqual([]);
  await expect(repository.get('missing')).rejects.toMatchObject({ statusCode: 404 });
  const inside = await repository.transaction?.((tx) => tx.repository(repository).list());
  expect(inside?.items).toEqual([{ id: 'a', title: 'two', rank: 1 }]);
  await onlyOnReadDb(); // a row ('r', 'only on the replica', 2) on readDb alone
  expect((await repository.list()).items.map((item) => item.id)).toEqual(['r']);
  expect((await repository.get('r')).title).toBe('only on the replica');
}

describe('createDrizzleRepository with readDb', () => {
  it.each([
    [
      'a pg-core table',
      () => notesTable('notes'),
      /readDb must be a Drizzle PostgreSQL database/,
      ['SQLite', 'MariaDB'],
    ],
    [
      'a sqlite-core table',
      () => sqliteNotes('notes'),
      /readDb must be a Drizzle SQLite database/,
      ['PostgreSQL', 'MariaDB'],
    ],
    [
      'a mysql-core table',
      () => mysqlNotes('notes'),
      /readDb must be a Drizzle MariaDB or MySQL database/,
      ['PostgreSQL', 'SQLite'],
    ],
  ])(
    'throws a TypeError for a readDb that is no Drizzle database of the dialect of %s',
    (_, table, message, others) => {
      const wrong: unknown[] = [{}, null, 'postgres://replica', { query: () => Promise.resolve({ rows: [] }) }];
      for (const other of others) wrong.push(DATABASES[other]?.());
      for (const readDb of wrong) {
        expect(() =>
          createDrizzleRepository(notes, { db: {} as never, table: table(), readDb: readDb as never }),
        ).toThrow(message);
      }
    },
  );

  it('on SQLite (sql.js), lists from readDb, gets from db what readDb lacks, and writes and transacts on db', async () => {
    const SQL = await initSqlJs();
    const [primary, behind] = [new SQL.Database(), new SQL.Database()];
    for (const db of [primary, behind]) db.run(createSql('notes'));
    await laggingAnswers(
      createDrizzleRepository(notes, {
        db: drizzleSqlJs(primary),
        readDb: drizzleSqlJs(behind),
        table: sqliteNotes('notes'),
      }),
      async () => behind.run(`INSERT INTO notes VALUES ('r', 'only on the replica', 2)`),
    );
    primary.close();
    behind.close();
  });

  const mysqlUrl = MYSQL_URL;
  if (mysqlUrl) {
    it('on MariaDB, lists from readDb, gets from db what readDb lacks, and writes and transacts on db', async () => {
      const url = new URL(mysqlUrl);
      url.pathname = `${url.pathname}_read`;
      const [primary, behind] = await Promise.all([openMysql(mysqlUrl), openMysql(url.href)]);
      const name = uniqueTable('notes');
      const ddl = `CREATE TABLE ${name} (id VARCHAR(36) COLLATE utf8mb4_nopad_bin PRIMARY KEY, note_title TEXT NOT NULL, rank INT NOT NULL)`;
      try {
        for (const leg of [primary, behind]) await leg.exec(ddl);
        await laggingAnswers(
          createDrizzleRepository(notes, { db: primary.db, readDb: behind.db, table: mysqlNotes(name) }),
          () => behind.exec(`INSERT INTO ${name} VALUES ('r', 'only on the replica', 2)`),
        );
      } finally {
        for (const leg of [primary, behind]) {
          await leg.dropTables([name]);
          await leg.close();
        }
      }
    });
  } else {
    it.skip('readDb on MariaDB: needs MYSQL_URL (a MariaDB or MySQL server)');
  }

  describe('on PGlite, a second database standing for a replica that has not received the writes', () => {
    let primary: TestDatabase;
    let lagging: TestDatabase;
    beforeAll(async () => {
      [primary, lagging] = await Promise.all([openPglite(), openPglite()]);
    }, 60_000);
    afterAll(async () => {
      await primary.close();
      await lagging.close();
    });

    it('lists from readDb, gets from db what readDb lacks, and writes and transacts on db', async () => {
      const name = uniqueTable('notes');
      await primary.exec(createSql(name));
      await lagging.exec(createSql(name));
      const repository = createDrizzleRepository(notes, {
        db: drizzlePglite(primary.client as unknown as PGlite),
        readDb: drizzlePglite(lagging.client as unknown as PGlite),
        table: notesTable(name),
      });
      await laggingAnswers(repository, () =>
        lagging.exec(`INSERT INTO "${name}" VALUES ('r', 'only on the replica', 2)`),
      );
    });
  });

  describeOnReplica('on a streaming replica', 'readDb on a streaming replica', (replica) => {
    it('reads on the replica (lagging while its replay is paused) and writes on the primary', async () => {
      const name = uniqueTable('notes');
      await replica.synced.query(createSql(name));
      const repository = createDrizzleRepository(notes, {
        db: drizzleNodePg(replica.synced),
        readDb: drizzleNodePg(replica.standby),
        table: notesTable(name),
      });
      await repository.create({ id: 'a', title: 'one', rank: 1 }); // waits until the replica applied it
      await replica.whilePaused(async () => {
        // Committed locally: the replica does not replay it while paused.
        await replica.primary.query(`INSERT INTO "${name}" VALUES ('b', 'new', 2)`);
        expect((await repository.list()).items.map((item) => item.id)).toEqual(['a']);
        expect(await repository.get('b')).toEqual({ id: 'b', title: 'new', rank: 2 });
        const onReplica = createDrizzleRepository(notes, {
          db: drizzleNodePg(replica.standby),
          table: notesTable(name),
        });
        await expect(onReplica.create({ id: 'x', title: 'refused', rank: 0 })).rejects.toMatchObject({ code: '25006' });
      });
    });
  });
});
