/**
 * `list` past COUNT_FIRST_OFFSET rows on the Drizzle dialects (SQLite on sql.js, the MariaDB server): an exact-total
 * page that deep counts first, then reads the page from the nearer end of the set (every direction flipped, a small
 * OFFSET) and answers the memory repository's items and total. tests/postgres/counting.test.ts holds the same on
 * PostgreSQL. The statements are seen through Drizzle's logger.
 */
import { drizzle } from 'drizzle-orm/mysql2';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type Repository } from '../../src/index';
import type { Resource } from '../../src/kit/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { createMemoryRepository } from '../../src/memory/index';
import { COUNT_FIRST_OFFSET } from '../../src/sql/index';
import { EMBEDDED_LEGS, uniqueTable } from '../postgres/pg-clients';
import { declareMissingMariaDb, MYSQL_URL, mysqlTableOf, mysqlTableSql, openMysql, type MysqlLeg } from './mysql-leg';
import { createSqliteTable, openSqlite, type SqliteLeg } from './sqlite-legs';

const deep = defineResource({
  name: 'deep',
  schema: z.object({ id: z.string(), m: z.number().int().nullable() }),
  filterable: ['m'],
  sortable: ['m'],
});
type Deep = z.output<typeof deep.schema>;

/** Rows past the threshold: the filter below keeps about 98% of them, still more than COUNT_FIRST_OFFSET. */
const ROWS = COUNT_FIRST_OFFSET + 557;
const RECORDS: readonly Deep[] = Array.from({ length: ROWS }, (_, i) => ({
  id: `d${String(i).padStart(6, '0')}`,
  m: i % 97 === 0 ? null : i % 101,
}));
/** Leaves out the NULLs and m = 100: `lt` never matches NULL. */
const FILTER = { m: { lt: 100 } } as const;

/** A statement as Drizzle's logger saw it. */
interface Seen {
  readonly text: string;
  readonly params: readonly unknown[];
}

/** `INSERT` statements of every record, a thousand rows each, for a table with columns `c_id` and `c_m`. */
function insertsOf(table: string, quote: (name: string) => string): string[] {
  const inserts: string[] = [];
  for (let i = 0; i < RECORDS.length; i += 1000) {
    const rows = RECORDS.slice(i, i + 1000).map(({ id, m }) => `('${id}', ${m === null ? 'NULL' : String(m)})`);
    inserts.push(`INSERT INTO ${quote(table)} (${quote('c_id')}, ${quote('c_m')}) VALUES ${rows.join(', ')}`);
  }
  return inserts;
}

type ListInput = NonNullable<Parameters<Repository<Deep>['list']>[0]>;

/** Each deep page: its name, and its query given the total of its filter (a page offset past the threshold). */
const PAGES: [string, (total: number) => ListInput][] = [
  ['ascending, filtered, a page near the end', (total) => ({ where: FILTER, limit: 25, page: Math.floor(total / 25) })],
  [
    'descending, filtered, the short last page',
    (total) => ({
      where: FILTER,
      orderBy: [{ field: 'm', direction: 'desc' }],
      limit: 25,
      page: Math.ceil(total / 25),
    }),
  ],
  [
    'descending, a page near the end',
    (total) => ({ orderBy: [{ field: 'm', direction: 'desc' }], limit: 40, page: Math.floor(total / 40) - 1 }),
  ],
  [
    'ascending by m then id descending, filtered, the first page past the threshold',
    () => ({
      where: FILTER,
      orderBy: [
        { field: 'm', direction: 'asc' },
        { field: 'id', direction: 'desc' },
      ],
      limit: 50,
      page: COUNT_FIRST_OFFSET / 50 + 1,
    }),
  ],
];

/**
 * The tests of one leg: `open` makes the table holding {@link RECORDS} and the repository on it, whose statements are
 * pushed to `seen`.
 */
