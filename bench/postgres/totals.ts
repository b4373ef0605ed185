/**
 * The total modes on PostgreSQL (issue 22): the first page of the benchmark table through `createPostgresRepository`
 * with `total: 'estimated'` against `total: 'exact'`, for an unselective filter and for a scope (status = active, as
 * a tenant's scope would be), and `total: 'none'` against the plain SQL page (`LIMIT 21`: the page and one row to
 * tell whether a next page exists, no count), side by side
 * in rotated rounds; then the check that a page of a 321-row filter answers `total: 321, totalRelation: 'eq'`.
 * Targets: estimated at least 10x faster than exact; none within 1.5x of the plain SQL page.
 */
import type pg from 'pg';
import { createPostgresRepository } from 'pagelope/postgres';
import { users } from '../../examples/shared/users';
import { log } from './log';
import { measureGroup, type Budget, type Summary } from './measure';
import { formatMs, formatRatio, type TargetCheck } from './report';
import { LIMIT } from './scenarios';

/** How much faster than exact an estimated total must be, and how close to plain SQL a page without total. */
export const TOTAL_TARGETS = Object.freeze({ estimatedSpeedup: 10, noneWithin: 1.5 });

/** What {@link runTotals} measured. */
export interface TotalsResult {
  readonly rows: number;
  readonly summaries: ReadonlyMap<string, Summary>;
  /** The 321-row filter's page: its total, relation, and the exact count of the filter. */
  readonly check: { readonly total: number | null; readonly relation: string | undefined; readonly exact: number };
}

const UNSELECTIVE = { age: { gte: 18 } } as const;
const SCOPE = { status: 'active' } as const;

/** Times the total modes on `table` (built by `ensureTable`). */
export async function runTotals(pool: pg.Pool, table: string, budget: Budget): Promise<TotalsResult> {
  const rows = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]?.n);
  await pool.query(`ANALYZE "${table}"`);
  const repository = createPostgresRepository(users, { client: pool, table });
  const list = (input: object, scope?: object) => () =>
    repository.list({ limit: LIMIT, ...input } as never, scope === undefined ? undefined : { scope: scope as never });
  // The page as a team writes it by hand when it shows a next link without a count: one row more than the page.
  const plain = () =>
    pool
      .query(`SELECT * FROM "${table}" WHERE "age" >= $1 ORDER BY "id" LIMIT $2`, [18, LIMIT + 1])
      .then((r) => r.rows);
  const cases = [
    { id: 'filter/exact', run: list({ where: UNSELECTIVE }) },
    { id: 'filter/estimated', run: list({ where: UNSELECTIVE, total: 'estimated' }) },
    { id: 'scope/exact', run: list({}, SCOPE) },
    { id: 'scope/estimated', run: list({ total: 'estimated' }, SCOPE) },
  ];
  // 'none' and the plain page in a group of their own: rotated between COUNTs of 50 ms and more, a call of 0.3 ms
  // starts cold each time (1.72x in a run of 2026-12-02 where the 21-row page is the same SQL), which the page of a
  // server answering lists back to back does not.
  const pages = [
    { id: 'filter/none', run: list({ where: UNSELECTIVE, total: 'none' }) },
    { id: 'filter/plain SQL', run: plain },
  ];
  log('total modes: first page, exact and estimated, then none and plain SQL...');
  const summaries = new Map([...(await measureGroup(cases, budget)), ...(await measureGroup(pages, budget))]);
  // A filter of 321 rows: the createdAt of the 321st row in createdAt order bounds it (ties would add rows).
  const { rows: bound } = await pool.query<{ createdAt: Date }>(
    `SELECT "createdAt" FROM "${table}" ORDER BY "createdAt", "id" OFFSET 320 LIMIT 1`,
  );
  const where = { createdAt: { lte: bound[0]?.createdAt ?? new Date(0) } };
  const exact = await repository.list({ where, limit: LIMIT });
  const estimated = await repository.list({ where, limit: LIMIT, total: 'estimated' });
  return {
    rows,
    summaries,
    check: { total: estimated.total, relation: estimated.totalRelation, exact: exact.total },
  };
}

const median = (result: TotalsResult, id: string): number => result.summaries.get(id)?.median ?? Number.NaN;

/** The Markdown table of {@link runTotals}. */
export function renderTotals(result: TotalsResult, table: string): string {
  const row = (label: string, id: string, against: string) =>
    `| ${label} | ${formatMs(median(result, id))} | ${formatMs(median(result, against))} | ${formatRatio(median(result, against) / median(result, id))} |`;
  return [
    `### Total modes: first page of \`${table}\` (${result.rows.toLocaleString('en-US')} rows, limit ${LIMIT})`,
    '',
    '| page | median ms | against (median ms) | speed-up |',
    '| --- | ---: | ---: | ---: |',
    row("`age >= 18`, `total: 'estimated'` vs `'exact'`", 'filter/estimated', 'filter/exact'),
    row("scope `status = active`, `'estimated'` vs `'exact'`", 'scope/estimated', 'scope/exact'),
    row("`age >= 18`, `total: 'none'` vs the plain SQL page", 'filter/none', 'filter/plain SQL'),
    '',
    `A page of a ${result.check.exact}-row filter (\`createdAt <= \` the 321st): \`total: ${String(result.check.total)}, totalRelation: '${String(result.check.relation)}'\`.`,
  ].join('\n');
}

/** The targets of the total modes. */
export function checkTotalTargets(result: TotalsResult): TargetCheck[] {
  const speedup = (id: string, against: string) => median(result, against) / median(result, id);
  const within = median(result, 'filter/none') / median(result, 'filter/plain SQL');
  return [
    ...(['filter', 'scope'] as const).map((kind) => ({
      target: `${kind === 'filter' ? 'unselective filter' : 'scope'}: 'estimated' ≥ ${TOTAL_TARGETS.estimatedSpeedup}x faster than 'exact'`,
      measured: formatRatio(speedup(`${kind}/estimated`, `${kind}/exact`)),
      met: speedup(`${kind}/estimated`, `${kind}/exact`) >= TOTAL_TARGETS.estimatedSpeedup,
    })),
    {
      target: `'none' within ${TOTAL_TARGETS.noneWithin}x of the plain SQL page`,
      measured: formatRatio(within),
      met: within <= TOTAL_TARGETS.noneWithin,
    },
    {
      target: "a 321-row filter answers total: 321, totalRelation: 'eq'",
      measured: `${String(result.check.total)}, ${String(result.check.relation)} (filter: ${result.check.exact} rows)`,
      met: result.check.total === result.check.exact && result.check.relation === 'eq' && result.check.exact === 321,
    },
  ];
}
