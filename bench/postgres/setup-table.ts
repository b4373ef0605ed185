/**
 * Builds (or reuses) the benchmark table: the DDL and `(field, id)` indexes from `createTableSql`, the rows of
 * `seedUsers(count)` loaded in batches through `unnest` (one INSERT per 50,000 rows, not one per row), the indexes
 * built after the load, then `VACUUM (ANALYZE)` so the planner statistics and the visibility map are settled before
 * anything is timed (an autovacuum starting mid-run would move the figures).
 */
import type pg from 'pg';
import { createTableSql } from 'pagelope/postgres';
import { seedUsers } from '../../examples/shared/seed';
import { users } from '../../examples/shared/users';
import { log } from './log';

/** Options of {@link ensureTable}. */
export interface EnsureTableOptions {
  readonly table: string;
  readonly rows: number;
  /** Drop and reload even when the table already holds the expected rows. */
  readonly rebuild: boolean;
}

/** What {@link ensureTable} did. */
export interface EnsureTableResult {
  readonly reused: boolean;
  /** Time spent loading, in ms (0 when reused). */
  readonly loadMs: number;
}

const BATCH = 50_000;

/** The id `seedUsers` gives the last of `count` records. */
const lastId = (count: number): string => `user-${String(count).padStart(6, '0')}`;

/** Makes sure `table` holds exactly the `rows` seeded users, with the library's DDL and indexes. */
export async function ensureTable(pool: pg.Pool, options: EnsureTableOptions): Promise<EnsureTableResult> {
  const { table, rows } = options;
  const [createTable, ...createIndexes] = createTableSql(users, { table })
    .split(';\n')
    .map((sql) => sql.replace(/;$/, ''));
  if (!createTable) throw new Error('createTableSql returned no statement');

  if (!options.rebuild && (await holdsSeed(pool, table, rows))) {
    for (const sql of createIndexes) await pool.query(sql); // IF NOT EXISTS: a no-op when the indexes are there
    log(`reusing ${table} (${rows.toLocaleString('en-US')} rows; --rebuild reloads it)`);
    return { reused: true, loadMs: 0 };
  }

  const started = performance.now();
  log(`building ${table} with ${rows.toLocaleString('en-US')} rows...`);
  await pool.query(`DROP TABLE IF EXISTS "${table}"`);
  await pool.query(createTable);
  const records = seedUsers(rows);
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH);
    await pool.query(
      `INSERT INTO "${table}" ("id", "username", "email", "status", "age", "createdAt", "deletedAt", "version")
       SELECT u.*, NULL, 1
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::timestamptz[]) AS u`,
      [
        batch.map((u) => u.id),
        batch.map((u) => u.username),
        batch.map((u) => u.email),
        batch.map((u) => u.status),
        batch.map((u) => u.age),
        batch.map((u) => u.createdAt.toISOString()),
      ],
    );
  }
  log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; building indexes...`);
  for (const sql of createIndexes) await pool.query(sql);
  await pool.query(`VACUUM (ANALYZE) "${table}"`);
  const loadMs = performance.now() - started;
  log(`  ready in ${(loadMs / 1000).toFixed(1)} s`);
  return { reused: false, loadMs };
}

async function holdsSeed(pool: pg.Pool, table: string, rows: number): Promise<boolean> {
  const { rows: found } = await pool.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
    `"${table}"`,
  ]);
  if (!found[0]?.exists) return false;
  // A table built before the users had soft delete and a version lacks their columns.
  const { rows: columns } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 AND column_name IN ('deletedAt', 'version')`,
    [table],
  );
  if (Number(columns[0]?.n) !== 2) return false;
  const { rows: stats } = await pool.query<{ n: string; last: string | null }>(
    `SELECT count(*) AS n, max("id") FILTER (WHERE "id" = $1) AS last FROM "${table}"`,
    [lastId(rows)],
  );
  return Number(stats[0]?.n) === rows && stats[0]?.last === lastId(rows);
}
