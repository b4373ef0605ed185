/**
 * The resource checked against its table: `await repository.ready()` at start-up, and the first statement of a
 * repository that was not made ready, answer a field without a column with an Error naming the field, its column and
 * the table (not a SQL error per request); a missing table fails `ready()` too (PGlite, and the server when
 * DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const posts = defineResource({
  name: 'posts',
  schema: z.object({ id: z.string(), title: z.string(), version: z.number().int() }),
  clientIds: true,
  version: 'version',
});

for (const [leg, open] of testDatabases()) {
  describe(`repository.ready() on ${leg}`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    const tableOf = async (ddl: (table: string) => string) => {
      const table = uniqueTable('posts');
      tables.push(table);
      await db.exec(ddl(table));
      return table;
    };
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    }, 120_000);

    it('resolves for the table createTableSql makes, and the repository works', async () => {
      const table = await tableOf((name) => createTableSql(posts, { table: name }));
      const repository = createPostgresRepository(posts, { client: db.client, table });
      await expect(repository.ready()).resolves.toBeUndefined();
      expect((await repository.create({ id: 'p1', title: 't', version: 1 })).title).toBe('t');
    });

    it('names the field without a column and the table, at ready() and at the first statement', async () => {
      const table = await tableOf((name) => `CREATE TABLE "${name}" (id text PRIMARY KEY, title text NOT NULL)`);
      const message = `pagelope/postgres: the table "${table}" has no column for the field "version" (column "version")`;
      const ready = createPostgresRepository(posts, { client: db.client, table });
      await expect(ready.ready()).rejects.toThrow(message);
      const unchecked = createPostgresRepository(posts, { client: db.client, table });
      await expect(unchecked.list()).rejects.toThrow(message);
      await expect(unchecked.create({ id: 'p1', title: 't', version: 1 })).rejects.toThrow(message);
      // Once the column exists, the next call reads the catalog again.
      await db.exec(`ALTER TABLE "${table}" ADD COLUMN version integer NOT NULL DEFAULT 1`);
      expect((await unchecked.list()).total).toBe(0);
    });

    it('checks a renamed column, and checks even when every column type is stated', async () => {
      const table = await tableOf(
        (name) => `CREATE TABLE "${name}" (id text PRIMARY KEY, heading text NOT NULL, version integer NOT NULL)`,
      );
      const repository = createPostgresRepository(posts, {
        client: db.client,
        table,
        textCollation: 'C',
        columnTypes: { id: 'text', title: 'text', version: 'integer' },
      });
      await expect(repository.ready()).rejects.toThrow(`the field "title" (column "title")`);
      const mapped = createPostgresRepository(posts, { client: db.client, table, columns: { title: 'heading' } });
      await expect(mapped.ready()).resolves.toBeUndefined();
    });

    it('fails for a table that does not exist', async () => {
      const repository = createPostgresRepository(posts, { client: db.client, table: uniqueTable('absent') });
      await expect(repository.ready()).rejects.toThrow(/the table "absent_\d+t\d+_\d+" does not exist/);
    });
  });
}
