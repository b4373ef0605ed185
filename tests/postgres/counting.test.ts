/**
 * When `list` runs a COUNT: only when the page it read cannot tell the total (a full page, or an empty page past the
 * end). A page shorter than the limit ends the set, so its total is offset + rows without a COUNT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
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
