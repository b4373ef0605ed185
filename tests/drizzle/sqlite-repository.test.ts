/** createDrizzleRepository on SQLite beyond the contract: the table's own rules, SQL statements, memory's answers. */
import { asc, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { defineResource } from 'pagelope';
import type { Repository, Transaction } from 'pagelope/kit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDrizzleRepository, resourceFromTable } from '../../src/drizzle/index';
import { createMemoryRepository } from '../../src/memory/index';
import { openSqlite, type SqliteLeg } from './sqlite-legs';

let counter = 0;

/** The message of an error (an `HttpError`'s list of problems joined by `; `). */
const messageOf = (error: unknown): string => [(error as { message: string | string[] }).message].flat().join('; ');

/** A table of authors and one of books referring to them, made by hand with SQLite's own constraints. */
async function library(leg?: SqliteLeg) {
  const open = leg ?? (await openSqlite());
  const n = ++counter;
  await open.exec(
    `CREATE TABLE authors_${n} (author_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL UNIQUE);` +
      `CREATE TABLE books_${n} (book_id TEXT PRIMARY KEY, book_title TEXT NOT NULL, ` +
      `author_id INTEGER REFERENCES authors_${n}(author_id), pages INTEGER NOT NULL DEFAULT 100 CHECK (pages > 0), ` +
      `created_at INTEGER NOT NULL, isbn TEXT, edition INTEGER, UNIQUE (isbn, edition))`,
  );
  const authors = sqliteTable(`authors_${n}`, {
    id: integer('author_id').primaryKey(),
    fullName: text('full_name').notNull(),
  });
  const books = sqliteTable(`books_${n}`, {
    id: text('book_id').primaryKey(),
    title: text('book_title').notNull(),
    authorId: integer('author_id'),
    pages: integer('pages').notNull().default(100),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date('2026-01-02T03:04:05.678Z')),
    isbn: text('isbn'),
    edition: integer('edition'),
  });
  const authorsRepository = createDrizzleRepository(resourceFromTable(authors, { name: 'authors' }), {
    db: open.db,
    table: authors,
  });
  const booksRepository = createDrizzleRepository(resourceFromTable(books, { name: 'books' }), {
    db: open.db,
    table: books,
  });
  return { leg: open, authors: authorsRepository, books: booksRepository, booksTable: books };
}

