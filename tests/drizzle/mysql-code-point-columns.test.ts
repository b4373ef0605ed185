/**
 * MariaDB text columns the repository reads the collation of before its first statement: in `utf8mb4_nopad_bin` they
 * are ordered and compared as they are (no `COLLATE` in the statement, so an index can serve the order), in another
 * character set converted to `utf8mb4`; the answers stay in code-point order, the keyset condition in the order's
 * collation even after a migration changes it, and the read neither repeats nor waits for a transaction. Skipped
 * without MYSQL_URL.
 */
import { mysqlTable, text, varchar } from 'drizzle-orm/mysql-core';
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery, type Repository, type Resource } from 'pagelope';
import { createDrizzleRepository, resourceFromTable } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';

interface Book {
  id: string;
  title: string;
  note: string | null;
}

const TITLES = ['b', 'B', 'a ', 'a', 'É', 'e', 'é', '😀', 'ａ'];
/** The titles by code point, as the memory repository orders them. */
const byCodePoint = (titles: readonly string[]) =>
  [...titles].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));

describe.skipIf(!MYSQL_URL)('createDrizzleRepository on MariaDB columns of known collations', () => {
  let leg: MysqlLeg;
  const created: string[] = [];
  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
  });
  afterAll(async () => {
    await leg.dropTables(created);
    await leg.close();
  });

  /** A table of books whose title and note columns are `type`, filled with `titles`; its repository on `db`. */
  async function booksIn(type: string, db = leg.db, titles: readonly string[] = TITLES) {
    const name = uniqueTable('cp_books');
    created.push(name);
    await leg.exec(
      `CREATE TABLE \`${name}\` (id VARCHAR(36) COLLATE utf8mb4_nopad_bin PRIMARY KEY, title ${type} NOT NULL, ` +
        `note ${type} NULL, INDEX (title(32), id)) DEFAULT CHARSET = utf8mb4`,
    );
    const table = mysqlTable(name, {
      id: varchar('id', { length: 36 }).primaryKey(),
      title: text('title').notNull(),
      note: text('note'),
    });
    const resource = resourceFromTable(table, { name: 'books', filterable: ['title'], sortable: ['title', 'note'] });
    const repository = createDrizzleRepository(resource, { db, table }) as unknown as Repository<Book>;
    for (const [i, title] of titles.entries()) await repository.create({ id: `b${i}`, title, note: title });
    return { name, table, resource, repository };
  }

  /** A Drizzle database on the leg's pool whose statements (with their parameters as MariaDB reads them) are kept. */
  function loggedDatabase() {
    const statements: string[] = [];
    const logQuery = (query: string, params: unknown[]) => statements.push(leg.pool.format(query, params));
    return { statements, db: drizzle({ client: leg.pool, logger: { logQuery } }) };
  }

  /** Every title a cursor walk of `order` reads, two a page. */
  async function walk(repository: Repository<Book>, order: 'asc' | 'desc', where?: object): Promise<string[]> {
    const titles: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const result = await repository.listByCursor({
        orderBy: [{ field: 'title', direction: order }],
        limit: 2,
        ...(cursor === undefined ? {} : { cursor }),
        ...(where && { where }),
      });
      titles.push(...result.items.map((item) => item.title));
      if (result.nextCursor === null) return titles;
      cursor = result.nextCursor;
    }
    throw new Error('the walk did not end');
  }

  it('orders and pages a utf8mb4_nopad_bin column without COLLATE, by code point', async () => {
    const { db, statements } = loggedDatabase();
    const { repository } = await booksIn('VARCHAR(32) COLLATE utf8mb4_nopad_bin', db);
    expect(await walk(repository, 'asc')).toEqual(byCodePoint(TITLES));
    expect(await walk(repository, 'desc')).toEqual(byCodePoint(TITLES).reverse());
    const pages = statements.filter((sql) => / ORDER BY /.test(sql));
    expect(pages.length).toBeGreaterThan(8);
    for (const sql of pages) expect(sql).not.toContain('COLLATE');
    expect(pages.at(-1)).toMatch(/ORDER BY `title` DESC, `id` ASC LIMIT/);
    expect(pages.at(-1)).toMatch(/`title` < _utf8mb4 X'[0-9a-f]+'\)/);
  });

  it('compares a utf8mb4_nopad_bin column as it is, by code point', async () => {
    const { db, statements } = loggedDatabase();
    const { repository } = await booksIn('TEXT COLLATE utf8mb4_nopad_bin', db);
    const titles = async (where: object) =>
      (await repository.list({ where, orderBy: [{ field: 'title', direction: 'asc' }] })).items.map(
        (item) => item.title,
      );
    expect(await titles({ title: 'a' })).toEqual(['a']);
    expect(await titles({ title: { in: ['B', 'é'] } })).toEqual(['B', 'é']);
    expect(await titles({ title: { ne: 'e' } })).toEqual(byCodePoint(TITLES.filter((title) => title !== 'e')));
    expect(
      statements
        .filter((sql) => / WHERE /.test(sql) && !sql.includes('information_schema'))
        .every((sql) => !sql.includes('COLLATE')),
    ).toBe(true);
  });

  it('orders a column of the default collation COLLATE utf8mb4_nopad_bin, by code point', async () => {
    const { db, statements } = loggedDatabase();
    const { repository } = await booksIn('VARCHAR(32)', db);
    expect(await walk(repository, 'asc')).toEqual(byCodePoint(TITLES));
    expect(statements.at(-1)).toMatch(/ORDER BY `title` COLLATE utf8mb4_nopad_bin ASC/);
    expect(statements.at(-1)).toMatch(
      /`title` COLLATE utf8mb4_nopad_bin > _utf8mb4 X'[0-9a-f]+' COLLATE utf8mb4_nopad_bin/,
    );
  });

  it('orders and matches a latin1 column converted to utf8mb4, by code point', async () => {
    const latin = TITLES.filter((title) => title !== '😀' && title !== 'ａ');
    const { repository } = await booksIn('VARCHAR(32) CHARACTER SET latin1', leg.db, latin);
    expect(await walk(repository, 'asc')).toEqual(byCodePoint(latin));
    const matched = await repository.list({ where: { title: { cont: 'É' } } });
    expect(matched.items.map((item) => item.title)).toEqual(['É']);
  });

  /**
   * Notes (a latin1 title) and their tags (a latin1 label), and the repositories of both sides, the second made only
   * after the first has read its collations (`late`), or both before either is called.
   */
  async function taggedNotes(late: boolean) {
    const [notesName, tagsName] = [uniqueTable('cp_notes'), uniqueTable('cp_tags')];
    created.push(notesName, tagsName);
    const latin1 = 'VARCHAR(32) CHARACTER SET latin1 NOT NULL';
    const key = 'VARCHAR(36) COLLATE utf8mb4_nopad_bin';
    await leg.exec(`CREATE TABLE \`${notesName}\` (id ${key} PRIMARY KEY, title ${latin1})`);
    await leg.exec(`CREATE TABLE \`${tagsName}\` (id ${key} PRIMARY KEY, note_id ${key} NOT NULL, label ${latin1})`);
    const notesTable = mysqlTable(notesName, {
      id: varchar('id', { length: 36 }).primaryKey(),
      title: varchar('title', { length: 32 }).notNull(),
    });
    const tagsTable = mysqlTable(tagsName, {
      id: varchar('id', { length: 36 }).primaryKey(),
      noteId: varchar('note_id', { length: 36 }).notNull(),
      label: varchar('label', { length: 32 }).notNull(),
    });
    const tags = resourceFromTable(tagsTable, {
      name: 'tags',
      relations: { note: { kind: 'one', resource: (): Resource => notes as never, field: 'noteId' } },
      filterable: ['noteId', 'label'],
      sortable: ['note.title'],
    });
    const notes = resourceFromTable(notesTable, {
      name: 'notes',
      relations: { tags: { kind: 'many', resource: (): Resource => tags as never, field: 'noteId' } },
      filterable: ['tags.label'],
      sortable: ['title'],
    });
    const notesOf = () => createDrizzleRepository(notes, { db: leg.db, table: notesTable });
    const tagsOf = () => createDrizzleRepository(tags, { db: leg.db, table: tagsTable });
    await leg.exec(`INSERT INTO \`${notesName}\` VALUES ('n1', 'b'), ('n2', 'É'), ('n3', 'a')`);
    await leg.exec(
      `INSERT INTO \`${tagsName}\` VALUES ('t1', 'n1', 'Élan'), ('t2', 'n2', 'élan'), ('t3', 'n3', 'elan ')`,
    );
    const idsOf = (page: { items: readonly unknown[] }) => page.items.map((item) => (item as { id: string }).id);
    // The first repository is called once, so that it reads the collations, before the other is made (`late`).
    const pair = async <A extends { list(input: { limit: number }): Promise<unknown> }, B>(
      first: () => A,
      second: () => B,
    ): Promise<[A, B]> => {
      if (!late) return [first(), second()];
      const one = first();
      await one.list({ limit: 1 });
      return [one, second()];
    };
    return {
      notesWhere: async (queries: readonly string[]) => {
        const [noteRepository, tagRepository] = await pair(notesOf, tagsOf);
        const relations = { tags: { repository: tagRepository } };
        const out: string[][] = [];
        for (const query of queries)
          out.push(idsOf(await noteRepository.list(parseListQuery(query, notes), { relations })));
        return out;
      },
      tagsByTitle: async () => {
        const [tagRepository, noteRepository] = await pair(tagsOf, notesOf);
        const query = parseListQuery('orderBy=note.title', tags);
        return idsOf(await tagRepository.list(query, { relations: { note: { repository: noteRepository } } }));
      },
    };
  }

  it.each([
    ['made after the other read its collations', true],
    ['made before', false],
  ])('filters by a latin1 column of a related table whose repository is %s, by code point', async (_name, late) => {
    const { notesWhere } = await taggedNotes(late);
    const queries = {
      'tags.label[eq]=%C3%89lan': ['n1'],
      'tags.label[in]=%C3%A9lan&tags.label[in]=elan': ['n2'],
      'tags.label[cont]=%C3%A9': ['n2'],
      'tags.label[starts]=e': ['n3'],
      'tags.label[ends]=n%20': ['n3'],
    };
    expect(await notesWhere(Object.keys(queries))).toEqual(Object.values(queries));
  });

  it.each([
    ['made after the other read its collations', true],
    ['made before', false],
  ])(
    'orders by a latin1 column of a to-one related table whose repository is %s, by code point',
    async (_name, late) => {
      const { tagsByTitle } = await taggedNotes(late);
      expect(await tagsByTitle()).toEqual(['t3', 't1', 't2']);
    },
  );

  it('keeps the keyset condition in the collation of the order after a migration changes it', async () => {
    const { repository, name } = await booksIn('VARCHAR(32) COLLATE utf8mb4_nopad_bin');
    expect(await walk(repository, 'asc')).toEqual(byCodePoint(TITLES));
    // Read once at first use: the repository still orders the column as it is, now case-insensitive.
    await leg.exec(`ALTER TABLE \`${name}\` MODIFY title VARCHAR(32) COLLATE utf8mb4_general_ci NOT NULL`);
    const after = await walk(repository, 'asc');
    expect([...after].sort()).toEqual([...TITLES].sort());
  });

  it('reads the collations once for concurrent first calls', async () => {
    const { repository, table, resource } = await booksIn('VARCHAR(32) COLLATE utf8mb4_nopad_bin');
    void repository;
    const { db, statements } = loggedDatabase();
    const fresh = createDrizzleRepository(resource, { db, table });
    await Promise.all([fresh.list(), fresh.listByCursor(), fresh.get('b0'), fresh.list({ where: { title: 'a' } })]);
    // One read of the columns with their collations (the LEFT JOIN of src/drizzle/mysql-text-columns.ts, which the
    // column check reads) for the four first calls.
    const reads = statements.filter((sql) => sql.includes('information_schema.COLUMNS'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain('LEFT JOIN information_schema.COLUMNS');
  });

  it('reads the collations of a repository first called inside a transaction on one connection, as a call outside waits', async () => {
    const one = await booksIn('VARCHAR(32) COLLATE utf8mb4_nopad_bin');
    const two = await booksIn('VARCHAR(32) COLLATE utf8mb4_nopad_bin');
    const connection = await mysql.createConnection({ uri: MYSQL_URL ?? '' });
    try {
      const db = drizzle({ client: connection });
      const first = createDrizzleRepository(one.resource, { db, table: one.table }) as unknown as Repository<Book>;
      let outside: Promise<unknown> | undefined;
      const inside = await first.transaction?.(async (tx) => {
        // Made now, so that its read is not the one the transaction's call made: it starts outside, while the
        // transaction holds the only connection, and the call inside waits for it.
        const second = createDrizzleRepository(two.resource, { db, table: two.table }) as unknown as Repository<Book>;
        outside = second.list({ limit: 1 });
        const page = await tx
          .repository(second)
          .listByCursor({ orderBy: [{ field: 'title', direction: 'asc' }], limit: 3 });
        return page.items.map((item) => item.title);
      });
      expect(inside).toEqual(byCodePoint(TITLES).slice(0, 3));
      expect(await outside).toMatchObject({ total: TITLES.length });
    } finally {
      await connection.end();
    }
  }, 20_000);
});
