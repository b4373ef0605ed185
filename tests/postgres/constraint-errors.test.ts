/**
 * Constraint and data errors of writes on a table made by raw DDL (not createTableSql) answer the error envelope
 * with a 4xx naming resource fields, never a 500 and never SQL, a table or a constraint, and leave the tables as they
 * were: on PGlite, and on the server when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, errorResponse, isHttpError, type Repository } from '../../src/index';
import { createPostgresRepository } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const authors = defineResource({
  name: 'authors',
  schema: z.object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().optional(),
    code: z.string().optional(),
    age: z.number().int().optional(),
    score: z.number().optional(),
    born: z.string().optional(),
    a: z.number().int().optional(),
    b: z.number().int().optional(),
  }),
});
type Author = z.output<typeof authors.schema>;

const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), title: z.string(), authorId: z.string().nullable() }),
});
type Book = z.output<typeof books.schema>;

const AUTHOR_ID = '00000000-0000-4000-8000-000000000001';
const MISSING_ID = '00000000-0000-4000-8000-0000000000ff';
const BOOK_ID = '00000000-0000-4000-8000-000000000101';

interface Tables {
  readonly authors: string;
  readonly books: string;
  readonly tags: string;
}

/** Raw DDL as a team would have written it: uuid keys, a unique index, checks, a foreign key each way. */
function ddl(t: Tables): string {
  return `
    CREATE TABLE ${t.authors} (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email varchar(12) UNIQUE,
      code text,
      age integer CHECK (age >= 0),
      score numeric(4, 2),
      born date,
      a integer,
      b integer,
      UNIQUE (a, b),
      CHECK (a < b)
    );
    CREATE UNIQUE INDEX ${t.authors}_code ON ${t.authors} (code);
    CREATE TABLE ${t.books} (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      "authorId" uuid REFERENCES ${t.authors} (id)
    );
    CREATE TABLE ${t.tags} (label text, "authorCode" text REFERENCES ${t.authors} (code));
    INSERT INTO ${t.authors} (id, name, email, code, a, b) VALUES ('${AUTHOR_ID}', 'Ann', 'ann@x.io', 'ANN', 1, 2);
    INSERT INTO ${t.books} (id, title, "authorId") VALUES ('${BOOK_ID}', 'First', '${AUTHOR_ID}');
    INSERT INTO ${t.tags} (label, "authorCode") VALUES ('t', 'ANN');
  `;
}

interface Row {
  readonly name: string;
  readonly write: (repos: { authors: Repository<Author>; books: Repository<Book> }) => Promise<unknown>;
  readonly status: number;
  readonly message: string | readonly string[];
  /** Refused by the repository's check of the column's type before any SQL, so no database error is its cause. */
  readonly checkedFirst?: boolean;
}

const author = (extra: Partial<Author>): Omit<Author, 'id'> => ({ name: 'Bo', ...extra });

