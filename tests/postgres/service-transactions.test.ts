/**
 * `createResourceService({ transaction: true })` on PostgreSQL (PGlite, and the server when DATABASE_URL is set): the
 * before-hooks, the write and the after-hooks of each write run in one transaction of the repository, so an
 * after-hook's failure undoes the write and whatever the hooks wrote through `context.transaction`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, HttpError, type Transaction } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { rejectionOf } from '../support/rejection-of';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const authors = defineResource({
  name: 'authors',
  schema: z.object({ id: z.string(), name: z.string(), bookCount: z.number().int() }),
  clientIds: true,
});
const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), title: z.string(), authorId: z.string() }),
  clientIds: true,
});

for (const [leg, open] of testDatabases()) {
  describe(`createResourceService transaction on ${leg}`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    }, 120_000);

    /** Fresh tables (author a1 with bookCount 0), a books service whose after-create hook bumps the author's count. */
    async function setup(failAfterBump: boolean) {
      const authorTable = uniqueTable('authors');
      const bookTable = uniqueTable('books');
      tables.push(authorTable, bookTable);
      await db.exec(createTableSql(authors, { table: authorTable }));
      await db.exec(createTableSql(books, { table: bookTable }));
      const authorRepository = createPostgresRepository(authors, { client: db.client, table: authorTable });
      const bookRepository = createPostgresRepository(books, { client: db.client, table: bookTable });
      await authorRepository.create({ id: 'a1', name: 'Ursula', bookCount: 0 });
      const service = createResourceService({ resource: books, repository: bookRepository, transaction: true });
      // One atomic UPDATE in the transaction: a get-then-update would lose concurrent bumps under PostgreSQL's READ
      // COMMITTED isolation (two transactions read the same count), whatever pagelope does.
      service.hooks.on('onAfterCreate', async ({ entity, transaction }) => {
        const tx = transaction as Transaction;
        expect(tx.query).toBeTypeOf('function');
        await tx.query?.(`UPDATE "${authorTable}" SET "bookCount" = "bookCount" + 1 WHERE "id" = $1`, [
          entity.authorId,
        ]);
        // The bound repository sees the bump inside the transaction.
        expect((await tx.repository(authorRepository).get(entity.authorId)).bookCount).toBeGreaterThan(0);
        if (failAfterBump) throw new HttpError(409, 'refused after the bump');
      });
      return { service, authorRepository, bookRepository };
    }

    it('leaves the book and the counter unchanged when the after-hook fails after bumping', async () => {
      const { service, authorRepository, bookRepository } = await setup(true);
      const error = await rejectionOf(service.create({ id: 'b1', title: 'Earthsea', authorId: 'a1' }));
      expect(error).toMatchObject({ statusCode: 409, message: 'refused after the bump' });
      expect((await authorRepository.get('a1')).bookCount).toBe(0);
      expect((await bookRepository.list()).items).toEqual([]);
    });

    it('leaves the counter exactly 50 higher after 50 concurrent transactional creates', async () => {
      const { service, authorRepository, bookRepository } = await setup(false);
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => service.create({ id: `b${i}`, title: `T${i}`, authorId: 'a1' })),
      );
      expect((await authorRepository.get('a1')).bookCount).toBe(50);
      expect((await bookRepository.list({ limit: 100 })).total).toBe(50);
    });
  });
}
