/**
 * The MariaDB benchmark of issue 21: `npm run bench:mariadb [-- --quick] [-- --rebuild]`.
 *
 * Connects to MYSQL_URL (default mysql://root@127.0.0.1:3306/pagelope_bench; the database is created when missing),
 * builds table `bench_users` once (1,000,000 rows of `seedUsers`; 20,000 in `bench_users_quick` with --quick), the id
 * binary (`utf8mb4_nopad_bin`), an index `(createdAt DESC, id)`, then times the first keyset cursor page and the
 * cursor page at depth 900,000 (90% of the rows) of `createdAt DESC` (the id ascending appended), limit 20, through
 * `createDrizzleRepository` over `drizzle-orm/mysql2`, side by side in rotated rounds after checking that the deep
 * page is the rows SQL finds at that offset, and prints MariaDB's `EXPLAIN` of each page's statement (the key it
 * reads, whether it sorts). The target: the deep page within 2x of the first. Prints Markdown on stdout; progress
 * goes to stderr.
 */
import { datetime, double, mysqlTable, text, varchar } from 'drizzle-orm/mysql-core';
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import type { Resource } from 'pagelope';
import { createDrizzleRepository } from 'pagelope/drizzle';
import { seedUsers } from '../../examples/shared/seed';
import { users } from '../../examples/shared/users';
// Internal modules, not the public API: the deep cursor is encoded as listByCursor would (see bench/postgres).
import { encodeCursor } from '../../src/pagination/cursor';
import { normalizeInput } from '../../src/query/model/normalize-input';
import { queryFingerprint } from '../../src/query/model/normalized-query';
import { log } from '../postgres/log';
import { measureGroup, type Summary } from '../postgres/measure';
import { formatMs, formatRatio, renderTargets } from '../postgres/report';

const LIMIT = 20;
const DEEP_SHARE = 0.9;
const TARGET = 2;
const ORDER_BY = [{ field: 'createdAt', direction: 'desc' }] as const;
const BATCH = 5_000;

const quick = process.argv.includes('--quick');
const rebuild = process.argv.includes('--rebuild');
const rows = quick ? 20_000 : 1_000_000;
const tableName = quick ? 'bench_users_quick' : 'bench_users';
const url = new URL(process.env.MYSQL_URL || 'mysql://root@127.0.0.1:3306/pagelope_bench');

/** The table as a team would declare it in Drizzle: SQL column names as the fields, the id binary. */
const table = mysqlTable(tableName, {
  id: varchar('id', { length: 64 }).primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  status: text('status').notNull(),
  age: double('age').notNull(),
  createdAt: datetime('createdAt', { fsp: 3, mode: 'date' }).notNull(),
  deletedAt: datetime('deletedAt', { fsp: 3, mode: 'date' }),
  version: double('version').notNull(),
});

const DDL = `CREATE TABLE \`${tableName}\` (
  \`id\` VARCHAR(64) COLLATE utf8mb4_nopad_bin PRIMARY KEY,
  \`username\` TEXT NOT NULL, \`email\` TEXT NOT NULL, \`status\` TEXT NOT NULL, \`age\` DOUBLE NOT NULL,
  \`createdAt\` DATETIME(3) NOT NULL, \`deletedAt\` DATETIME(3) NULL, \`version\` DOUBLE NOT NULL,
  INDEX \`${tableName}_createdAt_id\` (\`createdAt\` DESC, \`id\`)
) DEFAULT CHARSET = utf8mb4`;

/** UTC text of a date as DATETIME(3) takes it. */
const datetimeText = (date: Date): string => date.toISOString().replace('T', ' ').slice(0, 23);

async function ensureTable(pool: mysql.Pool): Promise<void> {
  const [found] = await pool.query<mysql.RowDataPacket[]>(
    `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?`,
    [tableName],
  );
  if (!rebuild && Number(found[0]?.n) === 1) {
    const [counted] = await pool.query<mysql.RowDataPacket[]>(`SELECT count(*) AS n FROM \`${tableName}\``);
    if (Number(counted[0]?.n) === rows) {
      log(`reusing ${tableName} (${rows.toLocaleString('en-US')} rows; --rebuild reloads it)`);
      return;
    }
  }
  const started = performance.now();
  log(`building ${tableName} with ${rows.toLocaleString('en-US')} rows...`);
  await pool.query(`DROP TABLE IF EXISTS \`${tableName}\``);
  await pool.query(DDL);
  const records = seedUsers(rows);
  for (let start = 0; start < records.length; start += BATCH) {
    const values = records
      .slice(start, start + BATCH)
      .map((u) => [u.id, u.username, u.email, u.status, u.age, datetimeText(u.createdAt), null, 1]);
    await pool.query(
      `INSERT INTO \`${tableName}\` (\`id\`, \`username\`, \`email\`, \`status\`, \`age\`, \`createdAt\`, \`deletedAt\`, \`version\`) VALUES ?`,
      [values],
    );
  }
  await pool.query(`ANALYZE TABLE \`${tableName}\``);
  log(`  ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The cursor listByCursor would return after the row at `offset` (read with SQL in the same order). */
async function cursorAt(pool: mysql.Pool, offset: number): Promise<{ cursor: string; ids: string[] }> {
  const [found] = await pool.query<mysql.RowDataPacket[]>(
    `SELECT \`id\`, DATE_FORMAT(\`createdAt\`, '%Y-%m-%dT%H:%i:%s.%fZ') AS at FROM \`${tableName}\`
     ORDER BY \`createdAt\` DESC, \`id\` ASC LIMIT ${LIMIT + 1} OFFSET ${offset - 1}`,
  );
  const [last, ...page] = found as { id: string; at: string }[];
  if (!last) throw new Error(`${tableName} has no row at offset ${offset}`);
  const query = normalizeInput({ orderBy: ORDER_BY, limit: LIMIT }, users as unknown as Resource, 'cursor');
  // DATE_FORMAT's %f has six digits; a Date keeps three.
  const createdAt = new Date(last.at.replace(/(\.\d{3})\d{3}Z$/, '$1Z'));
  return { cursor: encodeCursor([createdAt, last.id], queryFingerprint(query)), ids: page.map((row) => row.id) };
}