const ROWS: readonly Row[] = [
  {
    name: 'a unique column (23505)',
    write: ({ authors }) => authors.create(author({ email: 'ann@x.io' })),
    status: 409,
    message: ['email: the value already exists'],
  },
  {
    name: 'a unique index that is not a constraint (23505)',
    write: ({ authors }) => authors.update(AUTHOR_ID, {}).then(() => authors.create(author({ code: 'ANN' }))),
    status: 409,
    message: ['code: the value already exists'],
  },
  {
    name: 'a unique pair of columns (23505)',
    write: ({ authors }) => authors.create(author({ a: 1, b: 2 })),
    status: 409,
    message: ['a, b: this combination of values already exists'],
  },
  {
    name: 'the id of an existing record',
    write: ({ authors }) => authors.create({ ...author({}), id: AUTHOR_ID }),
    status: 409,
    message: 'authors: the id is taken',
  },
  {
    name: 'a foreign key on create (23503)',
    write: ({ books }) => books.create({ title: 'x', authorId: MISSING_ID }),
    status: 409,
    message: ['authorId: refers to a record that does not exist'],
  },
  {
    name: 'a foreign key on update (23503)',
    write: ({ books }) => books.update(BOOK_ID, { authorId: MISSING_ID }),
    status: 409,
    message: ['authorId: refers to a record that does not exist'],
  },
  {
    name: 'a foreign key on replace (23503)',
    write: ({ books }) => books.replace(BOOK_ID, { title: 'y', authorId: MISSING_ID }),
    status: 409,
    message: ['authorId: refers to a record that does not exist'],
  },
  {
    name: 'a delete refused by another table (23503)',
    write: ({ authors }) => authors.delete(AUTHOR_ID),
    status: 409,
    message: `authors "${AUTHOR_ID}" cannot be deleted: other records refer to it`,
  },
  {
    name: 'a change of a value another table refers to (23503)',
    write: ({ authors }) => authors.update(AUTHOR_ID, { code: 'NEW' }),
    status: 409,
    message: ['code: other records refer to the current value'],
  },
  {
    name: 'a not-null column (23502)',
    write: ({ authors }) => authors.create(author({ name: null })),
    status: 400,
    message: ['name: a value is required'],
  },
  {
    name: 'a check on one column (23514)',
    write: ({ authors }) => authors.create(author({ age: -1 })),
    status: 400,
    message: ['age: the value is not allowed'],
  },
  {
    name: 'a check on two columns (23514)',
    write: ({ authors }) => authors.update(AUTHOR_ID, { a: 5 }),
    status: 400,
    message: ['a, b: the values are not allowed together'],
  },
  {
    name: 'a string too long for varchar(n) (22001)',
    write: ({ authors }) => authors.create(author({ email: 'é'.repeat(13) })),
    status: 400,
    message: ['email: the value is too long'],
  },
  {
    name: 'a numeric(4, 2) overflow (22003)',
    write: ({ authors }) => authors.update(AUTHOR_ID, { score: 100 }),
    status: 400,
    message: ['score: the number is out of range'],
  },
  {
    name: 'an integer out of range (22003)',
    checkedFirst: true,
    write: ({ authors }) => authors.create(author({ age: 2 ** 31 })),
    status: 400,
    // Refused by the repository's own check of the column's range, before the database sees it.
    message: ['age: must be an integer from -2147483648 to 2147483647'],
  },
  {
    name: 'text that is no uuid (22P02)',
    checkedFirst: true,
    write: ({ books }) => books.create({ title: 'x', authorId: 'abc' }),
    status: 400,
    message: ['authorId: must be a uuid'],
  },
  {
    name: 'an id that is no uuid on create (22P02)',
    checkedFirst: true,
    write: ({ books }) => books.create({ id: '__proto__', title: 'x', authorId: null }),
    status: 400,
    message: ['id: must be a uuid'],
  },
  {
    name: 'a path id that is no uuid on delete',
    checkedFirst: true,
    write: ({ books }) => books.delete('constructor'),
    status: 404,
    message: 'books "constructor" not found',
  },
  {
    name: 'an invalid date (22007)',
    checkedFirst: true,
    write: ({ authors }) => authors.create(author({ born: 'the day before' })),
    status: 400,
    message: ['born: must be a date (YYYY-MM-DD) from 0001-01-01 to 9999-12-31'],
  },
  {
    name: 'a date out of range (22008)',
    checkedFirst: true,
    write: ({ authors }) => authors.update(AUTHOR_ID, { born: '2020-13-45' }),
    status: 400,
    message: ['born: must be a date (YYYY-MM-DD) from 0001-01-01 to 9999-12-31'],
  },
];

async function snapshot(db: TestDatabase, t: Tables): Promise<string> {
  const parts: unknown[] = [];
  for (const table of [t.authors, t.books, t.tags]) {
    const { rows } = await db.client.query(`SELECT * FROM ${table} ORDER BY 1`);
    parts.push(rows);
  }
  return JSON.stringify(parts);
}