describe('createDrizzleRepository on SQLite', () => {
  it('lists the columns SQLite or Drizzle fills as databaseDefaults, and fills them', async () => {
    const { authors, books } = await library();
    expect(authors.databaseDefaults).toEqual(['id']);
    expect(books.databaseDefaults).toEqual(['pages', 'createdAt']);
    const ann = await authors.create({ fullName: 'Ann' } as never);
    expect(ann).toEqual({ id: 1, fullName: 'Ann' });
    const book = await books.create({ id: 'b1', title: 'T', authorId: 1, isbn: null, edition: null } as never);
    expect(book).toMatchObject({ pages: 100, createdAt: new Date('2026-01-02T03:04:05.678Z') });
  });

  it.each([
    ['a duplicate unique value', { fullName: 'Ann' }, 409, 'fullName: the value already exists'],
    ['a duplicate id', { id: 1, fullName: 'Bob' }, 409, 'authors: the id is taken'],
  ])('answers %s with a %d naming the field', async (_case, body, status, message) => {
    const { authors } = await library();
    await authors.create({ fullName: 'Ann' } as never);
    const error = await authors.create(body as never).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: status });
    expect(String((error as Error).message)).toContain(message);
    expect((await authors.list()).total).toBe(1);
  });

  it('answers a broken foreign key, check and unique pair with 409, 400 and 409 naming the fields', async () => {
    const { authors, books } = await library();
    await authors.create({ fullName: 'Ann' } as never);
    const base = { title: 'T', authorId: 1, isbn: 'x', edition: 1 };
    await books.create({ ...base, id: 'b1' } as never);
    const errorOf = (body: object) => books.create(body as never).catch((caught: unknown) => caught);
    expect(await errorOf({ ...base, id: 'b2', authorId: 9 })).toMatchObject({ statusCode: 409 });
    expect(await errorOf({ ...base, id: 'b3', edition: 2, pages: -1 })).toMatchObject({ statusCode: 400 });
    const pair = await errorOf({ ...base, id: 'b4' });
    expect(pair).toMatchObject({ statusCode: 409 });
    expect(messageOf(pair)).toContain('isbn, edition: this combination of values already exists');
    const refused = await authors.delete(1).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ statusCode: 409 });
    expect(messageOf(refused)).toContain('cannot be deleted: other records refer to it');
    expect((await books.list()).total).toBe(1);
  });

  it('keeps dates exact whatever the time zone: timestamp_ms columns and ISO text columns', async () => {
    const leg = await openSqlite();
    await leg.exec('CREATE TABLE events (id TEXT PRIMARY KEY, at TEXT NOT NULL, day TEXT NOT NULL)');
    const events = defineResource({
      name: 'events',
      schema: z.object({ id: z.string(), at: z.date(), day: z.iso.date() }),
      filterable: ['at', 'day'],
      sortable: ['at', 'day'],
    });
    const table = sqliteTable('events', {
      id: text('id').primaryKey(),
      at: text('at').notNull(),
      day: text('day').notNull(),
    });
    const repository = createDrizzleRepository(events, { db: leg.db, table });
    const at = new Date('2024-03-31T01:30:00.123Z');
    await repository.create({ id: 'e1', at, day: '2024-03-31' });
    await repository.create({ id: 'e2', at: new Date('0099-01-01T00:00:00.000Z'), day: '0099-01-01' });
    expect(await repository.get('e1')).toEqual({ id: 'e1', at, day: '2024-03-31' });
    const later = await repository.list({ where: { at: { gt: new Date('1970-01-01T00:00:00.000Z') } } });
    expect(later.items.map((item) => item.id)).toEqual(['e1']);
    const rows = await leg.db.all<{ at: string }>(sql`SELECT at FROM events WHERE id = 'e1'`);
    expect(rows).toEqual([{ at: '2024-03-31T01:30:00.123Z' }]);
  });

  it('runs a filtered, sorted page as one SELECT with WHERE, ORDER BY and LIMIT, and the count only when needed', async () => {
    const statements: string[] = [];
    const leg = await openSqlite({ logQuery: (query) => statements.push(query) });
    const { books } = await library(leg);
    for (const id of ['b1', 'b2', 'b3']) {
      await books.create({ id, title: `Title ${id}`, authorId: null, isbn: null, edition: null } as never);
    }
    statements.length = 0;
    const page = await books.list({
      where: { title: { contl: 'TITLE' } },
      orderBy: [{ field: 'title', direction: 'desc' }],
      limit: 2,
    });
    expect(page.items.map((item) => item.id)).toEqual(['b3', 'b2']);
    expect(page.total).toBe(3);
    expect(statements).toHaveLength(2);
    // The title and the id never hold NULL (their schemas refuse it): their terms have no NULLS clause.
    expect(statements[0]).toMatch(
      /WHERE .*pagelope_lower\("book_title"\).* ORDER BY "book_title" COLLATE BINARY DESC, "book_id" COLLATE BINARY ASC LIMIT \?/,
    );
    expect(statements[1]).toMatch(/^SELECT count\(\*\)/);
  });

  it('filters and sorts by a relation bound to a repository of the same database with subqueries', async () => {
    const statements: string[] = [];
    const leg = await openSqlite({ logQuery: (query) => statements.push(query) });
    await leg.exec(
      'CREATE TABLE writers (id TEXT PRIMARY KEY, name TEXT NOT NULL);' +
        'CREATE TABLE novels (id TEXT PRIMARY KEY, title TEXT NOT NULL, writer_id TEXT)',
    );
    const writersTable = sqliteTable('writers', { id: text('id').primaryKey(), name: text('name').notNull() });
    const novelsTable = sqliteTable('novels', {
      id: text('id').primaryKey(),
      title: text('title').notNull(),
      writerId: text('writer_id'),
    });
    const writers = resourceFromTable(writersTable, { filterable: ['name'], sortable: ['name'] });
    const novels = resourceFromTable(novelsTable, {
      filterable: ['title', 'writer.name'],
      sortable: ['writer.name'],
      relations: { writer: { kind: 'one', resource: () => writers, field: 'writerId' } },
    });
    const writersRepository = createDrizzleRepository(writers, { db: leg.db, table: writersTable });
    const novelsRepository = createDrizzleRepository(novels, { db: leg.db, table: novelsTable });
    await writersRepository.create({ id: 'w1', name: 'Émile' });
    await writersRepository.create({ id: 'w2', name: 'Zola' });
    for (const [id, writerId] of [
      ['n1', 'w1'],
      ['n2', 'w2'],
      ['n3', null],
    ] as const) {
      await novelsRepository.create({ id, title: id, writerId });
    }
    statements.length = 0;
    const page = await novelsRepository.list({ where: { writer: { name: { eql: 'émile' } } } } as never, {
      relations: { writer: { repository: writersRepository as Repository<unknown> } },
    });
    expect(page.items.map((novel) => novel.id)).toEqual(['n1']);
    expect(statements[0]).toMatch(/EXISTS \(SELECT 1 FROM "writers" AS "~r" WHERE "~r"."id" = "novels"."writer_id"/);
    statements.length = 0;
    const sorted = await novelsRepository.listByCursor(
      { orderBy: [{ field: 'writer.name', direction: 'desc' }], limit: 1 } as never,
      { relations: { writer: { repository: writersRepository as Repository<unknown> } } },
    );
    expect(sorted.items.map((novel) => novel.id)).toEqual(['n3']);
    expect(statements[0]).toMatch(
      /ORDER BY \(SELECT "~p"."name" FROM "writers" AS "~p" WHERE .*\) COLLATE BINARY DESC NULLS FIRST/,
    );
    const next = await novelsRepository.listByCursor(
      { orderBy: [{ field: 'writer.name', direction: 'desc' }], cursor: sorted.nextCursor, limit: 5 } as never,
      {
        relations: { writer: { repository: writersRepository as Repository<unknown> } },
      },
    );
    // Code-point order: 'É' (U+00C9) is after 'Z'.
    expect(next.items.map((novel) => novel.id)).toEqual(['n1', 'n2']);
  });

  it('commits the work of a transaction, tx.query included, and rolls all of it back when work throws', async () => {
    const { leg, authors, books } = await library();
    await authors.transaction?.(async (tx) => {
      await tx.repository(authors).create({ fullName: 'Ann' } as never);
      await tx.query?.('INSERT INTO ' + (await tableOf(leg, 'authors')) + ' (full_name) VALUES (?)', ['Bob']);
    });
    const failed = authors.transaction?.(async (tx) => {
      await tx.repository(books).create({ id: 'b1', title: 'T', authorId: 1, isbn: null, edition: null } as never);
      throw new Error('undo');
    });
    await expect(failed).rejects.toThrow('undo');
    expect((await authors.list()).items.map((author) => author.fullName)).toEqual(['Ann', 'Bob']);
    expect((await books.list()).total).toBe(0);
  });

  it('refuses the transaction, tx.query and the repositories it bound once its work has settled', async () => {
    const { authors } = await library();
    let kept: { tx: Transaction; bound: Repository<{ fullName: string }> } | undefined;
    await authors.transaction?.(async (tx) => {
      kept = { tx, bound: tx.repository(authors) };
      await kept.bound.create({ fullName: 'Ann' } as never);
    });
    if (!kept) throw new Error('the work did not run');
    const ended = 'the transaction has ended';
    await expect(kept.bound.create({ fullName: 'Bob' } as never)).rejects.toThrow(ended);
    await expect(kept.bound.list()).rejects.toThrow(ended);
    await expect(kept.tx.query?.('SELECT 1')).rejects.toThrow(ended);
    expect(() => kept?.tx.repository(authors)).toThrow(ended);
    expect((await authors.list()).items.map((author) => author.fullName)).toEqual(['Ann']);
  });
});

