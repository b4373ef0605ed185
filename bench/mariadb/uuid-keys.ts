/**
 * The MariaDB UUID-key benchmark of issue 32 (point 10): `npx tsx bench/mariadb/uuid-keys.ts [--quick] [--rebuild]`.
 *
 * Connects to MYSQL_URL (default mysql://root@127.0.0.1:3306/pagelope_bench; the database is created when missing),
 * builds two tables once (bench/mariadb/uuid-tables.ts: a native `UUID` key and a `BINARY(16)` key, 400,000 rows of
 * which 200,000 in the measured tenant; 20,000 with --quick), then, for each, times the first cursor page and the
 * cursor page at 90% of the tenant's rows of `createdAt DESC` (the id appended), limit 20, through
 * `createDrizzleRepository` over `drizzle-orm/mysql2` with the tenant as `options.scope`, against the same pages in
 * plain SQL written by hand (the keyset in its expanded form), in rotated rounds, after checking that both pages
 * hold the rows SQL finds at their offsets. Prints each page's `EXPLAIN` and the ratios library ÷ plain SQL; the
 * target: within 3x on both pages, both read in the order of the index `(tenantId, createdAt DESC, id)` (no
 * filesort). Prints Markdown on stdout; progress goes to stderr.
 */
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { createDrizzleRepository } from 'pagelope/drizzle';
import { nextCursorOf, normalizeCursorInput } from 'pagelope/kit';
import { log } from '../postgres/log';
import { measureGroup, type Summary } from '../postgres/measure';
import { formatMs, formatRatio, renderTargets, type TargetCheck } from '../postgres/report';
import {
  ensureKeyTable,
  indexName,
  keyTable,
  records,
  TENANT,
  uuidFromBytes,
  uuidToBytes,
  type KeyType,
} from './uuid-tables';

const LIMIT = 20;
const DEEP_SHARE = 0.9;
const TARGET = 3;
const ORDER_BY = [{ field: 'createdAt', direction: 'desc' }] as const;
const COLUMNS = '`id`, `tenantId`, `title`, `status`, `amount`, `createdAt`';

const quick = process.argv.includes('--quick');
const rebuild = process.argv.includes('--rebuild');
const rows = quick ? 20_000 : 400_000;
const tenantRows = rows / 2;
const url = new URL(process.env.MYSQL_URL || 'mysql://root@127.0.0.1:3306/pagelope_bench');

/** One page's plan row. */
interface PlanRow {
  readonly page: string;
  readonly key: string;
  readonly rows: string;
  readonly extra: string;
}

/** What one key type measured. */
interface KeyResult {
  readonly type: KeyType;
  readonly table: string;
  readonly summaries: ReadonlyMap<string, Summary>;
  readonly plans: readonly PlanRow[];
}

/** `EXPLAIN` of `query` (the `SET STATEMENT ... FOR` prefix left out) with `params`. */
async function explain(pool: mysql.Pool, page: string, query: string, params: readonly unknown[]): Promise<PlanRow[]> {
  const select = query.replace(/^SET STATEMENT [\s\S]*? FOR (?=SELECT )/, '');
  const [plan] = await pool.query<mysql.RowDataPacket[]>(`EXPLAIN ${pool.format(select, [...params])}`);
  return plan.map((row) => ({
    page,
    key: String(row['key'] ?? ''),
    rows: String(row['rows']),
    extra: String(row['Extra'] ?? ''),
  }));
}

/** The rows' ids as uuid text (a BINARY(16) column gives bytes). */
const idsOf = (found: readonly Record<string, unknown>[]) =>
  found.map((row) => (typeof row['id'] === 'string' ? row['id'] : uuidFromBytes(row['id'] as Buffer)));

