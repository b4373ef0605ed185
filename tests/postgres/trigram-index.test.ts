/**
 * The statements a search issues can use the trigram indexes of `createTableSql(resource, { trigram: true })`: on
 * 20,000 rows, EXPLAIN of the page, the COUNT and the cursor page shows a Bitmap Index Scan on each searchable
 * column's index (PGlite with its pg_trgm extension, and the server), and the same search on a table made without
 * `trigram` shows none. The planner is left to choose (no `enable_seqscan = off`); the table is vacuumed after the
 * bulk insert, as autovacuum would, since rows inserted after a GIN index was made wait in its pending list, which
 * the planner prices as a full read until VACUUM merges it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const users = defineResource({
  name: 'users',
  schema: z.object({ id: z.string(), username: z.string(), email: z.string().nullable(), age: z.number() }),
  filterable: ['age'],
  sortable: ['age'],
  searchable: ['username', 'email'],
});
type User = z.output<typeof users.schema>;

const ROWS = 20_000;
/** md5('1') is the username of u000001: its middle matches that row alone. */
const NEEDLE = 'A4238A0B';

for (const [name, open] of testDatabases({ trigram: true })) {
  describe(`createPostgresRepository on ${name} with createTableSql({ trigram: true })`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    });

    /** A table of ROWS users (with or without trigram indexes) and the search statements a repository issues on it. */
    async function searchStatements(trigram: boolean) {
      const table = uniqueTable('users');
      tables.push(table);
      await db.exec(createTableSql(users, { table, trigram }));
      await db.exec(
        `INSERT INTO "${table}" SELECT 'u' || lpad(i::text, 6, '0'), md5(i::text), ` +
          `CASE WHEN i % 5 = 0 THEN NULL ELSE md5('m' || i) || '@example.org' END, i % 90 ` +
          `FROM generate_series(1, ${ROWS}) AS i`,
      );
      await db.exec(`VACUUM ANALYZE "${table}"`);
      const statements: { text: string; values: unknown[] }[] = [];
      const recording: SqlClient = {
        query: (text, values) => {
          if (!text.includes('pg_catalog')) statements.push({ text, values: values ?? [] }); // not the catalog read
          return db.client.query(text, values);
        },
      };
      const repository = createPostgresRepository(users, { client: recording, table, textCollation: 'C' });
      const page = await repository.list({ search: NEEDLE, limit: 1 }); // a full page: the COUNT runs too
      const cursorPage = await repository.listByCursor({ search: NEEDLE, select: ['email'] });
      const plans: string[] = [];
      for (const { text, values } of statements) {
        const { rows } = await db.client.query(`EXPLAIN ${text}`, values);
        plans.push(rows.map((row) => String(row['QUERY PLAN'])).join('\n'));
      }
      return { table, page, cursorPage, statements, plans };
    }

    it('uses a Bitmap Index Scan on each trigram index for the page, the COUNT and the cursor page', async () => {
      const { table, page, cursorPage, statements, plans } = await searchStatements(true);
      expect(page.items).toEqual<User[]>([
        { id: 'u000001', username: 'c4ca4238a0b923820dcc509a6f75849b', email: expect.any(String) as string, age: 1 },
      ]);
      expect(page.total).toBe(1);
      expect(cursorPage.items.map((item) => item.id)).toEqual(['u000001']);
      expect(statements.map(({ text }) => /count\(\*\)/.test(text))).toEqual([false, true, false]);
      for (const plan of plans) {
        expect(plan).toContain(`Bitmap Index Scan on ${table}_username_trgm_idx`);
        expect(plan).toContain(`Bitmap Index Scan on ${table}_email_trgm_idx`);
        expect(plan).not.toContain('Seq Scan');
      }
    });

    it('uses no trigram index on a table made without trigram (the same statements)', async () => {
      const { page, plans } = await searchStatements(false);
      expect(page.total).toBe(1);
      for (const plan of plans) expect(plan).not.toContain('Bitmap Index Scan');
    });
  });
}
