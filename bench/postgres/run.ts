/**
 * The PostgreSQL benchmark of issue 5: `npm run bench:postgres [-- options]`.
 *
 *   --quick     table `bench_users_quick` of 20,000 rows and short runs (a smoke check of a few seconds)
 *   --rebuild   drop and reload the table even when it already holds the seeded rows
 *   --write     also write bench/postgres/RESULTS.md (full runs only)
 *   --search    time only the search section (not with --write: RESULTS.md records full runs)
 *   --scoped    time only the scoped cursor page on an existing schema (bench/postgres/scoped-cursor.ts)
 *   --relations time only the relation section (bench/postgres/relations.ts; with --quick, at its quick sizes)
 *   --batch     time only the batch writes (bench/postgres/batch.ts)
 *   --drizzle   time only Drizzle against pagelope/postgres on the benchmark table (bench/postgres/drizzle.ts)
 *   --total     time only the total modes on the benchmark table (bench/postgres/totals.ts)
 *
 * Connects to DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Builds the table once (1,000,000 rows
 * of `seedUsers` with the library's DDL and indexes), then times the first and the deep page (at 90% of the matching
 * rows) of the same query through pagelope `list` (offset), pagelope `listByCursor` (keyset) and nestjs-paginate on
 * TypeORM, with and without a filter; then the search over username and email, first page with total, without and
 * with the trigram indexes (bench/postgres/search.ts); then the relation pages of issue 19 on `bench_rel_*` tables
 * (bench/postgres/relations.ts). Prints Markdown tables, a Targets table and the plans of the adapter's deep
 * pages on stdout; progress goes to stderr. Every figure comes from a measurement of this run.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as prettier from 'prettier';
import { log } from './log';
import { measureGroup, type Budget, type Case, type Summary } from './measure';
import { createNestPeer } from './nest-peer';
import { checkTargets, renderScenario, renderTargets, type ScenarioResult } from './report';
import { buildDepthCases, createAdapter, LIMIT, loadScenarios, type Adapter } from './scenarios';
import { checkRelationTargets, renderRelations, runRelations } from './relations';
import { checkBatchTargets, renderBatch, runBatch } from './batch';
import { checkDrizzleTargets, renderDrizzle, runDrizzle } from './drizzle';
import { renderScopedCursor, runScopedCursor } from './scoped-cursor';
import { renderSearch, runSearch } from './search';
import { ensureTable } from './setup-table';
import { checkTotalTargets, renderTotals, runTotals } from './totals';

interface Mode {
  readonly name: 'full' | 'quick';
  readonly table: string;
  readonly rows: number;
  readonly first: Budget;
  readonly deep: Budget;
  readonly search: Budget;
}

const FULL: Mode = {
  name: 'full',
  table: 'bench_users',
  rows: 1_000_000,
  first: { warmup: 3, minSamples: 20, maxSamples: 300, budgetMs: 20_000 },
  deep: { warmup: 2, minSamples: 15, maxSamples: 100, budgetMs: 30_000 },
  search: { warmup: 2, minSamples: 10, maxSamples: 60, budgetMs: 20_000 },
};

const QUICK: Mode = {
  name: 'quick',
  table: 'bench_users_quick',
  rows: 20_000,
  first: { warmup: 1, minSamples: 5, maxSamples: 50, budgetMs: 300 },
  deep: { warmup: 1, minSamples: 5, maxSamples: 50, budgetMs: 300 },
  search: { warmup: 1, minSamples: 5, maxSamples: 50, budgetMs: 300 },
};

const NOTES = [
  'Each table compares the same query and page: before timing, the three implementations are checked to return the same 20 ids.',
  'Each depth runs its offset cases (`list`, nestjs-paginate) in rounds (one call each, order rotated every round) after a warm-up, so their ratios come from the same rounds; the first and the deep `listByCursor` page run together in rounds of their own, so the cursor ratio does too (its "vs nestjs-paginate" compares across rounds). Times are per call, from the library call to mapped records, over a local socket.',
  'pagelope `list` sends, for the first page, the page query (LIMIT/OFFSET) and `count(*)` when the page is full; for a later page `count(*)` first, then the page query from the nearer end of the ordered set (reversed order past the middle), its skipped rows found by id in a subquery (a deferred join); nestjs-paginate (default `TAKE_AND_SKIP`, `getManyAndCount`) sends the page query (LIMIT/OFFSET: TypeORM needs no subquery without joins) and `COUNT(1)` on every page. Both pages here are full, so both count.',
  'nestjs-paginate adds no tie-breaker of its own: it is given `sortBy=createdAt:DESC&sortBy=id:ASC`, the order pagelope applies for `createdAt DESC` (id ascending appended).',
  "The deep cursor is the one `listByCursor` would return after that row: its sort key is read with SQL and encoded with the library's internal `encodeCursor`/`queryFingerprint` (walking 45,000 pages would time the walk, not the page).",
];

async function main(argv: readonly string[]): Promise<void> {
  const known = new Set([
    '--quick',
    '--rebuild',
    '--write',
    '--search',
    '--scoped',
    '--relations',
    '--batch',
    '--drizzle',
    '--total',
  ]);
  const unknown = argv.filter((arg) => !known.has(arg));
  if (unknown.length > 0) throw new Error(`unknown option(s): ${unknown.join(' ')} (known: ${[...known].join(' ')})`);
  const mode = argv.includes('--quick') ? QUICK : FULL;
  const write = argv.includes('--write');
  if (write && mode.name === 'quick') throw new Error('--write needs a full run (drop --quick)');
  const scopedOnly = argv.includes('--scoped');
  const searchOnly = argv.includes('--search') || scopedOnly;
  const relationsOnly = argv.includes('--relations');
  const batchOnly = argv.includes('--batch');
  const drizzleOnly = argv.includes('--drizzle');
  const totalOnly = argv.includes('--total');
  if (write && (searchOnly || relationsOnly || batchOnly || drizzleOnly || totalOnly))
    throw new Error('--write records a full run (drop --search, --scoped, --relations, --batch and --drizzle)');
  if (relationsOnly && searchOnly)
    throw new Error('--relations runs the relation section alone (drop --search and --scoped)');

  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const started = performance.now();
  try {
    if (batchOnly) {
      const batch = await runBatch(pool, { quick: mode.name === 'quick' });
      process.stdout.write(`${renderBatch(batch)}\n\n${renderTargets(checkBatchTargets(batch))}\n`);
      log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    if (relationsOnly) {
      const relations = await runRelations(pool, {
        quick: mode.name === 'quick',
        rebuild: argv.includes('--rebuild'),
        budget: mode.first,
      });
      process.stdout.write(`${renderRelations(relations)}\n`);
      log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    await ensureTable(pool, { table: mode.table, rows: mode.rows, rebuild: argv.includes('--rebuild') });
    if (totalOnly) {
      const totals = await runTotals(pool, mode.table, mode.first);
      process.stdout.write(`${renderTotals(totals, mode.table)}\n\n${renderTargets(checkTotalTargets(totals))}\n`);
      log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    if (drizzleOnly) {
      const drizzle = await runDrizzle(pool, mode.table, mode.first);
      process.stdout.write(`${renderDrizzle(drizzle, mode.table)}\n\n${renderTargets(checkDrizzleTargets(drizzle))}\n`);
      log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    const measuring = performance.now();
    const adapter = createAdapter(pool, mode.table);
    const peer = await createNestPeer(url, mode.table);
    const results: ScenarioResult[] = [];
    let plans = '';
    try {
      for (const scenario of searchOnly ? [] : await loadScenarios(pool, mode.table)) {
        const summaries = new Map<string, Summary>();
        const statements = new Map<string, number>();
        const depths = await buildDepthCases(pool, mode.table, adapter, peer, scenario);
        const isCursor = (c: Case) => c.id.endsWith('/cursor');
        for (const depth of depths) {
          log(`${scenario.label}, ${depth.depth} page (offset ${depth.offset.toLocaleString('en-US')})...`);
          const offsetCases = depth.cases.filter((c) => !isCursor(c));
          const measured = await measureGroup(offsetCases, depth.depth === 'first' ? mode.first : mode.deep);
          for (const c of depth.cases) {
            const impl = c.id.split('/')[2] as string;
            if (!isCursor(c)) summaries.set(`${impl}/${depth.depth}`, measured.get(c.id) as Summary);
            const sent = impl === 'nest' ? await peer.capture(c.run) : await adapter.capture(c.run);
            statements.set(`${impl}/${depth.depth}`, sent.length);
          }
          if (scenario.id === 'all' && depth.depth === 'deep') plans = await explainDeep(pool, adapter, depth.cases);
        }
        // The first and the deep cursor page share their rounds, so their ratio is not skewed by the offset queries
        // (a deep offset page reads most of the table and evicts the index pages the cursor page then re-reads).
        log(`${scenario.label}, first and deep cursor page...`);
        const cursorCases = depths.flatMap((depth) => depth.cases.filter(isCursor));
        const cursors = await measureGroup(cursorCases, mode.first);
        for (const c of cursorCases)
          summaries.set(`cursor/${c.id.split('/')[1] as string}`, cursors.get(c.id) as Summary);
        results.push({ scenario, summaries, statements });
      }
    } finally {
      await peer.close();
    }
    const search = scopedOnly ? undefined : await runSearch(pool, mode.table, adapter, mode.search);
    const scoped = await runScopedCursor(pool, {
      table: `${mode.table}_scoped_books`,
      rows: mode.rows,
      budget: mode.first,
      rebuild: argv.includes('--rebuild'),
    });
    const relations = searchOnly
      ? undefined
      : await runRelations(pool, {
          quick: mode.name === 'quick',
          rebuild: argv.includes('--rebuild'),
          budget: mode.first,
        });
    const batch = searchOnly ? undefined : await runBatch(pool, { quick: mode.name === 'quick' });
    const drizzle = searchOnly ? undefined : await runDrizzle(pool, mode.table, mode.first);
    const measureSeconds = (performance.now() - measuring) / 1000;

    const server = await pool.query<{ version: string; shared_buffers: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('shared_buffers') AS shared_buffers`,
    );
    const cpus = os.cpus();
    const environment = [
      `- Date: ${new Date().toISOString()}`,
      `- Node ${process.version}, ${os.platform()} ${os.arch()}`,
      `- PostgreSQL ${server.rows[0]?.version} (shared_buffers ${server.rows[0]?.shared_buffers}) at ${new URL(url).host}`,
      `- CPU: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
      `- Table \`${mode.table}\`: ${mode.rows.toLocaleString('en-US')} rows of \`seedUsers\`, DDL and \`(field, id)\` indexes from \`createTableSql\`; limit ${LIMIT}`,
      `- Measuring took ${measureSeconds.toFixed(0)} s (${mode.name} mode)`,
    ].join('\n');
    const body = [
      ...results.map((r) => renderScenario(r, mode.table, LIMIT)),
      ...(search ? [renderSearch(search, mode.table)] : []),
      renderScopedCursor(scoped),
      ...(relations ? [renderRelations(relations)] : []),
      ...(batch ? [renderBatch(batch)] : []),
      ...(drizzle ? [renderDrizzle(drizzle, mode.table)] : []),
      renderTargets([
        ...checkTargets(results),
        ...(relations ? checkRelationTargets(relations) : []),
        ...(batch ? checkBatchTargets(batch) : []),
        ...(drizzle ? checkDrizzleTargets(drizzle) : []),
      ]),
      `### Notes\n\n${NOTES.map((n) => `- ${n}`).join('\n')}`,
      plans,
    ].join('\n\n');
    process.stdout.write(`${body}\n`);

    if (write) {
      const path = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
      const header = `# PostgreSQL benchmark results\n\nProduced by \`npm run bench:postgres -- --write\`; every figure is from this one run.\n\n${environment}`;
      // Formatted as `prettier --check .` (npm run lint) expects it.
      const options = (await prettier.resolveConfig(path)) ?? {};
      writeFileSync(path, await prettier.format(`${header}\n\n${body}\n`, { ...options, filepath: path }));
      log(`wrote ${path}`);
    } else process.stderr.write(`\n${environment}\n`);
    log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await pool.end();
  }
}

/** EXPLAIN ANALYZE of the page query the adapter sends for the deep `list` and `listByCursor` pages. */
async function explainDeep(
  pool: pg.Pool,
  adapter: Adapter,
  cases: readonly { id: string; run: () => Promise<unknown> }[],
): Promise<string> {
  const sections = ['### Plans of the deep pages (EXPLAIN ANALYZE of the SQL the adapter sends, no filter)'];
  for (const c of cases.filter((x) => !x.id.endsWith('/nest'))) {
    // The page query, not the count `list` sends before it past the first page.
    const page = (await adapter.capture(c.run)).find((sent) => sent.text.includes('ORDER BY'));
    if (!page) continue;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF) ${page.text}`,
      page.values,
    );
    const values = JSON.stringify(page.values, (_k, v: unknown) => v);
    sections.push(
      `\`${c.id.endsWith('/list') ? 'list' : 'listByCursor'}\`:\n\n\`\`\`sql\n${page.text}\n-- ${values}\n\`\`\`\n\n\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``,
    );
  }
  return sections.join('\n\n');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