/** `EXPLAIN` of the statement `query` (the `SET STATEMENT ... FOR` prefix left out) with `params`, as Markdown rows. */
async function explain(pool: mysql.Pool, page: string, query: string, params: unknown[]): Promise<string[]> {
  const select = query.replace(/^SET STATEMENT [\s\S]*? FOR (?=SELECT )/, '');
  const [plan] = await pool.query<mysql.RowDataPacket[]>(`EXPLAIN ${pool.format(select, params)}`);
  return plan.map(
    (row) =>
      `| ${page} | ${String(row['type'])} | ${String(row['key'] ?? '')} | ${String(row['rows'])} | ${String(row['Extra'] ?? '')} |`,
  );
}

async function main(): Promise<void> {
  const server = new URL(url.href);
  const database = decodeURIComponent(url.pathname.slice(1));
  server.pathname = '/';
  const admin = await mysql.createConnection({ uri: server.href });
  await admin.query(`CREATE DATABASE IF NOT EXISTS ${admin.escapeId(database)}`);
  await admin.end();
  const pool = mysql.createPool({ uri: url.href, connectionLimit: 2 });
  try {
    await ensureTable(pool);
    let last: { query: string; params: unknown[] } | undefined;
    const logger = { logQuery: (query: string, params: unknown[]) => void (last = { query, params }) };
    const repository = createDrizzleRepository(users, { db: drizzle({ client: pool, logger }), table });
    const deepOffset = Math.floor((rows * DEEP_SHARE) / LIMIT) * LIMIT;
    const deep = await cursorAt(pool, deepOffset);
    const first = () => repository.listByCursor({ orderBy: ORDER_BY, limit: LIMIT });
    const deepPage = () => repository.listByCursor({ orderBy: ORDER_BY, limit: LIMIT, cursor: deep.cursor });
    const got = (await deepPage()).items.map((user) => user.id);
    if (JSON.stringify(got) !== JSON.stringify(deep.ids))
      throw new Error(`the deep cursor page is not the rows at offset ${deepOffset}: ${JSON.stringify(got)}`);
    const plans: string[] = [];
    for (const [page, run] of [
      ['first', first],
      ['deep', deepPage],
    ] as const) {
      await run();
      if (last) plans.push(...(await explain(pool, page, last.query, last.params)));
    }
    log('first and deep cursor page...');
    const budget = quick
      ? { warmup: 2, minSamples: 10, maxSamples: 50, budgetMs: 500 }
      : { warmup: 5, minSamples: 30, maxSamples: 300, budgetMs: 20_000 };
    const measured = await measureGroup(
      [
        { id: 'first', run: first },
        { id: 'deep', run: deepPage },
      ],
      budget,
    );
    const [a, b] = [measured.get('first') as Summary, measured.get('deep') as Summary];
    const [version] = await pool.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
    const ratio = b.median / a.median;
    process.stdout.write(
      [
        `### MariaDB keyset cursor pages through \`createDrizzleRepository\` (${String(version[0]?.v)})`,
        '',
        '| page | median (ms) | p25–p75 (ms) | rounds |',
        '| --- | ---: | ---: | ---: |',
        `| first cursor page | ${formatMs(a.median)} | ${formatMs(a.p25)}–${formatMs(a.p75)} | ${a.samples} |`,
        `| cursor page after ${deepOffset.toLocaleString('en-US')} rows | ${formatMs(b.median)} | ${formatMs(b.p25)}–${formatMs(b.p75)} | ${b.samples} |`,
        '',
        `Table \`${tableName}\` (${rows.toLocaleString('en-US')} rows of \`seedUsers\`), order \`createdAt DESC\` ` +
          `(id ascending appended), limit ${LIMIT}, index \`(createdAt DESC, id)\`; the two pages in rotated rounds.`,
        '',
        "MariaDB's `EXPLAIN` of each page's statement:",
        '',
        '| page | type | key | rows | Extra |',
        '| --- | --- | --- | ---: | --- |',
        ...plans,
        '',
        renderTargets([
          {
            target: `MariaDB keyset cursor page at depth ${deepOffset.toLocaleString('en-US')} within ${TARGET}× of the first cursor page`,
            measured: `${formatRatio(ratio)} (${formatMs(b.median)} vs ${formatMs(a.median)} ms)`,
            met: ratio <= TARGET,
          },
        ]),
        '',
      ].join('\n'),
    );
  } finally {
    await pool.end();
  }
}

await main();
