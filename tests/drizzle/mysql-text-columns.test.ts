/**
 * The lazy read of a MariaDB database's collations and server, on a fake reader (and a fake Drizzle database): one
 * statement shared by concurrent first calls, tried again after a failure, a server that is not MariaDB an Error on
 * every call before any statement of the repository runs. No server needed.
 */
import { mysqlTable, text, varchar } from 'drizzle-orm/mysql-core';
import { describe, expect, it } from 'vitest';
import { createDrizzleRepository, resourceFromTable } from '../../src/drizzle/index';
import { createMysqlTextColumns } from '../../src/drizzle/mysql-text-columns';
import type { SqlRow } from '../../src/drizzle/sql/index';

const MARIADB = '10.11.6-MariaDB';
const column = (table: string, name: string, collation: string, version = MARIADB): SqlRow => ({
  version,
  table,
  column: name,
  type: 'varchar',
  charset: 'utf8mb4',
  collation,
});

/** A reader answering `answer(params)` and recording each statement it is given. */
function fakeReader(answer: (params: readonly unknown[]) => Promise<readonly SqlRow[]>) {
  const calls: { text: string; params: readonly unknown[] }[] = [];
  return { calls, read: (text: string, params: readonly unknown[]) => (calls.push({ text, params }), answer(params)) };
}

describe('createMysqlTextColumns', () => {
  it('reads once for concurrent first calls, a table per statement, and never again', async () => {
    const { calls, read } = fakeReader(async ([table]) =>
      table === 'books'
        ? [column('books', 'c_title', 'utf8mb4_nopad_bin')]
        : [column('authors', 'c_name', 'utf8mb4_general_ci')],
    );
    const columns = createMysqlTextColumns(read);
    // Before the read: converted, which is right whatever the column's character set.
    expect(columns.orderOf('books', 'c_title')).toBe('convert');
    await Promise.all([columns.ready('books'), columns.ready('books'), columns.ready('authors')]);
    await columns.ready('authors');
    expect(calls.map((call) => call.params)).toEqual([['books'], ['authors']]);
    expect(calls[0]?.text).toMatch(/^SELECT VERSION\(\) AS `version`, .* FROM \(SELECT 1\) AS `one` LEFT JOIN/);
    expect(calls[0]?.text).toContain('information_schema.COLUMNS AS c ON c.TABLE_SCHEMA = DATABASE()');
    expect(calls[0]?.text).toMatch(/c\.TABLE_NAME = \?$/);
    expect(columns.orderOf('books', 'c_title')).toBe('as-is');
    expect(columns.orderOf('authors', 'c_name')).toBe('collate');
  });

  it('orders a column the read does not find, or of a table it does not find, in the code-point collation', async () => {
    const columns = createMysqlTextColumns(
      fakeReader(async () => [{ version: MARIADB, table: null, column: null }]).read,
    );
    await columns.ready('gone');
    expect(columns.orderOf('gone', 'c')).toBe('convert');
  });

  it('rejects the calls of a failed read and reads again on the next call', async () => {
    let fail = true;
    const { calls, read } = fakeReader(async () => {
      if (fail) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return [column('books', 'c', 'utf8mb4_nopad_bin')];
    });
    const columns = createMysqlTextColumns(read);
    await expect(Promise.all([columns.ready('books'), columns.ready('books')])).rejects.toThrow('ECONNREFUSED');
    fail = false;
    await columns.ready('books');
    expect(calls).toHaveLength(2);
    expect(columns.orderOf('books', 'c')).toBe('as-is');
  });

  it('rejects every call with the same Error, reading once, when the server is MySQL', async () => {
    const { calls, read } = fakeReader(async () => [column('books', 'c', 'utf8mb4_0900_bin', '8.0.36')]);
    const columns = createMysqlTextColumns(read);
    await expect(columns.ready('books')).rejects.toThrow('MySQL is not supported yet');
    await expect(columns.ready('books')).rejects.toThrow('MySQL is not supported yet');
    expect(calls).toHaveLength(1);
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
          return [[column('books', 'title', 'utf8mb4_0900_ai_ci', '8.0.36')], []];
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
