/**
 * The total modes on PostgreSQL (PGlite, and the server when DATABASE_URL is set): `'none'` runs no counting
 * statement, `'estimated'` counts the scoped, filtered query up to the threshold + 1 and, above it, reads the
 * planner's row estimate of that same query (never a table-wide statistic); `hasNextPage` is exact in every mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const rowsResource = defineResource({
  name: 'totals',
  schema: z.object({ id: z.string(), tenant: z.string(), n: z.number().int() }),
  filterable: ['tenant', 'n'],
  sortable: ['n'],
});

const ROWS = 6000;
const SMALL = 321; // rows of tenant 'small'; the others are 'big'

for (const [leg, open] of testDatabases()) {
  describe(`total modes on ${leg}`, () => {
    let db: TestDatabase;
    const table = uniqueTable('totals');
    const statements: string[] = [];
    let repository: ReturnType<typeof createPostgresRepository<z.output<typeof rowsResource.schema>>>;

    beforeAll(async () => {
      db = await open();
      await db.exec(createTableSql(rowsResource, { table }));
      await db.exec(
        `INSERT INTO "${table}" (id, tenant, n) SELECT 'r' || lpad(i::text, 5, '0'), ` +
          `CASE WHEN i <= ${SMALL} THEN 'small' ELSE 'big' END, i FROM generate_series(1, ${ROWS}) i`,
      );
      await db.exec(`ANALYZE "${table}"`);
      const recording: SqlClient = {
        query: (text, values) => {
          statements.push(text);
          return db.client.query(text, values);
        },
      };
      repository = createPostgresRepository(rowsResource, { client: recording, table, textCollation: 'C' });
    }, 60_000);
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    });

    const logged = async <T>(work: () => Promise<T>): Promise<{ result: T; sql: string[] }> => {
      statements.length = 0;
      const result = await work();
      return { result, sql: [...statements] };
    };
    const counting = (sql: readonly string[]) => sql.filter((text) => /count\(|EXPLAIN/i.test(text));

    it('answers total: 321, totalRelation: eq for a page of a 321-row filter with the default threshold', async () => {
      const { result } = await logged(() =>
        repository.list({ where: { tenant: 'small' }, limit: 20, total: 'estimated' }),
      );
      expect(result).toMatchObject({ total: SMALL, totalRelation: 'eq', totalPages: 17, hasNextPage: true });
      expect(result.items).toHaveLength(20);
    });

    it('counts the filtered query with a LIMIT of the threshold + 1, never the whole set', async () => {
      const { result, sql } = await logged(() =>
        repository.list({ limit: 10, total: 'estimated', totalThreshold: 50 }),
      );
      expect(result.totalRelation).toBe('approx');
      const counts = sql.filter((text) => /count\(/i.test(text));
      expect(counts).toHaveLength(1);
      expect(counts[0]).toMatch(/count\(\*\).*FROM \(SELECT 1 FROM .* LIMIT \$\d+\) s/is);
    });

    it('estimates a scoped, filtered set above the threshold from its own plan, not the table size', async () => {
      const { result, sql } = await logged(() =>
        repository.list({ limit: 10, total: 'estimated', totalThreshold: 100 }, { scope: { tenant: 'small' } }),
      );
      expect(result.totalRelation).toBe('approx');
      expect(result.total).toBeGreaterThanOrEqual(101);
      // The planner's estimate of tenant = 'small' is near 321: far from the table's 6,000 rows.
      expect(result.total).toBeLessThan(ROWS / 4);
      expect(result.totalPages).toBe(Math.ceil((result.total as number) / 10));
      expect(result.hasNextPage).toBe(true);
      expect(sql.some((text) => /^EXPLAIN \(FORMAT JSON\) SELECT 1 FROM .* WHERE /s.test(text))).toBe(true);
      expect(sql.some((text) => /reltuples|pg_class/i.test(text))).toBe(false);
    });

    it('reports an unfiltered estimate above the threshold as at least the threshold + 1', async () => {
      const { result } = await logged(() => repository.list({ limit: 10, total: 'estimated', totalThreshold: 1000 }));
      expect(result.totalRelation).toBe('approx');
      expect(result.total).toBeGreaterThanOrEqual(1001);
    });

    it.each([
      ['first page', 1, true, false],
      ['a middle page', 2, true, true],
      ['the last page', 17, false, true],
      ['a page past the end', 18, false, true],
    ])('issues no counting statement in none mode (%s)', async (_name, page, next, previous) => {
      const { result, sql } = await logged(() =>
        repository.list({ where: { tenant: 'small' }, limit: 20, page, total: 'none' }),
      );
      expect(counting(sql)).toStrictEqual([]);
      expect(sql).toHaveLength(1);
      expect(result).toMatchObject({ total: null, totalPages: null, hasNextPage: next, hasPreviousPage: previous });
      expect(result).not.toHaveProperty('totalRelation');
      expect(result.items).toHaveLength(page === 17 ? 1 : page === 18 ? 0 : 20);
    });

    it('keeps hasNextPage exact in estimated mode on a deep page above the threshold', async () => {
      const last = Math.ceil((ROWS - SMALL) / 100);
      const { result } = await logged(() =>
        repository.list({ where: { tenant: 'big' }, limit: 100, page: last, total: 'estimated', totalThreshold: 10 }),
      );
      expect(result.items).toHaveLength((ROWS - SMALL) % 100 || 100);
      expect(result.totalRelation).toBe('eq'); // a short last page ends the set: its total is known
      expect(result.total).toBe(ROWS - SMALL);
      const { result: before } = await logged(() =>
        repository.list({
          where: { tenant: 'big' },
          limit: 100,
          page: last - 1,
          total: 'estimated',
          totalThreshold: 10,
        }),
      );
      expect(before).toMatchObject({ hasNextPage: true, hasPreviousPage: true, totalRelation: 'approx' });
    });
  });
}