for (const [leg, open] of testDatabases()) {
  describe(`createPostgresRepository write errors on ${leg}`, () => {
    let db: TestDatabase;
    const t: Tables = { authors: uniqueTable('c_authors'), books: uniqueTable('c_books'), tags: uniqueTable('c_tags') };
    let repos: { authors: Repository<Author>; books: Repository<Book> };

    beforeAll(async () => {
      db = await open();
      await db.exec(ddl(t));
      repos = {
        authors: createPostgresRepository(authors, { client: db.client, table: t.authors }),
        books: createPostgresRepository(books, { client: db.client, table: t.books }),
      };
    }, 120_000);
    afterAll(async () => {
      await db.dropTables([t.tags, t.books, t.authors]);
      await db.close();
    }, 120_000);

    it.each(ROWS)('answers $status for $name and changes nothing', async ({ write, status, message, checkedFirst }) => {
      const before = await snapshot(db, t);
      const error: unknown = await write(repos).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isHttpError(error) && { statusCode: error.statusCode, message: error.message }).toEqual({
        statusCode: status,
        message,
      });
      const response = errorResponse(error, { headers: {} });
      expect(response.statusCode).toBe(status);
      const body = JSON.stringify(response.body);
      for (const secret of [t.authors, t.books, t.tags, 'constraint', 'violates', 'INSERT', 'UPDATE', 'pkey', 'key']) {
        expect(body.includes(secret)).toBe(false);
      }
      // The duplicate id is found by ON CONFLICT, with no database error to keep; every other row keeps its own.
      const cause = (error as { cause?: { code?: string } }).cause;
      // A value the column cannot hold is refused by the repository's own check, before any SQL: no database error.
      if (checkedFirst) expect(cause).toBeUndefined();
      else if (message !== 'authors: the id is taken') expect(cause?.code).toMatch(/^2[23]/);
      expect(await snapshot(db, t)).toBe(before);
    });

    it('reads the catalog once, on the first error that needs it, and not for writes that succeed', async () => {
      const table = uniqueTable('c_once');
      await db.exec(`CREATE TABLE ${table} (id text PRIMARY KEY, email text UNIQUE, age integer CHECK (age > 0))`);
      const resource = defineResource({
        name: 'people',
        schema: z.object({ id: z.string(), email: z.string(), age: z.number().int() }),
      });
      const reads: string[] = [];
      const counting = {
        query: (text: string, values?: unknown[]) => {
          if (text.includes('pg_catalog.pg_constraint')) reads.push(text);
          return db.client.query(text, values);
        },
      };
      const repository = createPostgresRepository(resource, { client: counting, table });
      await repository.create({ id: 'p1', email: 'a@b.c', age: 1 });
      expect(reads).toHaveLength(0);
      for (let i = 0; i < 3; i++) {
        await expect(repository.create({ id: `x${String(i)}`, email: 'z@b.c', age: 0 })).rejects.toMatchObject({
          statusCode: 400,
          message: ['age: the value is not allowed'],
        });
      }
      expect(reads).toHaveLength(1);
      await db.dropTables([table]);
    });

    it('names the field inside a transaction, where the catalog cannot be read, from the error itself', async () => {
      const table = uniqueTable('c_tx');
      await db.exec(`CREATE TABLE ${table} (id text PRIMARY KEY, email text UNIQUE)`);
      const resource = defineResource({ name: 'people', schema: z.object({ id: z.string(), email: z.string() }) });
      const repository = createPostgresRepository(resource, { client: db.client, table });
      await repository.create({ id: 'p1', email: 'a@b.c' });
      const transaction = repository.transaction;
      if (!transaction) throw new Error('no transaction');
      const error: unknown = await transaction((tx) =>
        tx.repository(repository).create({ id: 'p2', email: 'a@b.c' }),
      ).catch((caught: unknown) => caught);
      expect(isHttpError(error) && [error.statusCode, error.message]).toEqual([
        409,
        ['email: the value already exists'],
      ]);
      await db.dropTables([table]);
    });
  });
}
