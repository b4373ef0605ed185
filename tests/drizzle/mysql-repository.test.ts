/**
 * `createDrizzleRepository` on MariaDB beyond the repository contract: a table made by hand (AUTO_INCREMENT id,
 * defaults, a unique column, a CHECK, a foreign key, text in the server's case-insensitive collation), its constraint
 * and value errors as 4xx answers, dates stored as UTC whatever the process's time zone, and statements through the
 * Drizzle database's logger. Skipped without MYSQL_URL.
 */
import { sql } from 'drizzle-orm';
import { datetime, int, mysqlTable, text, tinyint, varchar } from 'drizzle-orm/mysql-core';
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createDrizzleRepository, resourceFromTable } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';

describe.skipIf(!MYSQL_URL)('createDrizzleRepository on MariaDB', () => {
  let leg: MysqlLeg;
  const authorsName = uniqueTable('my_authors');
  const booksName = uniqueTable('my_books');
  const authors = mysqlTable(authorsName, { id: varchar('author_id', { length: 36 }).primaryKey() });
  const books = mysqlTable(booksName, {
    id: int('book_id').primaryKey().autoincrement(),
    title: varchar('book_title', { length: 40 }).notNull(),
    isbn: varchar('isbn', { length: 13 }).unique(),
    pages: tinyint('page_count', { unsigned: true }),
    authorId: varchar('author_id', { length: 36 }),
    addedAt: datetime('added_at', { fsp: 3 })
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
    note: text('note'),
  });

  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
    await leg.exec(`CREATE TABLE \`${authorsName}\` (author_id VARCHAR(36) COLLATE utf8mb4_nopad_bin PRIMARY KEY)`);
    await leg.exec(
      `CREATE TABLE \`${booksName}\` (book_id INT AUTO_INCREMENT PRIMARY KEY, book_title VARCHAR(40) NOT NULL, ` +
        'isbn VARCHAR(13) NULL, page_count TINYINT UNSIGNED NULL, author_id VARCHAR(36) COLLATE utf8mb4_nopad_bin NULL, ' +
        'added_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), note TEXT NULL, ' +
        `CONSTRAINT \`${booksName}_isbn_unique\` UNIQUE (isbn), CHECK (page_count <> 13), ` +
        `FOREIGN KEY (author_id) REFERENCES \`${authorsName}\` (author_id)) DEFAULT CHARSET = utf8mb4`,
    );
    await leg.db.insert(authors).values({ id: 'ann' });
  });
  afterAll(async () => {
    await leg.dropTables([booksName, authorsName]);
    await leg.close();
  });

  const repositoryOf = () =>
    createDrizzleRepository(resourceFromTable(books, { name: 'books', filterable: ['title'], sortable: ['title'] }), {
      db: leg.db,
      table: books,
    });

  it('fills the AUTO_INCREMENT id and the defaults, and reads back what the database stored', async () => {
    const repository = repositoryOf();
    expect([...(repository.databaseDefaults ?? [])].sort()).toEqual(['addedAt', 'id']);
    const before = Date.now();
    const created = await repository.create({
      title: 'Dune',
      isbn: null,
      pages: 200,
      authorId: 'ann',
      note: null,
    } as never);
    expect(created).toMatchObject({ title: 'Dune', pages: 200, authorId: 'ann', note: null });
    expect(typeof created.id).toBe('number');
    expect(created.addedAt.getTime()).toBeGreaterThan(before - 60_000);
    expect(await repository.get(created.id)).toEqual(created);
    const updated = await repository.update(created.id, { note: 'classic' });
    expect(updated).toEqual({ ...created, note: 'classic' });
  });

  it('compares and orders text by code point although the column is case-insensitive', async () => {
    const repository = repositoryOf();
    for (const title of ['b', 'B', 'a ', 'a', 'É', 'e']) {
      await repository.create({ title, isbn: null, pages: null, authorId: null, note: 'order' } as never);
    }
    const page = await repository.list({
      where: { note: { eq: 'order' } },
      orderBy: [{ field: 'title', direction: 'asc' }],
    });
    expect(page.items.map((book) => book.title)).toEqual(['B', 'a', 'a ', 'b', 'e', 'É']);
    const exact = await repository.list({ where: { title: { eq: 'a' }, note: { eq: 'order' } } });
    expect(exact.items.map((book) => book.title)).toEqual(['a']);
  });

  it.each([
    { what: 'a duplicate unique value', data: { isbn: '978' }, status: 409, message: /isbn/ },
    { what: 'a missing referred row', data: { authorId: 'nobody' }, status: 409, message: /authorId/ },
    // MariaDB names no column of a broken CHECK.
    { what: 'a CHECK', data: { pages: 13 }, status: 400, message: /breaks a rule/ },
  ])('answers $what with a $status', async ({ data, status, message }) => {
    const repository = repositoryOf();
    await repository
      .create({ title: 'first', isbn: '978', pages: null, authorId: null, note: null } as never)
      .catch(() => {});
    const error = await repository
      .create({ title: 'second', isbn: null, pages: null, authorId: null, note: null, ...data } as never)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toMatchObject({ statusCode: status });
    expect(String((error as { message: unknown }).message)).toMatch(message);
  });

  it('answers a value the column cannot hold with a 400, never a 500, under a schema that lets it through', async () => {
    const loose = defineResource({
      name: 'books',
      schema: z.object({
        id: z.number().int().optional(),
        title: z.string(),
        pages: z.number().nullable(),
        addedAt: z.date().optional(),
      }),
    });
    const repository = createDrizzleRepository(loose, { db: leg.db, table: books });
    for (const data of [
      { title: 'x'.repeat(41), pages: null },
      { title: 'big', pages: 1000 },
      { title: 'negative', pages: -1 },
      { title: 'far', pages: null, addedAt: new Date('+010000-01-01T00:00:00Z') },
    ]) {
      await expect(repository.create(data), JSON.stringify(data)).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('refuses to delete a row others refer to with a 409', async () => {
    const writers = createDrizzleRepository(defineResource({ name: 'authors', schema: z.object({ id: z.string() }) }), {
      db: leg.db,
      table: authors,
    });
    await repositoryOf().create({ title: 'by ann', isbn: null, pages: null, authorId: 'ann', note: null } as never);
    await expect(writers.delete('ann')).rejects.toMatchObject({ statusCode: 409 });
    expect(await writers.get('ann')).toEqual({ id: 'ann' });
  });

  it("stores dates as UTC whatever the process's time zone", async () => {
    const zone = process.env['TZ'];
    process.env['TZ'] = 'America/New_York';
    try {
      const at = new Date('2024-07-01T03:04:05.678Z');
      const created = await repositoryOf().create({
        title: 'zoned',
        isbn: null,
        pages: null,
        authorId: null,
        note: null,
        addedAt: at,
      });
      expect(created.addedAt).toEqual(at);
      const [rows] = await leg.pool.query(
        `SELECT CAST(added_at AS CHAR) AS t FROM \`${booksName}\` WHERE book_id = ?`,
        [created.id],
      );
      expect(rows).toEqual([{ t: '2024-07-01 03:04:05.678' }]);
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it("runs its statements through the Drizzle database's logger", async () => {
    const logged: string[] = [];
    const db = drizzle({ client: leg.pool, logger: { logQuery: (query) => logged.push(query) } });
    const repository = createDrizzleRepository(resourceFromTable(books, { name: 'books' }), { db, table: books });
    await repository.list();
    expect(logged.some((query) => query.includes(`FROM \`${booksName}\``))).toBe(true);
  });

  it('holds statements outside a transaction back until it ends on one connection, so none runs inside it', async () => {
    const connection = await mysql.createConnection({ uri: MYSQL_URL ?? '' });
    try {
      const db = drizzle({ client: connection });
      const repository = createDrizzleRepository(resourceFromTable(books, { name: 'books' }), { db, table: books });
      let outside: Promise<unknown> | undefined;
      const rolledBack = repository.transaction?.(async (tx) => {
        const created = await tx
          .repository(repository)
          .create({ title: 'uncommitted', isbn: null, pages: null, authorId: null, note: null } as never);
        outside = repository.get(created.id).then(
          () => 'found',
          (error: unknown) => (error as { statusCode?: unknown }).statusCode,
        );
        throw new Error('roll back');
      });
      await expect(rolledBack).rejects.toThrow('roll back');
      expect(await outside).toBe(404);
    } finally {
      await connection.end();
    }
  });
});