function describeDeepPages(open: (seen: Seen[]) => Promise<Repository<Deep>>): void {
  const seen: Seen[] = [];
  const memory = createMemoryRepository(deep, { records: RECORDS });
  let repository: Repository<Deep>;
  beforeAll(async () => {
    repository = await open(seen);
    await repository.list({ limit: 1 }); // what the repository reads of the database before its first listing
  }, 60_000);

  it.each(PAGES)('%s: counts first, reads from the nearer end, answers as memory does', async (_name, inputOf) => {
    const total = (await memory.list({ where: inputOf(ROWS).where, limit: 1 })).total ?? 0;
    const input = inputOf(total);
    const { limit = 0, page = 0 } = input;
    const offset = (page - 1) * limit;
    expect(offset).toBeGreaterThanOrEqual(COUNT_FIRST_OFFSET);
    expect(offset).toBeLessThan(total);
    const expected = await memory.list(input);
    seen.length = 0;
    const result = await repository.list(input);
    expect(result.total).toBe(total);
    expect(result.items).toEqual(expected.items);
    expect(result.items.length).toBe(Math.min(limit, total - offset));
    // The COUNT, then the page: LIMIT and OFFSET from the end of the set, not the offset from its start.
    expect(seen.map(({ text }) => /count\(\*\)/i.test(text))).toEqual([true, false]);
    const after = total - offset;
    expect(seen[1]?.params.slice(-2)).toEqual([Math.min(limit, after), Math.max(0, after - limit)]);
  });

  it('answers an empty page past the end after the COUNT alone', async () => {
    const input = { where: FILTER, limit: 25, page: Math.ceil(ROWS / 25) + 2 };
    seen.length = 0;
    const result = await repository.list(input);
    expect([result.items, result.total]).toEqual([[], (await memory.list(input)).total]);
    expect(seen.map(({ text }) => /count\(\*\)/i.test(text))).toEqual([true]);
  });

  it('reads a page before the threshold first, without a COUNT when it is short', async () => {
    const input = { where: { m: { eq: 5 } }, limit: 100, page: 2 };
    const expected = await memory.list(input);
    expect(expected.items.length).toBeGreaterThan(0);
    expect(expected.items.length).toBeLessThan(100);
    seen.length = 0;
    const result = await repository.list(input);
    expect([result.items, result.total]).toEqual([expected.items, expected.total]);
    expect(seen.some(({ text }) => /count\(\*\)/i.test(text))).toBe(false);
  });
}

describe.runIf(EMBEDDED_LEGS)('createDrizzleRepository on SQLite (sql.js): list past COUNT_FIRST_OFFSET', () => {
  let leg: SqliteLeg | undefined;
  afterAll(() => leg?.close());
  describeDeepPages(async (seen) => {
    leg = await openSqlite({ logQuery: (text, params) => void seen.push({ text, params }) });
    const table = await createSqliteTable(leg, deep as unknown as Resource, 'deep');
    for (const insert of insertsOf(getTableConfig(table).name, (id) => `"${id}"`)) await leg.exec(insert);
    return createDrizzleRepository(deep, { db: leg.db, table });
  });
});

describe('createDrizzleRepository on MariaDB server: list past COUNT_FIRST_OFFSET', () => {
  const url = MYSQL_URL;
  if (!url) {
    declareMissingMariaDb();
    return;
  }
  let leg: MysqlLeg | undefined;
  const name = uniqueTable('deep');
  afterAll(async () => {
    await leg?.dropTables([name]);
    await leg?.close();
  });
  describeDeepPages(async (seen) => {
    leg = await openMysql(url);
    await leg.exec(mysqlTableSql(deep as unknown as Resource, name));
    for (const insert of insertsOf(name, (id) => `\`${id}\``)) await leg.exec(insert);
    const db = drizzle({ client: leg.pool, logger: { logQuery: (text, params) => void seen.push({ text, params }) } });
    return createDrizzleRepository(deep, { db, table: mysqlTableOf(deep as unknown as Resource, name) });
  });
});
