/**
 * A constraint a batch broke names its item on SQLite (sql.js) and MariaDB (with MYSQL_URL): a foreign-key, unique,
 * check or not-null violation on item 57 of a `createMany`, or on a change of an `updateMany`, is
 * `items[56].<field>: ...`, as the service names the items of a batch; SQLite's foreign-key errors, which name no
 * column, name the field too. Nothing of the batch is stored.
 */
import { int, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, defineResource, type Repository } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';
import { openSqlite, type SqliteLeg } from './sqlite-legs';

const books = defineResource({
  name: 'books',
  schema: z.object({
    id: z.string(),
    title: z.string().nullable(),
    isbn: z.string().nullable(),
    pages: z.number().int().nullable(),
    authorId: z.string().nullable(),
  }),
  filterable: ['title'],
});
type Book = z.output<typeof books.schema>;

const book = (i: number): Book => ({ id: `b${i}`, title: `t${i}`, isbn: `i${i}`, pages: 10, authorId: 'ann' });
const batch = (change: Partial<Book>): Book[] =>
  Array.from({ length: 60 }, (_, i) => (i === 56 ? { ...book(i), ...change } : book(i)));

const CASES: readonly (readonly [string, Partial<Book>, number, RegExp])[] = [
  ['a foreign key', { authorId: 'nobody' }, 409, /^items\[56\]\.authorId: /],
  ['a unique column', { isbn: 'i3' }, 409, /^items\[56\]\.isbn: /],
  ['a check', { pages: 13 }, 400, /^items\[56\]\.pages: |^items\[56\]: /],
  ['a not-null column', { title: null }, 400, /^items\[56\]\.title: /],
];

/** The error `work` rejects with. */
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

function describeBatchItemErrors(name: string, open: () => Promise<Repository<Book>>): void {
  describe(name, () => {
    let repository: Repository<Book>;
    beforeAll(async () => {
      repository = await open();
    });

    it.each(CASES)('names the item of createMany that breaks %s', async (_, change, status, message) => {
      const failure = await failureOf(repository.createMany!(batch(change)));
      expect(failure).toBeInstanceOf(HttpError);
      expect((failure as HttpError).statusCode).toBe(status);
      expect([(failure as HttpError).message].flat()[0]).toMatch(message);
      expect((await repository.list({ limit: 100 })).items).toEqual([]);
    });

    it.each(CASES)('names the item of updateMany that breaks %s', async (_, change, status, message) => {
      await repository.createMany!(batch({}));
      try {
        const changes = batch(change).map(({ id, ...patch }) => ({ id, patch }));
        const failure = await failureOf(repository.updateMany!(changes));
        expect(failure).toBeInstanceOf(HttpError);
        expect((failure as HttpError).statusCode).toBe(status);
        expect([(failure as HttpError).message].flat()[0]).toMatch(message);
      } finally {
        await repository.deleteMany!(batch({}).map(({ id }) => id));
      }
    });
  });
}

let sqlite: SqliteLeg | undefined;
afterAll(() => sqlite?.close());
describeBatchItemErrors('SQLite (sql.js)', async () => {
  sqlite = await openSqlite();
  await sqlite.exec(
    "CREATE TABLE authors (id TEXT PRIMARY KEY); INSERT INTO authors VALUES ('ann');" +
      'CREATE TABLE books (id TEXT PRIMARY KEY, title TEXT NOT NULL, isbn TEXT UNIQUE, ' +
      'pages INTEGER CHECK (pages <> 13), author_id TEXT REFERENCES authors (id))',
  );
  const table = sqliteTable('books', {
    id: text('id').primaryKey(),
    title: text('title'),
    isbn: text('isbn'),
    pages: integer('pages'),
    authorId: text('author_id'),
  });
  return createDrizzleRepository(books, { db: sqlite.db, table });
});

let mysql: MysqlLeg | undefined;
const authorsName = uniqueTable('my_item_authors');
const booksName = uniqueTable('my_item_books');
afterAll(async () => {
  if (!mysql) return;
  await mysql.dropTables([booksName, authorsName]);
  await mysql.close();
});
if (MYSQL_URL) {
  describeBatchItemErrors('MariaDB server', async () => {
    mysql = await openMysql(MYSQL_URL ?? '');
    await mysql.exec(`CREATE TABLE \`${authorsName}\` (id VARCHAR(36) COLLATE utf8mb4_nopad_bin PRIMARY KEY)`);
    await mysql.exec(`INSERT INTO \`${authorsName}\` VALUES ('ann')`);
    await mysql.exec(
      `CREATE TABLE \`${booksName}\` (id VARCHAR(36) COLLATE utf8mb4_nopad_bin PRIMARY KEY, ` +
        'title VARCHAR(40) NOT NULL, isbn VARCHAR(13) NULL, pages INT NULL CHECK (pages <> 13), ' +
        `CONSTRAINT \`${booksName}_isbn_unique\` UNIQUE (isbn), ` +
        `author_id VARCHAR(36) COLLATE utf8mb4_nopad_bin NULL REFERENCES \`${authorsName}\` (id)) DEFAULT CHARSET = utf8mb4`,
    );
    const table = mysqlTable(booksName, {
      id: varchar('id', { length: 36 }).primaryKey(),
      title: varchar('title', { length: 40 }),
      isbn: varchar('isbn', { length: 13 }).unique(),
      pages: int('pages'),
      authorId: varchar('author_id', { length: 36 }),
    });
    return createDrizzleRepository(books, { db: mysql.db, table });
  });
}
