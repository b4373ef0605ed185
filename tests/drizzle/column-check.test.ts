/**
 * `createDrizzleRepository` checks each field's column against the table the database holds, on SQLite (sql.js) and
 * MariaDB (with MYSQL_URL): a column the Drizzle table declares but the database lacks (a migration not run) is an
 * Error naming the field, its column and the table, from `ready()` at start-up and from the first call, not a driver
 * error per statement; the mismatch is not kept, so the repository works once the column is added.
 */
import { int, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';
import { openSqlite, type SqliteLeg } from './sqlite-legs';

const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), title: z.string(), version: z.number().int() }),
});

const missing = (table: string) =>
  new RegExp(`the table "${table}" has no column for the field "version" \\(column "c_version"\\)`);

describe('createDrizzleRepository: the fields checked against the table', () => {
  let sqlite: SqliteLeg | undefined;
  let mysql: MysqlLeg | undefined;
  const mysqlName = uniqueTable('my_checked');
  afterAll(async () => {
    sqlite?.close();
    if (mysql) {
      await mysql.dropTables([mysqlName]);
      await mysql.close();
    }
  });

  it('on SQLite: ready() and the first call name the missing column, and it works once added', async () => {
    sqlite = await openSqlite();
    await sqlite.exec('CREATE TABLE checked (c_id TEXT PRIMARY KEY, c_title TEXT NOT NULL)');
    const table = sqliteTable('checked', {
      id: text('c_id').primaryKey(),
      title: text('c_title').notNull(),
      version: integer('c_version').notNull(),
    });
    const repository = createDrizzleRepository(books, { db: sqlite.db, table });
    await expect(repository.ready()).rejects.toThrow(missing('checked'));
    await expect(repository.list({})).rejects.toThrow(missing('checked'));
    await expect(repository.create({ id: 'b1', title: 'T', version: 1 })).rejects.toThrow(missing('checked'));
    await sqlite.exec('ALTER TABLE checked ADD COLUMN c_version INTEGER NOT NULL DEFAULT 1');
    await repository.ready();
    expect(await repository.create({ id: 'b1', title: 'T', version: 2 })).toEqual({ id: 'b1', title: 'T', version: 2 });
  });

  it.skipIf(!MYSQL_URL)('on MariaDB: ready() and the first call name the missing column', async () => {
    mysql = await openMysql(MYSQL_URL ?? '');
    await mysql.exec(`CREATE TABLE \`${mysqlName}\` (c_id VARCHAR(36) PRIMARY KEY, c_title TEXT NOT NULL)`);
    const table = mysqlTable(mysqlName, {
      id: varchar('c_id', { length: 36 }).primaryKey(),
      title: varchar('c_title', { length: 100 }).notNull(),
      version: int('c_version').notNull(),
    });
    const repository = createDrizzleRepository(books, { db: mysql.db, table });
    await expect(repository.ready()).rejects.toThrow(missing(mysqlName));
    await expect(repository.list({})).rejects.toThrow(missing(mysqlName));
    await mysql.exec(`ALTER TABLE \`${mysqlName}\` ADD COLUMN c_version INT NOT NULL DEFAULT 1`);
    await repository.ready();
    expect(await repository.create({ id: 'b1', title: 'T', version: 2 })).toEqual({ id: 'b1', title: 'T', version: 2 });
  });
});
