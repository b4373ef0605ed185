/**
 * The write errors of SQLite (sql.js) and MariaDB (with MYSQL_URL) answer as PostgreSQL's do (issue 33): a change of
 * a value another table's key refers to is `other records refer to the current value` (SQLite's error names no key,
 * MariaDB's names the referred columns), a delete of a referred record names the record, a value too long for its
 * column is `title: the value is too long` on MariaDB (not a broken rule), and a value a STRICT SQLite table's column
 * cannot hold is `pages: the value is not valid` (not a 500).
 */
import { mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, defineResource, type Repository } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { declareMissingMariaDb, MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';
import { openSqlite, type SqliteLeg } from './sqlite-legs';

const authors = defineResource({
  name: 'authors',
  schema: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  filterable: ['code'],
});
type Author = z.output<typeof authors.schema>;

/** The status and message `work` rejects with. */
const answerOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => (error instanceof HttpError ? [error.statusCode, error.message] : error),
  );

/** The cases every store answers alike; `code` is the field MariaDB's message lets the repository name. */
function describeReferencedKeys(name: string, open: () => Promise<Repository<Author>>, named: boolean): void {
  describe(name, () => {
    it('answers a change of a value other records refer to with a 409, and a delete of the record too', async () => {
      const repository = await open();
      const referred = named
        ? ['code: other records refer to the current value']
        : ['other records refer to the current value'];
      expect(await answerOf(repository.update('a1', { code: 'c9' }))).toEqual([409, referred]);
      expect(await answerOf(repository.delete('a1'))).toEqual([
        409,
        'authors "a1" cannot be deleted: other records refer to it',
      ]);
      expect(await answerOf(repository.update('a1', { name: 'x'.repeat(9) }))).toEqual(
        named ? [400, ['name: the value is too long']] : undefined,
      );
    });
  });
}

let sqlite: SqliteLeg | undefined;
afterAll(() => sqlite?.close());
describeReferencedKeys(
  'SQLite (sql.js)',
  async () => {
    sqlite = await openSqlite();
    await sqlite.exec(
      "CREATE TABLE authors (id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT); INSERT INTO authors VALUES ('a1', 'c1', 'ann');" +
        "CREATE TABLE loans (id TEXT PRIMARY KEY, author_code TEXT REFERENCES authors (code)); INSERT INTO loans VALUES ('l1', 'c1');",
    );
    const table = sqliteTable('authors', { id: text('id').primaryKey(), code: text('code'), name: text('name') });
    return createDrizzleRepository(authors, { db: sqlite.db, table });
  },
  false,
);

describe('SQLite (sql.js), a STRICT table', () => {
  const counts = defineResource({
    name: 'counts',
    schema: z.object({ id: z.string(), pages: z.string() }),
    filterable: ['pages'],
  });
  it('answers a value its column cannot hold with a 400 naming the field', async () => {
    const leg = await openSqlite();
    try {
      await leg.exec('CREATE TABLE counts (id TEXT PRIMARY KEY, pages INTEGER) STRICT');
      const table = sqliteTable('counts', { id: text('id').primaryKey(), pages: text('pages') });
      const repository = createDrizzleRepository(counts, { db: leg.db, table });
      expect(await answerOf(repository.create({ id: 'k1', pages: 'many' }))).toEqual([
        400,
        ['pages: the value is not valid'],
      ]);
    } finally {
      leg.close();
    }
  });
});

let mysql: MysqlLeg | undefined;
const authorsName = uniqueTable('my_ref_authors');
const loansName = uniqueTable('my_ref_loans');
afterAll(async () => {
  if (!mysql) return;
  await mysql.dropTables([loansName, authorsName]);
  await mysql.close();
});
if (MYSQL_URL) {
  describeReferencedKeys(
    'MariaDB server',
    async () => {
      mysql = await openMysql(MYSQL_URL ?? '');
      await mysql.exec(
        `CREATE TABLE \`${authorsName}\` (id VARCHAR(36) PRIMARY KEY, code VARCHAR(36) NOT NULL UNIQUE, ` +
          'name VARCHAR(5) NULL) DEFAULT CHARSET = utf8mb4',
      );
      await mysql.exec(`INSERT INTO \`${authorsName}\` VALUES ('a1', 'c1', 'ann')`);
      await mysql.exec(
        `CREATE TABLE \`${loansName}\` (id VARCHAR(36) PRIMARY KEY, author_code VARCHAR(36) NULL ` +
          `REFERENCES \`${authorsName}\` (code)) DEFAULT CHARSET = utf8mb4`,
      );
      await mysql.exec(`INSERT INTO \`${loansName}\` VALUES ('l1', 'c1')`);
      const table = mysqlTable(authorsName, {
        id: varchar('id', { length: 36 }).primaryKey(),
        code: varchar('code', { length: 36 }).unique(),
        name: varchar('name', { length: 5 }),
      });
      return createDrizzleRepository(authors, { db: mysql.db, table });
    },
    true,
  );
} else {
  describe('MariaDB server', () => {
    declareMissingMariaDb();
  });
}
