/**
 * `repository.transaction(work)` on PostgreSQL: one connection of a `pg.Pool`, a single `pg.Client`, and PGlite. The
 * work commits when it resolves and rolls back entirely when it throws; repositories bound with `tx.repository` and
 * raw SQL through `tx.query` run in it; the repository's other statements never run inside it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  defineResource,
  isHttpError,
  type Repository,
  type Transaction,
} from '../../src/index';
import { createPostgresRepository, type SqlClient } from '../../src/postgres/index';
import { DATABASE_URL, openPglite, uniqueTable } from './pg-clients';

const authors = defineResource({
  name: 'authors',
  schema: z.object({ id: z.string(), name: z.string(), bookCount: z.number().int() }),
});
interface Author {
  id: string;
  name: string;
  bookCount: number;
}
const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), title: z.string(), authorId: z.string() }),
});
interface Book {
  id: string;
  title: string;
  authorId: string;
}

interface Leg {
  readonly client: SqlClient;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

const LEGS: [string, () => Promise<Leg>][] = [
  [
    'PGlite',
    async () => {
      const db = await openPglite();
      return { client: db.client, exec: db.exec, close: db.close };
    },
  ],
];
if (DATABASE_URL) {
  LEGS.push([
    'a pg.Pool',
    async () => {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
      return {
        client: pool as unknown as SqlClient,
        exec: async (sql) => void (await pool.query(sql)),
        close: () => pool.end(),
      };
    },
  ]);
  LEGS.push([
    'a single pg.Client',
    async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      return {
        client: client as unknown as SqlClient,
        exec: async (sql) => void (await client.query(sql)),
        close: () => client.end(),
      };
    },
  ]);
}

/** The `transaction` method of a repository that must have one. */
function transactionOf<T>(repository: Repository<T>) {
  const { transaction } = repository;
  if (!transaction) throw new Error('the repository has no transaction');
  return <R>(work: (tx: Transaction) => Promise<R>) => transaction(work);
}

const boom = new Error('boom');

