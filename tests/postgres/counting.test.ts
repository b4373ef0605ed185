/**
 * When `list` runs a COUNT: only when the page it read cannot tell the total (a full page, or an empty page past the
 * end). A page shorter than the limit ends the set, so its total is offset + rows without a COUNT. Past
 * COUNT_FIRST_OFFSET rows the COUNT runs first and the page is read from the nearer end of the set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import { COUNT_FIRST_OFFSET } from '../../src/sql/index';
import { openPglite, type TestDatabase } from './pg-clients';

const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), n: z.number().int() }),
  filterable: ['n'],
  sortable: ['n'],
});

let db: TestDatabase;
const statements: string[] = [];
let repository: ReturnType<typeof createPostgresRepository<z.output<typeof items.schema>>>;

beforeAll(async () => {
  db = await openPglite();
  await db.exec(createTableSql(items, { table: 'items' }));
  const recording: SqlClient = {
    query: (text, values) => {
      statements.push(text);
      return db.client.query(text, values);
    },
  };
  repository = createPostgresRepository(items, { client: recording, table: 'items', textCollation: 'C' });
  for (let n = 1; n <= 25; n++) await repository.create({ id: `i${String(n).padStart(2, '0')}`, n });
});
afterAll(() => db.close());

async function countsOf(input: Parameters<typeof repository.list>[0]) {
  statements.length = 0;
  const page = await repository.list(input);
  return { page, counted: statements.some((text) => /count\(\*\)/i.test(text)) };
}

describe('list counting', () => {
  it.each([
    ['a short first page', { limit: 30, page: 1 }, false, 25, 25],
    ['a full first page', { limit: 10, page: 1 }, true, 10, 25],
    ['a short later page', { limit: 10, page: 3 }, false, 5, 25],
    ['a full later page', { limit: 10, page: 2 }, true, 10, 25],
    ['a page past the end', { limit: 10, page: 4 }, true, 0, 25],
    ['an empty filtered set', { where: { n: { gt: 100 } }, limit: 10, page: 1 }, false, 0, 0],
    ['an empty filtered set, later page', { where: { n: { gt: 100 } }, limit: 10, page: 2 }, true, 0, 0],
    ['a short filtered later page', { where: { n: { gt: 3 } }, limit: 10, page: 3 }, false, 2, 22],
  ] as const)('%s: COUNT %s, %i items of %i', async (_name, input, counted, items, total) => {
    const result = await countsOf(input);
    expect(result.counted).toBe(counted);
    expect(result.page.items.length).toBe(items);
    expect(result.page.total).toBe(total);
  });
});

describe('list past COUNT_FIRST_OFFSET', () => {
  const rows = COUNT_FIRST_OFFSET + 57;
  const deep = defineResource({
    name: 'deep',
    schema: z.object({ id: z.string(), m: z.number().int().nullable() }),
    filterable: ['m'],
    sortable: ['m'],
  });
  const seen: string[] = [];
  let deepRepository: ReturnType<typeof createPostgresRepository<z.output<typeof deep.schema>>>;
  // Every record, in the order of `m DESC` (NULLs first) then id: the reference the pages are cut from.
  const ids = Array.from({ length: rows }, (_, i) => `d${String(i).padStart(6, '0')}`);
  const valueOf = (i: number) => (i % 7 === 0 ? null : i % 101);
  const reference = ids
    .map((id, i) => ({ id, m: valueOf(i) }))
    .sort((a, b) => (a.m === b.m ? (a.id < b.id ? -1 : 1) : a.m === null ? -1 : b.m === null ? 1 : b.m - a.m));

  // On the file's database, beside `items`.
  beforeAll(async () => {
    await db.exec(createTableSql(deep, { table: 'deep' }));
    await db.exec(
      `INSERT INTO deep (id, m) SELECT 'd' || lpad(i::text, 6, '0'), CASE WHEN i % 7 = 0 THEN NULL ELSE i % 101 END
       FROM generate_series(0, ${rows - 1}) AS i`,
    );
    const recording: SqlClient = {
      query: (text, values) => {
        if (!text.includes('pg_catalog')) seen.push(text); // not the one catalog read of column types
        return db.client.query(text, values);
      },
    };
    deepRepository = createPostgresRepository(deep, { client: recording, table: 'deep', textCollation: 'C' });
  });
  it.each([
    ['the first deep page (read forward)', 10, COUNT_FIRST_OFFSET / 10 + 1],
    ['a page near the end (read in reverse)', 25, Math.floor(rows / 25)],
    ['the short last page (read in reverse)', 25, Math.ceil(rows / 25)],
    ['a page past the end', 25, Math.ceil(rows / 25) + 3],
  ])('%s counts first and returns the reference page', async (_name, limit, page) => {
    seen.length = 0;
    const result = await deepRepository.list({ orderBy: [{ field: 'm', direction: 'desc' }], limit, page });
    expect(/count\(\*\)/i.test(seen[0] ?? '')).toBe(true);
    expect(result.total).toBe(rows);
    expect(result.items).toEqual(reference.slice((page - 1) * limit, page * limit));
  });

  it('reads a page just before the threshold forward, without a COUNT when it is short', async () => {
    seen.length = 0;
    const result = await deepRepository.list({ where: { m: { eq: 5 } }, limit: 100, page: 1 });
    expect(seen.some((text) => /count\(\*\)/i.test(text))).toBe(false);
    expect(result.total).toBe(reference.filter((record) => record.m === 5).length);
  });
});
