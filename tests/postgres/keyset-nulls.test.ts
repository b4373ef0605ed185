/**
 * Cursor walks over null-heavy data, where the keyset's leading bound has to follow the NULL rule (nulls after every
 * value ascending, before every value descending) and a cursor's first value is often NULL: on both SQL legs the walk
 * visits the same records in the same order as the in-memory adapter.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, type CursorPage, type Repository } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { DATABASE_URL, openPglite, openServer, uniqueTable, type TestDatabase } from './pg-clients';

const rowSchema = z.object({
  id: z.string(),
  tag: z.string().nullable(),
  n: z.number().nullable(),
  at: z.date().nullable(),
  rank: z.number(),
});
const rows = defineResource({
  name: 'rows',
  schema: rowSchema,
  filterable: ['tag', 'n', 'rank'],
  sortable: ['tag', 'n', 'at', 'rank'],
});
type Row = z.output<typeof rowSchema>;

/** NULL three times in four; otherwise one of a few values, so first values repeat. */
const mostlyNull = <T>(values: readonly T[]) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.constantFrom(...values), weight: 1 });

const recordsArbitrary = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,3}$/), { maxLength: 30 }).chain((ids) =>
  fc.tuple(
    ...ids.map((id) =>
      fc.record({
        id: fc.constant(id),
        tag: mostlyNull(['a', 'B', 'é']),
        n: mostlyNull([-1, 0, 2.5]),
        at: mostlyNull([0, 86_400_000]).map((ms) => (ms === null ? null : new Date(ms))),
        rank: fc.constantFrom(1, 2),
      }),
    ),
  ),
);

const direction = fc.constantFrom('asc' as const, 'desc' as const);
// The first field is nullable or not; mixed directions are the case the leading bound serves.
const orderArbitrary = fc
  .tuple(
    fc.constantFrom('tag', 'n', 'at', 'rank'),
    direction,
    fc.option(fc.tuple(fc.constantFrom('tag', 'n', 'at', 'id'), direction), { nil: undefined }),
  )
  .filter(([first, , second]) => second?.[0] !== first)
  .map(([field, dir, second]) => [
    { field, direction: dir },
    ...(second ? [{ field: second[0], direction: second[1] }] : []),
  ]);

async function walkCursor(repository: Repository<Row>, where: unknown, orderBy: unknown, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page: CursorPage<Row> = await repository.listByCursor({ where, orderBy, limit, cursor } as never);
    seen.push(...page.items.map((r) => r.id));
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return seen;
}

const legs: [string, () => Promise<TestDatabase>][] = [['PGlite', openPglite]];
if (DATABASE_URL) legs.push(['PostgreSQL server', () => openServer(DATABASE_URL as string)]);

for (const [name, open] of legs) {
  describe(`listByCursor on ${name} over null-heavy data`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    });

    it('walks the same records in the same order as the in-memory adapter, for every order and limit', async () => {
      await fc.assert(
        fc.asyncProperty(
          recordsArbitrary,
          fc.array(
            fc.tuple(
              orderArbitrary,
              fc.integer({ min: 1, max: 4 }),
              fc.constantFrom(undefined, { rank: { eq: 1 } }, { tag: { notnull: true } }),
            ),
            { minLength: 1, maxLength: 4 },
          ),
          async (records, queries) => {
            const table = uniqueTable('rows');
            tables.push(table);
            await db.exec(createTableSql(rows, { table }));
            const sql = createPostgresRepository(rows, { client: db.client, table });
            for (const record of records) await sql.create(record);
            const memory = createMemoryRepository(rows, { records });
            for (const [orderBy, limit, where] of queries) {
              const expected = (await memory.list({ where, orderBy, limit: 100 } as never)).items.map((r) => r.id);
              expect(await walkCursor(sql, where, orderBy, limit)).toEqual(expected);
            }
            await db.exec(`DROP TABLE "${table}"`);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
}