/** The name of the last table made whose name starts with `prefix`. */
async function tableOf(leg: SqliteLeg, prefix: string): Promise<string> {
  const rows = await leg.db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ${`${prefix}_%`} ORDER BY rowid DESC LIMIT 1`,
  );
  return rows[0]?.name ?? prefix;
}

/** Records of mixed case, non-ASCII letters, duplicates and NULLs. */
const WORDS = [
  'apple',
  'Apple',
  'APPLE',
  'äpfel',
  'Äpfel',
  'zebra',
  'Zürich',
  'éclair',
  'Éclair',
  'İstanbul',
  'ǅemal',
  'straße',
  'STRASSE',
  '𝄞 clef',
  'b',
  'B',
];

describe('createDrizzleRepository on SQLite, compared with memory', () => {
  const notes = defineResource({
    name: 'notes',
    schema: z.object({ id: z.string(), word: z.string(), other: z.string().nullable() }),
    filterable: ['word', 'other'],
    sortable: ['word', 'other'],
    searchable: ['word'],
  });
  const records = WORDS.map((word, i) => ({
    id: `n${String(i).padStart(2, '0')}`,
    word,
    other: i % 3 === 0 ? null : (WORDS[(i * 5) % WORDS.length] as string),
  }));
  const queries = [
    { orderBy: [{ field: 'word', direction: 'asc' }] },
    {
      orderBy: [
        { field: 'other', direction: 'desc' },
        { field: 'word', direction: 'asc' },
      ],
    },
    { where: { word: { eql: 'äpfel' } } },
    { where: { word: { contl: 'é' } } },
    { where: { word: { startsl: 'i̇' } } },
    { where: { word: { inl: ['apple', 'ǆemal'] } } },
    { where: { word: { nel: 'apple' } } },
    { where: { word: { starts: 'Z' } }, orderBy: [{ field: 'word', direction: 'desc' }] },
    { where: { word: { cont: 'A' } } },
    { where: { word: { ends: 'e' } } },
    { where: { other: { notin: ['b'] } } },
    { where: { other: { eq: 'apple' } }, orderBy: [{ field: 'other', direction: 'asc' }] },
    { where: { other: { in: ['b', 'APPLE'] } } },
    { search: 'STRA' },
    { search: 'ä' },
  ] as const;

  for (const functions of [true, false]) {
    it(`answers every query as memory does ${functions ? 'with' : 'without'} JavaScript functions`, async () => {
      const leg = await openSqlite({ functions });
      // `other` is declared case-insensitive: the repository still compares and orders it by code point.
      await leg.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, word TEXT NOT NULL, other TEXT COLLATE NOCASE)');
      const table = sqliteTable('notes', {
        id: text('id').primaryKey(),
        word: text('word').notNull(),
        other: text('other'),
      });
      const sqlite: Repository<unknown> = createDrizzleRepository(notes, { db: leg.db, table }) as Repository<unknown>;
      const memory = createMemoryRepository(notes, { records });
      for (const record of records) await sqlite.create(record as never);
      for (const query of queries) {
        const expected = await memory.list({ ...query, limit: 100 } as never);
        expect(await sqlite.list({ ...query, limit: 100 } as never), JSON.stringify(query)).toEqual(expected);
        const walked: unknown[] = [];
        let cursor: string | null = null;
        do {
          const page: { items: readonly unknown[]; nextCursor: string | null } = await sqlite.listByCursor({
            ...query,
            limit: 3,
            cursor,
          } as never);
          walked.push(...page.items);
          cursor = page.nextCursor;
        } while (cursor);
        expect(walked, JSON.stringify(query)).toEqual(expected.items);
      }
      // Drizzle's own ORDER BY on the BINARY collation agrees: code-point order.
      const rows = await leg.db.select().from(table).orderBy(asc(table.word));
      expect(rows.map((row) => row.word)).toEqual(
        (await memory.list({ orderBy: [{ field: 'word', direction: 'asc' }], limit: 100 } as never)).items.map(
          (item) => (item as { word: string }).word,
        ),
      );
    });
  }
});