/** Times the first and the deep page of the table of key type `type`, through the repository and in plain SQL. */
async function measureKeyType(pool: mysql.Pool, type: KeyType): Promise<KeyResult> {
  const table = `bench_${type}_keys${quick ? '_quick' : ''}`;
  await ensureKeyTable(pool, table, type, { rows, rebuild });
  const key = (text: string) => (type === 'uuid' ? text : uuidToBytes(text));
  let last: { query: string; params: unknown[] } | undefined;
  const logger = { logQuery: (query: string, params: unknown[]) => void (last = { query, params }) };
  const repository = createDrizzleRepository(records, {
    db: drizzle({ client: pool, logger }),
    table: keyTable(table, type),
  });
  const scope = { tenantId: TENANT };
  // The row before the deep page and the page itself, by OFFSET (read once).
  const deepOffset = Math.floor((tenantRows * DEEP_SHARE) / LIMIT) * LIMIT;
  const [atOffset] = await pool.query<mysql.RowDataPacket[]>(
    `SELECT \`id\`, DATE_FORMAT(\`createdAt\`, '%Y-%m-%d %H:%i:%s.%f') AS at FROM \`${table}\` WHERE \`tenantId\` = ? ` +
      `ORDER BY \`createdAt\` DESC, \`id\` LIMIT ${LIMIT + 1} OFFSET ${deepOffset - 1}`,
    [key(TENANT)],
  );
  const [before, ...expected] = atOffset;
  if (!before) throw new Error(`${table} has no row at offset ${deepOffset}`);
  const [beforeId] = idsOf([before]);
  const at = String(before['at']).slice(0, 23);
  const query = normalizeCursorInput({ orderBy: ORDER_BY, limit: LIMIT }, records, { scope });
  const cursor = nextCursorOf(query, { createdAt: new Date(`${at.replace(' ', 'T')}Z`), id: beforeId });
  const firstSql = `SELECT ${COLUMNS} FROM \`${table}\` WHERE \`tenantId\` = ? ORDER BY \`createdAt\` DESC, \`id\` LIMIT ?`;
  const deepSql =
    `SELECT ${COLUMNS} FROM \`${table}\` WHERE \`tenantId\` = ? AND ` +
    '(`createdAt` < ? OR (`createdAt` = ? AND `id` > ?)) ORDER BY `createdAt` DESC, `id` LIMIT ?';
  const firstParams = [key(TENANT), LIMIT + 1];
  const deepParams = [key(TENANT), at, at, key(beforeId as string), LIMIT + 1];
  const cases = {
    'library/first': () => repository.listByCursor({ orderBy: ORDER_BY, limit: LIMIT }, { scope }),
    'library/deep': () => repository.listByCursor({ orderBy: ORDER_BY, limit: LIMIT, cursor }, { scope }),
    'sql/first': () => pool.query<mysql.RowDataPacket[]>(firstSql, firstParams),
    'sql/deep': () => pool.query<mysql.RowDataPacket[]>(deepSql, deepParams),
  };
  const plans: PlanRow[] = [];
  for (const depth of ['first', 'deep'] as const) {
    const items = (await cases[`library/${depth}`]()).items.map((item) => item.id);
    const [plain] = await cases[`sql/${depth}`]();
    const want = depth === 'deep' ? idsOf(expected) : idsOf(plain.slice(0, LIMIT));
    if (
      JSON.stringify(items) !== JSON.stringify(want) ||
      JSON.stringify(idsOf(plain.slice(0, LIMIT))) !== JSON.stringify(want)
    )
      throw new Error(`${table}: the ${depth} page is not the rows SQL finds at its offset: ${JSON.stringify(items)}`);
    if (last) plans.push(...(await explain(pool, `library ${depth}`, last.query, last.params)));
    plans.push(
      ...(await explain(
        pool,
        `plain SQL ${depth}`,
        depth === 'first' ? firstSql : deepSql,
        depth === 'first' ? firstParams : deepParams,
      )),
    );
  }
  log(`${table}: first and deep cursor pages, library and plain SQL...`);
  const budget = quick
    ? { warmup: 3, minSamples: 20, maxSamples: 100, budgetMs: 1_000 }
    : { warmup: 10, minSamples: 50, maxSamples: 400, budgetMs: 15_000 };
  const summaries = await measureGroup(
    Object.entries(cases).map(([id, run]) => ({ id, run })),
    budget,
  );
  return { type, table, summaries, plans };
}

/** Whether `plan`'s rows read the composite index without a filesort. */
const indexServed = (plans: readonly PlanRow[], table: string, page: string) => {
  const rows = plans.filter((plan) => plan.page === page);
  return rows.length > 0 && rows.every((plan) => plan.key === indexName(table) && !plan.extra.includes('filesort'));
};

/** The Markdown of one key type. */
function render(result: KeyResult): { text: string; checks: TargetCheck[] } {
  const get = (id: string) => result.summaries.get(id) as Summary;
  const label = result.type === 'uuid' ? 'native `UUID`' : '`BINARY(16)`';
  const lines = [
    `### ${label} keys: \`${result.table}\` (${rows.toLocaleString('en-US')} rows, ${tenantRows.toLocaleString('en-US')} in the tenant)`,
    '',
    '| page | library median (ms) | p25–p75 | plain SQL median (ms) | p25–p75 | library ÷ plain SQL | rounds |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const checks: TargetCheck[] = [];
  for (const depth of ['first', 'deep'] as const) {
    const [a, b] = [get(`library/${depth}`), get(`sql/${depth}`)];
    const ratio = a.median / b.median;
    const name =
      depth === 'first'
        ? 'first cursor page'
        : `cursor page after ${(Math.floor((tenantRows * DEEP_SHARE) / LIMIT) * LIMIT).toLocaleString('en-US')} rows`;
    lines.push(
      `| ${name} | ${formatMs(a.median)} | ${formatMs(a.p25)}–${formatMs(a.p75)} | ${formatMs(b.median)} | ` +
        `${formatMs(b.p25)}–${formatMs(b.p75)} | ${formatRatio(ratio)} | ${a.samples} |`,
    );
    const served = indexServed(result.plans, result.table, `library ${depth}`);
    checks.push({
      target: `${label} keys, ${name}: within ${TARGET}× of plain SQL, index-served`,
      measured: `${formatRatio(ratio)} (${formatMs(a.median)} vs ${formatMs(b.median)} ms); ${served ? 'index, no filesort' : 'NOT index-served'}`,
      met: ratio <= TARGET && served,
    });
  }
  lines.push('', '| statement | key | rows | Extra |', '| --- | --- | ---: | --- |');
  for (const plan of result.plans) lines.push(`| ${plan.page} | ${plan.key} | ${plan.rows} | ${plan.extra} |`);
  return { text: lines.join('\n'), checks };
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
    const [version] = await pool.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
    const sections = [];
    for (const type of ['uuid', 'binary'] as const) sections.push(render(await measureKeyType(pool, type)));
    process.stdout.write(
      [
        `## MariaDB UUID and BINARY(16) keys: scoped cursor pages through \`createDrizzleRepository\` (${String(version[0]?.v)})`,
        '',
        `Order \`createdAt DESC\` (the id ascending appended), limit ${LIMIT}, the tenant as \`options.scope\`, index ` +
          '`(tenantId, createdAt DESC, id)`; plain SQL is the same page by hand (`WHERE tenantId = ? AND (createdAt < ? ' +
          'OR (createdAt = ? AND id > ?))`), the four statements of a table in rotated rounds.',
        '',
        ...sections.flatMap((section) => [section.text, '']),
        renderTargets(sections.flatMap((section) => section.checks)),
        '',
      ].join('\n'),
    );
  } finally {
    await pool.end();
  }
}

await main();
