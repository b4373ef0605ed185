/** Types of pagelope/drizzle: the resource derived from a table, and the repository over it. */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleMysql2 } from 'drizzle-orm/mysql2';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { boolean, date, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { datetime, int, mysqlTable, varchar as mysqlVarchar } from 'drizzle-orm/mysql-core';
import { drizzle as drizzleSqlJs } from 'drizzle-orm/sql-js';
import { integer as sqliteInteger, real, sqliteTable, text as sqliteText } from 'drizzle-orm/sqlite-core';
import initSqlJs from 'sql.js';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Repository } from 'pagelope';
import type { CreateInput } from 'pagelope/kit';
import {
  createDrizzleRepository,
  resourceFromTable,
  type DrizzleMySqlDatabase,
  type DrizzlePgDatabase,
  type DrizzleRepositoryOptions,
  type DrizzleSQLiteDatabase,
} from 'pagelope/drizzle';
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';

const books = pgTable('books', {
  id: uuid('book_id').primaryKey().defaultRandom(),
  title: varchar('book_title', { length: 200 }).notNull(),
  pages: integer('page_count'),
  published: boolean('is_published').notNull(),
  publishedOn: date('published_on'),
  createdAt: timestamp('created_at').notNull().defaultNow(),
  note: text('note'),
});

/** The record: a nullable column without a default is optional, as a create may leave it out (the database stores NULL). */
interface Book {
  id: string;
  title: string;
  pages?: number | null;
  published: boolean;
  publishedOn?: string | null;
  createdAt: Date;
  note?: string | null;
}

describe('resourceFromTable', () => {
  it("types the record as the table's selected row", () => {
    const resource = resourceFromTable(books, { filterable: ['title'], sortable: ['createdAt'] });
    expectTypeOf(resource).not.toBeAny();
    expectTypeOf(resource.idField).toEqualTypeOf<keyof Book & string>();
    expectTypeOf<z.output<typeof resource.schema>>().toEqualTypeOf<Book>();
  });

  it('lets a create leave out a nullable column without a default, and no other', () => {
    type Create = CreateInput<z.output<ReturnType<typeof resourceFromTable<typeof books>>['schema']>>;
    expectTypeOf<{ title: string; published: boolean; createdAt: Date }>().toExtend<Create>();
    expectTypeOf<{ title: string; published: boolean; createdAt: Date; pages: null; note: 'n' }>().toExtend<Create>();
    // A not-null column is required, as is one with a database default (the repository's databaseDefaults let a
    // create leave that one out at run time, not in the type).
    expectTypeOf<{ published: boolean; createdAt: Date }>().not.toExtend<Create>();
    expectTypeOf<{ title: string; published: boolean }>().not.toExtend<Create>();
  });

  it('checks the allow-lists against the columns', () => {
    // @ts-expect-error: no column "nope"
    resourceFromTable(books, { sortable: ['nope'] });
  });

  it('infers the record of a mysql-core table', () => {
    const notes = mysqlTable('notes', {
      id: int('note_id').primaryKey().autoincrement(),
      body: mysqlVarchar('note_body', { length: 200 }).notNull(),
      at: datetime('at', { fsp: 3 }),
    });
    const resource = resourceFromTable(notes, { sortable: ['at'] });
    expectTypeOf(resource).not.toBeAny();
    expectTypeOf<z.output<typeof resource.schema>>().toEqualTypeOf<{ id: number; body: string; at?: Date | null }>();
    // @ts-expect-error: no column "nope"
    resourceFromTable(notes, { sortable: ['nope'] });
  });

  it('types the record of a sqlite-core table as its selected row', () => {
    const notes = sqliteTable('notes', {
      id: sqliteInteger().primaryKey(),
      body: sqliteText().notNull(),
      done: sqliteInteger({ mode: 'boolean' }).notNull(),
      at: sqliteInteger({ mode: 'timestamp_ms' }),
      score: real(),
    });
    const resource = resourceFromTable(notes);
    expectTypeOf(resource).not.toBeAny();
    expectTypeOf<z.output<typeof resource.schema>>().toEqualTypeOf<{
      id: number;
      body: string;
      done: boolean;
      at?: Date | null;
      score?: number | null;
    }>();
  });
});

describe('createDrizzleRepository', () => {
  it('returns a Repository of the record type, on a node-postgres or a PGlite database', () => {
    const resource = resourceFromTable(books);
    const onPool = createDrizzleRepository(resource, { db: drizzleNodePg(new pg.Pool()), table: books });
    const onPglite = createDrizzleRepository(resource, { db: drizzlePglite(new PGlite()), table: books });
    expectTypeOf(onPool).toEqualTypeOf<Repository<Book> & { ready(): Promise<void> }>();
    expectTypeOf(onPglite).toEqualTypeOf<Repository<Book> & { ready(): Promise<void> }>();
    expectTypeOf(onPool).not.toBeAny();
    expectTypeOf<DrizzleRepositoryOptions['db']>().toEqualTypeOf<
      DrizzlePgDatabase | DrizzleSQLiteDatabase | DrizzleMySqlDatabase
    >();
  });

  it('takes a readDb of the kinds db takes', () => {
    const resource = resourceFromTable(books);
    const db = drizzleNodePg(new pg.Pool());
    createDrizzleRepository(resource, { db, readDb: drizzleNodePg(new pg.Pool()), table: books });
    expectTypeOf<DrizzleRepositoryOptions['readDb']>().toEqualTypeOf<
      DrizzlePgDatabase | DrizzleSQLiteDatabase | DrizzleMySqlDatabase | undefined
    >();
    // @ts-expect-error readDb is a Drizzle database, not a pool
    createDrizzleRepository(resource, { db, readDb: new pg.Pool(), table: books });
  });

  it('returns a Repository of the record type on a SQLite database (sql.js)', async () => {
    const notes = sqliteTable('notes', { id: sqliteText().primaryKey(), body: sqliteText().notNull() });
    const SQL = await initSqlJs();
    const repository = createDrizzleRepository(resourceFromTable(notes), {
      db: drizzleSqlJs(new SQL.Database()),
      table: notes,
    });
    expectTypeOf(repository).toEqualTypeOf<Repository<{ id: string; body: string }> & { ready(): Promise<void> }>();
  });

  it('returns a Repository of the record type on a mysql2 pool', () => {
    const notes = mysqlTable('notes', {
      id: int('id').primaryKey(),
      body: mysqlVarchar('body', { length: 99 }).notNull(),
    });
    const repository = createDrizzleRepository(resourceFromTable(notes), {
      db: drizzleMysql2(mysql.createPool({ uri: 'mysql://root@127.0.0.1:3306/none' })),
      table: notes,
    });
    expectTypeOf(repository).toEqualTypeOf<Repository<{ id: number; body: string }> & { ready(): Promise<void> }>();
    expectTypeOf(repository).not.toBeAny();
  });
});
