/**
 * Batch writes of issue 20: 1,000 records created through the service with one `createMany` (one INSERT) against
 * 1,000 single `create` calls, side by side in rotated rounds, on table `bench_batch` (emptied before the run). The
 * target: the batch at least 10x faster.
 */
import type pg from 'pg';
import { z } from 'zod';
import { createResourceService, defineResource } from 'pagelope';
import { createPostgresRepository, createTableSql } from 'pagelope/postgres';
import { log } from './log';
import { measureGroup, type Budget, type Summary } from './measure';
import { formatMs, formatRatio, type TargetCheck } from './report';

/** Records written by each sample of either case. */
export const BATCH_SIZE = 1000;

/** The least speed-up of the batch over single creates the issue asks for. */
export const BATCH_TARGET = 10;

const TABLE = 'bench_batch';

const notes = defineResource({
  name: 'notes',
  schema: z.object({
    id: z.uuid(),
    title: z.string().max(200),
    body: z.string(),
    rank: z.number().int(),
    deletedAt: z.date().nullable(),
    version: z.number().int(),
  }),
  softDelete: { field: 'deletedAt' },
  version: 'version',
});

/** What {@link runBatch} measured. */
export interface BatchResult {
  readonly batch: Summary;
  readonly single: Summary;
  readonly rows: number;
}

/** Times the batch and the single creates; the table is emptied first and dropped at the end. */
export async function runBatch(pool: pg.Pool, options: { readonly quick: boolean }): Promise<BatchResult> {
  await pool.query(`DROP TABLE IF EXISTS "${TABLE}"`);
  await pool.query(createTableSql(notes, { table: TABLE }));
  const service = createResourceService({
    resource: notes,
    repository: createPostgresRepository(notes, { client: pool, table: TABLE }),
  });
  const bodies = (round: number) =>
    Array.from({ length: BATCH_SIZE }, (_, i) => ({ title: `note ${round}-${i}`, body: 'x'.repeat(200), rank: i }));
  let round = 0;
  const budget: Budget = options.quick
    ? { warmup: 1, minSamples: 3, maxSamples: 5, budgetMs: 2_000 }
    : { warmup: 1, minSamples: 8, maxSamples: 20, budgetMs: 60_000 };
  log(`Batch: ${BATCH_SIZE} creates through the service, createMany against single creates`);
  const measured = await measureGroup(
    [
      { id: 'batch', run: () => service.createMany(bodies(round++)) },
      {
        id: 'single',
        run: async () => {
          for (const body of bodies(round++)) await service.create(body);
        },
      },
    ],
    budget,
  );
  const rows = Number((await pool.query(`SELECT count(*) AS n FROM "${TABLE}"`)).rows[0]?.n);
  await pool.query(`DROP TABLE IF EXISTS "${TABLE}"`);
  const summary = (id: string): Summary => {
    const found = measured.get(id);
    if (found === undefined) throw new Error(`no measurement for ${id}`);
    return found;
  };
  return { batch: summary('batch'), single: summary('single'), rows };
}

/** The batch section as Markdown. */
export function renderBatch(result: BatchResult): string {
  const row = (name: string, s: Summary) =>
    `| ${name} | ${formatMs(s.median)} | ${formatMs(s.p25)}–${formatMs(s.p75)} | ${s.samples} |`;
  return [
    `### Batch writes (issue 20): ${BATCH_SIZE.toLocaleString('en-US')} records through the service`,
    '',
    '| implementation | median (ms) | p25–p75 (ms) | samples |',
    '| --- | ---: | ---: | ---: |',
    row(`\`service.createMany\` of ${BATCH_SIZE} (one INSERT)`, result.batch),
    row(`${BATCH_SIZE} \`service.create\` calls, one after another`, result.single),
    '',
    `Side by side in rotated rounds on table \`${TABLE}\` (a uuid key, five columns, soft delete and version); ` +
      `${result.rows.toLocaleString('en-US')} rows written in all. Each sample writes new records (ids from the service).`,
  ].join('\n');
}

/** The batch target: `createMany` at least 10x faster than single creates. */
export function checkBatchTargets(result: BatchResult): TargetCheck[] {
  const speedUp = result.single.median / result.batch.median;
  return [
    {
      target: `Batch create of ${BATCH_SIZE} through the service at least ${BATCH_TARGET}× faster than ${BATCH_SIZE} single creates`,
      measured: `${formatRatio(speedUp)} faster (${formatMs(result.batch.median)} vs ${formatMs(result.single.median)} ms)`,
      met: speedUp >= BATCH_TARGET,
    },
  ];
}
