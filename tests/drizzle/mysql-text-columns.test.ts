/**
 * The read of a MariaDB table's columns, with their collations and the server's version, before a repository's first
 * call, on a fake Drizzle database: one statement shared by concurrent first calls, tried again after a failure, a
 * server that is not MariaDB an Error on every call before any statement of the repository runs. No server needed.
 */
import { mysqlTable, text, varchar } from 'drizzle-orm/mysql-core';
import { describe, expect, it } from 'vitest';
import { createDrizzleRepository, resourceFromTable } from '../../src/drizzle/index';
import type { SqlRow } from '../../src/drizzle/sql/index';

const MARIADB = '10.11.6-MariaDB';
const column = (name: string, collation: string, version = MARIADB): SqlRow => ({
  version,
  name,
  type: 'varchar',
  charset: 'utf8mb4',
  collation,
});

/** A Drizzle MySQL database whose session answers each statement by `answer` and keeps it. */
function fakeDatabase(answer: (sql: string) => Promise<readonly SqlRow[]>) {
  const statements: string[] = [];
  const session = {
    prepareQuery: (query: { sql: string }) => ({
      execute: async () => {
        statements.push(query.sql);
        return [await answer(query.sql), []];
      },
    }),
  };
  return { statements, db: { session, transaction: () => Promise.reject(new Error('no transactions')) } as never };
}

const isRead = (sql: string) => sql.startsWith('SELECT VERSION()');

describe('createDrizzleRepository on MariaDB', () => {
  const books = mysqlTable('books', { id: varchar('id', { length: 36 }).primaryKey(), title: text('title').notNull() });
  const resource = resourceFromTable(books, { name: 'books' });
  const columns = [column('id', 'utf8mb4_nopad_bin'), column('title', 'utf8mb4_general_ci')];

  it('reads the columns once for concurrent first calls, in one statement with the server version', async () => {
    const { statements, db } = fakeDatabase(async (sql) => (isRead(sql) ? columns : []));
    const repository = createDrizzleRepository(resource, { db, table: books });
    await Promise.all([repository.list(), repository.list(), repository.listByCursor()]);
    await repository.list();
    expect(statements.filter(isRead)).toHaveLength(1);
    expect(statements.find(isRead)).toMatch(/FROM \(SELECT 1\) AS `one` LEFT JOIN information_schema\.COLUMNS AS c /);
    expect(statements.find(isRead)).toMatch(/c\.TABLE_NAME = \?$/);
  });

  it('rejects the calls of a failed read and reads again on the next call', async () => {
    let fail = true;
    const { statements, db } = fakeDatabase(async (sql) => {
      if (!isRead(sql)) return [];
      if (fail) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return columns;
    });
    const repository = createDrizzleRepository(resource, { db, table: books });
    // A refused connection: the 503 of a database unavailable for now.
    await expect(Promise.all([repository.list(), repository.list()])).rejects.toMatchObject({ statusCode: 503 });
    fail = false;
    await repository.list();
    expect(statements.filter(isRead)).toHaveLength(2);
  });
});

describe('createDrizzleRepository on a MySQL server', () => {
  const books = mysqlTable('books', { id: varchar('id', { length: 36 }).primaryKey(), title: text('title').notNull() });

  /** A Drizzle MySQL database whose session answers every statement as MySQL 8 would answer the read. */
  function fakeMysqlDatabase() {
    const statements: string[] = [];
    const session = {
      prepareQuery: (query: { sql: string }) => ({
        execute: async () => {
          statements.push(query.sql);
          if (!query.sql.startsWith('SELECT VERSION()')) throw new Error('You have an error in your SQL syntax');
          return [[column('title', 'utf8mb4_0900_ai_ci', '8.0.36')], []];
        },
      }),
    };
    const db = { session, transaction: () => Promise.reject(new Error('no transactions')) };
    return { statements, db: db as never };
  }

  it.each([
    { call: 'list', run: (r: Record<string, (...a: unknown[]) => Promise<unknown>>) => r['list']?.() },
    {
      call: 'create',
      run: (r: Record<string, (...a: unknown[]) => Promise<unknown>>) => r['create']?.({ title: 't' }),
    },
    { call: 'get', run: (r: Record<string, (...a: unknown[]) => Promise<unknown>>) => r['get']?.('x') },
    {
      call: 'transaction',
      run: (r: Record<string, (...a: unknown[]) => Promise<unknown>>) => r['transaction']?.(async () => 1),
    },
  ])('rejects $call with the Error, having run only reads', async ({ run }) => {
    const { statements, db } = fakeMysqlDatabase();
    const repository = createDrizzleRepository(resourceFromTable(books, { name: 'books' }), { db, table: books });
    const calls = repository as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    await expect(run(calls)).rejects.toThrow(
      /^pagelope\/drizzle: the server is not MariaDB \(VERSION\(\) is "8\.0\.36"\)/,
    );
    await expect(calls['list']?.()).rejects.toThrow('MySQL is not supported yet');
    // The server's version and the table's columns are read (the column check of the first call); nothing else runs.
    expect(statements.filter((sql) => /^SELECT VERSION\(\)/.test(sql)).length).toBeGreaterThan(0);
    expect(
      statements.every((sql) => /^SELECT\b/.test(sql)),
      statements.join('\n'),
    ).toBe(true);
  });
});
