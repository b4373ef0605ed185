/**
 * The scoped cursor page of issue 17 on an existing schema: a table made by raw DDL (uuid key, a text tenant column
 * in the database's own collation, snake_case columns), 1,000,000 rows over three tenants, the index
 * `(tenant_id, created_at desc, id)`. Times the first cursor page of one tenant, newest first, through
 * `createPostgresRepository(...).listByCursor(..., { scope })` and as the plain SQL statement a person would write,
 * side by side in the same rounds; the target is at most 3x.
 */
import type pg from 'pg';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createPostgresRepository, type SqlClient } from '../../src/postgres/index';
import { log } from './log';
import { measureGroup, type Budget, type Summary } from './measure';

const schema = z.object({ id: z.string(), tenantId: z.string(), title: z.string(), createdAt: z.date() });
const books = defineResource({
  name: 'books',
  schema,
  filterable: ['tenantId'],
  sortable: ['createdAt'],
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
});

const LIMIT = 20;
const TARGET = 3;
const ORDER = [{ field: 'createdAt', direction: 'desc' }] as const;
const PLAIN =
  'SELECT id, tenant_id, title, created_at FROM "$T" WHERE tenant_id = $1 ORDER BY created_at DESC, id LIMIT $2';

/** What {@link runScopedCursor} measured. */
export interface ScopedCursorResult {
  readonly table: string;
  readonly rows: number;
  readonly repository: Summary;
  readonly plain: Summary;
  /** The repository's page statement and its plan. */
  readonly plan: string;
}

/** Creates (when missing) and fills the table, then times both pages after checking they return the same ids. */
export async function runScopedCursor(
  pool: pg.Pool,
  options: { readonly table: string; readonly rows: number; readonly budget: Budget; readonly rebuild: boolean },
): Promise<ScopedCursorResult> {
  const { table, rows, budget } = options;
  await ensureScopedTable(pool, table, rows, options.rebuild);
  const sent: { text: string; values: unknown[] }[] = [];
  const client: SqlClient = {
    query: (text, values = []) => {
      if (sent.length < 10) sent.push({ text, values });
      return pool.query(text, values) as never;
    },
  };
  const repository = createPostgresRepository(books, {
    client,
    table,
    columnNaming: 'snake_case',
  });
  const plainSql = PLAIN.replace('$T', table);
  const viaRepository = () => repository.listByCursor({ orderBy: ORDER, limit: LIMIT }, { scope: { tenantId: 't1' } });
  const viaSql = () => pool.query(plainSql, ['t1', LIMIT + 1]);
  const ids = (await viaRepository()).items.map((book) => book.id);
  const sqlIds = (await viaSql()).rows.slice(0, LIMIT).map((row: { id: string }) => row.id);
  if (JSON.stringify(ids) !== JSON.stringify(sqlIds)) throw new Error('the repository and the SQL pages differ');
  log(`scoped cursor page on ${table}...`);
  const measured = await measureGroup(
    [
      { id: 'repository', run: viaRepository },
      { id: 'plain', run: viaSql },
    ],
    budget,
  );
  const page = sent.filter((statement) => statement.text.includes('ORDER BY')).at(-1);
  const explained = await pool.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (COSTS OFF) ${page?.text ?? plainSql}`,
    page?.values ?? ['t1', LIMIT + 1],
  );
  return {
    table,
    rows,
    repository: measured.get('repository') as Summary,
    plain: measured.get('plain') as Summary,
    plan: `${page?.text ?? plainSql}\n\n${explained.rows.map((row) => row['QUERY PLAN']).join('\n')}`,
  };
}

async function ensureScopedTable(pool: pg.Pool, table: string, rows: number, rebuild: boolean): Promise<void> {
  const found = await pool
    .query<{ n: string }>(
      `SELECT CASE WHEN to_regclass($1) IS NULL THEN -1 ELSE (SELECT count(*) FROM "${table}") END AS n`,
      [table],
    )
    .catch(() => ({ rows: [{ n: '-1' }] }));
  if (!rebuild && Number(found.rows[0]?.n) === rows) return;
  log(`building ${table} (${rows.toLocaleString('en-US')} rows)...`);
  await pool.query(`DROP TABLE IF EXISTS "${table}"`);
  await pool.query(
    `CREATE TABLE "${table}" (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), tenant_id text NOT NULL, ` +
      `title text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  );
  await pool.query(
    `INSERT INTO "${table}" (tenant_id, title, created_at) SELECT 't' || (i % 3 + 1), 'book ' || i, ` +
      `timestamptz '2020-01-01 00:00:00+00' + i * interval '1 minute' FROM generate_series(1, ${rows}) AS i`,
  );
  await pool.query(`CREATE INDEX "${table}_tenant_idx" ON "${table}" (tenant_id, created_at DESC, id)`);
  await pool.query(`VACUUM ANALYZE "${table}"`);
}

/** The Markdown section of the result: both medians, the ratio against its target, the repository statement's plan. */
export function renderScopedCursor(result: ScopedCursorResult): string {
  const ratio = result.repository.median / result.plain.median;
  const ms = (s: Summary) =>
    `${s.median.toFixed(3)} ms (p25 ${s.p25.toFixed(3)}, p75 ${s.p75.toFixed(3)}, n ${s.samples})`;
  return [
    `### Scoped cursor first page on an existing schema (\`${result.table}\`, ${result.rows.toLocaleString('en-US')} rows, 3 tenants)`,
    '',
    `Index \`(tenant_id, created_at desc, id)\`, tenant column \`text\` in the database collation, limit ${LIMIT}.`,
    '',
    '| page | median |',
    '| --- | --- |',
    `| \`listByCursor\` with \`scope: { tenantId: 't1' }\` | ${ms(result.repository)} |`,
    `| plain SQL \`WHERE tenant_id = $1 ORDER BY created_at DESC, id LIMIT 21\` | ${ms(result.plain)} |`,
    '',
    `Ratio ${ratio.toFixed(2)}x (target ≤ ${TARGET}x): ${ratio <= TARGET ? 'met' : 'NOT met'}.`,
    '',
    '```',
    result.plan,
    '```',
  ].join('\n');
}