for (const [leg, open] of LEGS) {
  describe(`createPostgresRepository transaction on ${leg}`, () => {
    let db: Leg;
    const t = { authors: uniqueTable('tx_authors'), books: uniqueTable('tx_books'), counters: uniqueTable('tx_c') };
    let authorRepo: Repository<Author>;
    let bookRepo: Repository<Book>;
    let transaction: ReturnType<typeof transactionOf<Author>>;
    const count = async (table: string) =>
      Number((await db.client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.['n']);

    beforeAll(async () => {
      db = await open();
      await db.exec(`
        CREATE TABLE ${t.authors} (id text PRIMARY KEY, name text NOT NULL, "bookCount" integer NOT NULL);
        CREATE TABLE ${t.books} (id text PRIMARY KEY, title text NOT NULL,
          "authorId" text NOT NULL REFERENCES ${t.authors} (id) DEFERRABLE INITIALLY DEFERRED);
        CREATE TABLE ${t.counters} (id text PRIMARY KEY, n integer NOT NULL);
        INSERT INTO ${t.counters} VALUES ('c', 0);
        INSERT INTO ${t.authors} VALUES ('a0', 'Ann', 0);
      `);
      authorRepo = createPostgresRepository(authors, { client: db.client, table: t.authors });
      bookRepo = createPostgresRepository(books, { client: db.client, table: t.books });
      transaction = transactionOf(authorRepo);
    });
    afterAll(async () => {
      await db.exec(`DROP TABLE IF EXISTS ${t.books}, ${t.authors}, ${t.counters}`);
      await db.close();
    });

    it('commits what the work did when it resolves, through two repositories', async () => {
      const result = await transaction(async (tx) => {
        const author = await tx.repository(authorRepo).create({ id: 'a1', name: 'Bo', bookCount: 0 });
        await tx.repository(bookRepo).create({ id: 'b1', title: 'One', authorId: author.id });
        return tx.repository(authorRepo).update(author.id, { bookCount: 1 });
      });
      expect(result).toEqual({ id: 'a1', name: 'Bo', bookCount: 1 });
      await expect(authorRepo.get('a1')).resolves.toEqual(result);
      await expect(bookRepo.get('b1')).resolves.toEqual({ id: 'b1', title: 'One', authorId: 'a1' });
    });

    it('rolls back everything and rethrows when the work throws after its writes', async () => {
      const before = [await count(t.authors), await count(t.books)];
      const error: unknown = await transaction(async (tx) => {
        await tx.repository(authorRepo).create({ id: 'a2', name: 'Cy', bookCount: 1 });
        await tx.repository(bookRepo).create({ id: 'b2', title: 'Two', authorId: 'a2' });
        await tx.query?.(`UPDATE ${t.counters} SET n = n + 100`);
        throw boom;
      }).catch((caught: unknown) => caught);
      expect(error).toBe(boom);
      expect([await count(t.authors), await count(t.books)]).toEqual(before);
      expect((await db.client.query(`SELECT n FROM ${t.counters}`)).rows[0]?.['n']).toBe(0);
      await expect(authorRepo.get('a2')).rejects.toMatchObject({ statusCode: 404 });
    });

    it('rolls back on a refused write inside the work, which gets its envelope error', async () => {
      const error: unknown = await transaction(async (tx) => {
        await tx.repository(authorRepo).create({ id: 'a3', name: 'Di', bookCount: 0 });
        await tx.repository(authorRepo).create({ id: 'a3', name: 'again', bookCount: 0 });
      }).catch((caught: unknown) => caught);
      expect(isHttpError(error) && error.statusCode).toBe(409);
      await expect(authorRepo.get('a3')).rejects.toMatchObject({ statusCode: 404 });
    });

    it('keeps the repository’s other statements out of an open transaction', async () => {
      const before = (await authorRepo.list()).total;
      let outside: Promise<unknown> | undefined;
      await transaction(async (tx) => {
        await tx.repository(authorRepo).create({ id: 'a4', name: 'Ed', bookCount: 0 });
        outside = authorRepo.list().then((page) => page.total);
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw boom;
      }).catch(() => undefined);
      await expect(outside).resolves.toBe(before);
    });

    it('runs raw SQL with bind parameters in the transaction', async () => {
      const rows = await transaction(async (tx) => {
        if (!tx.query) throw new Error('no query');
        await tx.query(`INSERT INTO ${t.authors} VALUES ($1, $2, 0)`, ['a5', "Fay'); DROP TABLE x; --"]);
        return (await tx.query(`SELECT name FROM ${t.authors} WHERE id = $1`, ['a5'])).rows;
      });
      expect(rows).toEqual([{ name: "Fay'); DROP TABLE x; --" }]);
    });

    it('leaves a counter exactly 50 higher after 50 concurrent transactions that each bump it', async () => {
      const start = Number((await db.client.query(`SELECT n FROM ${t.counters}`)).rows[0]?.['n']);
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          transaction(async (tx) => {
            await tx.repository(bookRepo).create({ id: `c${String(i)}`, title: `t${String(i)}`, authorId: 'a0' });
            await tx.query?.(`UPDATE ${t.counters} SET n = n + 1 WHERE id = $1`, ['c']);
          }),
        ),
      );
      expect((await db.client.query(`SELECT n FROM ${t.counters}`)).rows[0]?.['n']).toBe(start + 50);
      const books = await db.client.query(`SELECT count(*)::int AS n FROM ${t.books} WHERE id LIKE 'c%'`);
      expect(books.rows[0]?.['n']).toBe(50);
    });

    it('reports a COMMIT that a failed statement turned into a rollback, and keeps nothing', async () => {
      const error: unknown = await transaction(async (tx) => {
        await tx.repository(authorRepo).create({ id: 'a6', name: 'Gus', bookCount: 0 });
        await tx.query?.('SELECT 1 / 0').catch(() => undefined);
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(isHttpError(error) && error.statusCode).not.toBe(409);
      await expect(authorRepo.get('a6')).rejects.toMatchObject({ statusCode: 404 });
    });

    it('rethrows the work’s own raw database error as it is', async () => {
      const error: unknown = await transaction(async (tx) => {
        await tx.query?.(`INSERT INTO ${t.counters} VALUES ('c', 1)`);
      }).catch((caught: unknown) => caught);
      expect(isHttpError(error)).toBe(false);
      expect((error as { code?: string }).code).toBe('23505');
    });

    it('answers a deferred foreign key that fails at COMMIT with a 409', async () => {
      const error: unknown = await transaction(async (tx) => {
        await tx.repository(bookRepo).create({ id: 'b7', title: 'Orphan', authorId: 'nobody' });
      }).catch((caught: unknown) => caught);
      expect(isHttpError(error) && [error.statusCode, error.message]).toEqual([
        409,
        'the changes conflict with stored records',
      ]);
      await expect(bookRepo.get('b7')).rejects.toMatchObject({ statusCode: 404 });
    });

    it('runs a nested transaction of a bound repository in a savepoint', async () => {
      await transaction(async (tx) => {
        const bound = tx.repository(authorRepo);
        await bound.create({ id: 'a8', name: 'Hal', bookCount: 0 });
        const inner: unknown = await transactionOf(bound)(async (inner) => {
          await inner.repository(authorRepo).create({ id: 'a9', name: 'Ivy', bookCount: 0 });
          throw boom;
        }).catch((caught: unknown) => caught);
        expect(inner).toBe(boom);
        await expect(bound.get('a9')).rejects.toMatchObject({ statusCode: 404 });
      });
      await expect(authorRepo.get('a8')).resolves.toMatchObject({ name: 'Hal' });
      await expect(authorRepo.get('a9')).rejects.toMatchObject({ statusCode: 404 });
    });

    it('refuses a repository that cannot join, and a bound repository once the work is over', async () => {
      const memory = createMemoryRepository(authors);
      const elsewhere = createPostgresRepository(authors, {
        client: { query: async () => ({ rows: [] }) },
        table: t.authors,
      });
      const fake = { ...authorRepo } as Repository<Author>;
      let kept: Repository<Author> | undefined;
      await transaction(async (tx) => {
        for (const other of [memory, elsewhere, fake, null, {}]) {
          expect(() => tx.repository(other as Repository<Author>)).toThrow(TypeError);
        }
        kept = tx.repository(authorRepo);
        expect(tx.repository(kept)).toBe(kept);
      });
      await expect(kept?.get('a0')).rejects.toBeInstanceOf(TypeError);
      await expect(authorRepo.get('a0')).resolves.toMatchObject({ name: 'Ann' });
    });
  });
}

describe.runIf(DATABASE_URL)('createPostgresRepository transaction on a pg.Pool of one connection', () => {
  it('releases the connection after a throw, a refused write and a failed BEGIN-less query', async () => {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
    const table = uniqueTable('tx_pool1');
    try {
      await pool.query(`CREATE TABLE ${table} (id text PRIMARY KEY, name text NOT NULL, "bookCount" integer NOT NULL)`);
      const repository = createPostgresRepository(authors, { client: pool as unknown as SqlClient, table });
      const transaction = transactionOf(repository);
      for (let i = 0; i < 3; i++) {
        await expect(
          transaction(async (tx) => {
            await tx.repository(repository).create({ id: `p${String(i)}`, name: 'x', bookCount: 0 });
            throw boom;
          }),
        ).rejects.toBe(boom);
        await expect(transaction(() => Promise.reject(boom))).rejects.toBe(boom);
        await expect(
          transaction((tx) => tx.repository(repository).create({ id: 'x', name: null as never, bookCount: 0 })),
        ).rejects.toMatchObject({ statusCode: 400 });
      }
      await transaction((tx) => tx.repository(repository).create({ id: 'kept', name: 'k', bookCount: 0 }));
      expect((await repository.list()).items.map((item) => item.id)).toEqual(['kept']);
      expect(pool.totalCount).toBe(1);
      expect(pool.idleCount).toBe(1);
    } finally {
      await pool.query(`DROP TABLE IF EXISTS ${table}`);
      await pool.end();
    }
  });
});

describe('createPostgresRepository transaction on other clients', () => {
  it.each([
    ['a bare query function', { query: async () => ({ rows: [] }) }],
    ['a wrapper around a pool', { query: async () => ({ rows: [] }), connect: async () => undefined }],
    ['an object posing as a pool without counts', { query: async () => ({ rows: [] }), totalCount: '1' }],
  ])('leaves transaction out for %s, which may not hold one connection', (_name, client) => {
    const repository = createPostgresRepository(authors, { client: client as SqlClient });
    expect(repository.transaction).toBeUndefined();
  });

  it.runIf(DATABASE_URL)('runs a transaction on a client checked out of a pool', async () => {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
    const held = await pool.connect();
    const table = uniqueTable('tx_held');
    try {
      await held.query(`CREATE TABLE ${table} (id text PRIMARY KEY, name text NOT NULL, "bookCount" integer NOT NULL)`);
      const repository = createPostgresRepository(authors, { client: held as unknown as SqlClient, table });
      await expect(
        transactionOf(repository)(async (tx) => {
          await tx.repository(repository).create({ id: 'h', name: 'h', bookCount: 0 });
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect((await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]).toEqual({ n: 0 });
    } finally {
      await held.query(`DROP TABLE IF EXISTS ${table}`);
      held.release();
      await pool.end();
    }
  });
});

describe('createPostgresRepository transaction on PGlite', () => {
  it('holds back the instance’s own queries while a transaction is open', async () => {
    const db = await openPglite();
    try {
      await db.exec('CREATE TABLE t (id text PRIMARY KEY, name text NOT NULL, "bookCount" integer NOT NULL)');
      const repository = createPostgresRepository(authors, { client: db.client, table: 't' });
      let seen: unknown;
      await transactionOf(repository)(async (tx) => {
        await tx.repository(repository).create({ id: 'q', name: 'q', bookCount: 0 });
        void db.client.query('SELECT count(*)::int AS n FROM t').then((result) => (seen = result.rows[0]));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(seen).toBeUndefined();
        throw boom;
      }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual({ n: 0 });
    } finally {
      await db.close();
    }
  });
});
