/**
 * A batch soft delete of 100 records through the service on the PostgreSQL server (issue 32 point 12): one
 * `UPDATE ... FROM unnest(...)` against one UPDATE per record, 20 timed runs each (after 2 warm-up runs), alternating,
 * each on 100 fresh records of tenant t1 among 1,000 of two tenants. Two tables alike but for one index each: an
 * empty partial index `(id) WHERE version < 0`, unique on the per-change table (a unique index that reads a set
 * field keeps a batch on the per-change path), plain on the other (so both keep the same indexes to maintain).
 *
 * Run: `npx tsx bench/postgres/batch-soft-delete.ts` (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 */
import pg from 'pg';
import { z } from 'zod';
import { createResourceService, defineResource } from 'pagelope';
import { createPostgresRepository } from 'pagelope/postgres';
import { quantile } from './measure';

const RECORDS = 100;
const RUNS = 20;
const WARMUP = 2;

const notes = defineResource({
  name: 'notes',
  schema: z.object({
    id: z.uuid(),
    tenant: z.string(),
    title: z.string(),
    deletedAt: z.date().nullable(),
    version: z.number().int(),
  }),
  readOnly: ['tenant'],
  softDelete: { field: 'deletedAt' },
  version: 'version',
});

/** A table of notes with the partial index, unique or not, and a service scoped by tenant on it. */
async function setup(pool: pg.Pool, table: string, unique: boolean) {
  await pool.query(`DROP TABLE IF EXISTS "${table}"`);
  await pool.query(
    `CREATE TABLE "${table}" (id uuid PRIMARY KEY, tenant text NOT NULL, title text NOT NULL, ` +
      `"deletedAt" timestamptz, version integer NOT NULL)`,
  );
  await pool.query(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX ON "${table}" (id) WHERE version < 0`);
  const repository = createPostgresRepository(notes, { client: pool, table });
  const service = createResourceService({
    resource: notes,
    repository,
    scope: ({ locals }: { locals: { tenant?: unknown } }) => ({ tenant: String(locals.tenant) }),
  });
  let round = 0;
  /** Stores 1,000 fresh records (100 of t1) and returns the ids of t1's. */
  const fresh = async (): Promise<string[]> => {
    round += 1;
    const records = Array.from({ length: RECORDS * 10 }, (_, i) => ({
      id: crypto.randomUUID(),
      tenant: i < RECORDS ? 't1' : 't2',
      title: `note ${round}-${i}`,
      deletedAt: null,
      version: 1,
    }));
    await repository.createMany?.(records);
    return records.slice(0, RECORDS).map((record) => record.id);
  };
  const time = async (): Promise<number> => {
    const ids = await fresh();
    const started = performance.now();
    const removed = await service.deleteMany(ids, { locals: { tenant: 't1' } });
    const elapsed = performance.now() - started;
    if (removed.length !== RECORDS) throw new Error(`${table}: ${removed.length} records removed`);
    return elapsed;
  };
  return { time, drop: () => pool.query(`DROP TABLE IF EXISTS "${table}"`) };
}

/** The median of `times`. */
const median = (times: readonly number[]) =>
  quantile(
    [...times].sort((a, b) => a - b),
    0.5,
  );

async function main(): Promise<void> {
  const pool = new pg.Pool({
    connectionString: process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test',
    max: 4,
  });
  try {
    const bulk = await setup(pool, 'bench_soft_delete_bulk', false);
    const perChange = await setup(pool, 'bench_soft_delete_each', true);
    const times = { bulk: [] as number[], perChange: [] as number[] };
    for (let run = 0; run < WARMUP + RUNS; run++) {
      // Alternating which goes first, so drift falls on both alike.
      const order = run % 2 === 0 ? (['bulk', 'perChange'] as const) : (['perChange', 'bulk'] as const);
      for (const which of order) {
        const elapsed = await (which === 'bulk' ? bulk : perChange).time();
        if (run >= WARMUP) times[which].push(elapsed);
      }
    }
    const [one, each] = [median(times.bulk), median(times.perChange)];
    const server = (await pool.query('SHOW server_version')).rows[0]?.server_version as string;
    console.log(`PostgreSQL ${server}, Node ${process.version}: soft delete of ${RECORDS} records, ${RUNS} runs each`);
    console.log(`one statement: median ${one.toFixed(2)} ms (p25-p75 ${spread(times.bulk)})`);
    console.log(`one per record: median ${each.toFixed(2)} ms (p25-p75 ${spread(times.perChange)})`);
    console.log(`per-change / one statement: ${(each / one).toFixed(2)}x`);
    await bulk.drop();
    await perChange.drop();
  } finally {
    await pool.end();
  }
}

function spread(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${quantile(sorted, 0.25).toFixed(2)}-${quantile(sorted, 0.75).toFixed(2)} ms`;
}

await main();
