/** Markdown tables of the PostgreSQL benchmark, built only from this run's measurements. */
import type { Summary } from './measure';
import type { Scenario } from './scenarios';

/** The three implementations, in table order. */
export const IMPLEMENTATIONS = [
  { key: 'list', name: 'pagelope `list` (offset)' },
  { key: 'cursor', name: 'pagelope `listByCursor` (keyset)' },
  { key: 'nest', name: 'nestjs-paginate 15 on TypeORM 1' },
] as const;

/** Implementation key. */
export type Implementation = (typeof IMPLEMENTATIONS)[number]['key'];
/** Depth key. */
export type Depth = 'first' | 'deep';

/** What one scenario measured. */
export interface ScenarioResult {
  readonly scenario: Scenario;
  /** By `${implementation}/${depth}`. */
  readonly summaries: ReadonlyMap<string, Summary>;
  /** SQL statements one call sends, by `${implementation}/${depth}`. */
  readonly statements: ReadonlyMap<string, number>;
}

/** One row of the Targets table. */
export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean;
}

const grouped = (n: number): string => n.toLocaleString('en-US');

/** Milliseconds with three significant digits. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toFixed(3);
}

/** A ratio such as `0.98×` or `1,530×`. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  if (ratio >= 1000) return `${grouped(Math.round(ratio))}×`;
  return `${ratio >= 100 ? ratio.toFixed(0) : ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}

const get = (result: ScenarioResult, impl: Implementation, depth: Depth): Summary => {
  const summary = result.summaries.get(`${impl}/${depth}`);
  if (!summary) throw new Error(`no measurement for ${impl}/${depth}`);
  return summary;
};

function depthLabel(impl: Implementation, depth: Depth, scenario: Scenario, limit: number): string {
  if (depth === 'first') return 'first';
  const page = scenario.deepOffset / limit + 1;
  return impl === 'cursor' ? `deep (cursor after row ${grouped(scenario.deepOffset)})` : `deep (page ${grouped(page)})`;
}

/** The table of one scenario: rows are implementation × depth. */
export function renderScenario(result: ScenarioResult, table: string, limit: number): string {
  const { scenario } = result;
  const lines = [
    `### ${scenario.label}: ${grouped(scenario.matching)} matching rows of \`${table}\`, limit ${limit}, createdAt DESC, id ASC`,
    '',
    '| implementation | page | rows skipped | SQL statements | median ms | p25–p75 ms | vs first page | vs nestjs-paginate |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const { key, name } of IMPLEMENTATIONS) {
    for (const depth of ['first', 'deep'] as const) {
      const s = get(result, key, depth);
      const first = get(result, key, 'first');
      const nest = get(result, 'nest', depth);
      lines.push(
        `| ${name} | ${depthLabel(key, depth, scenario, limit)} | ${grouped(depth === 'first' ? 0 : scenario.deepOffset)} | ` +
          `${result.statements.get(`${key}/${depth}`) ?? '—'} | ${formatMs(s.median)} | ${formatMs(s.p25)}–${formatMs(s.p75)} | ` +
          `${formatRatio(s.median / first.median)} | ${key === 'nest' ? '—' : formatRatio(s.median / nest.median)} |`,
      );
    }
  }
  const samples = [...result.summaries.values()].map((s) => s.samples);
  lines.push(
    '',
    `${Math.min(...samples)}–${Math.max(...samples)} samples per row; "vs" columns are ratios of medians (below 1× is faster).`,
  );
  return lines.join('\n');
}

/** The issue's targets, checked against this run. */
export function checkTargets(results: readonly ScenarioResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const result of results) {
    const suffix = result.scenario.id === 'all' ? '' : ` (${result.scenario.label})`;
    const first = get(result, 'cursor', 'first').median;
    const deep = get(result, 'cursor', 'deep').median;
    checks.push({
      target: `cursor page at depth ${grouped(result.scenario.deepOffset)} within 2× of the first cursor page${suffix}`,
      measured: `${formatMs(deep)} ms vs ${formatMs(first)} ms = ${formatRatio(deep / first)}`,
      met: deep <= 2 * first,
    });
  }
  for (const result of results) {
    const suffix = result.scenario.id === 'all' ? '' : `, ${result.scenario.label}`;
    for (const depth of ['first', 'deep'] as const) {
      const ours = get(result, 'list', depth);
      const nest = get(result, 'nest', depth);
      const overlap = ours.p25 <= nest.p75 && nest.p25 <= ours.p75;
      checks.push({
        target: `\`list\` at least as fast as nestjs-paginate, ${depth} page${suffix}`,
        measured:
          `${formatMs(ours.median)} ms vs ${formatMs(nest.median)} ms = ${formatRatio(ours.median / nest.median)}` +
          (overlap ? ' (spreads overlap)' : ''),
        met: ours.median <= nest.median,
      });
    }
  }
  return checks;
}

/** The Targets table. */
export function renderTargets(checks: readonly TargetCheck[]): string {
  return [
    '### Targets',
    '',
    '| target | measured (medians) | met |',
    '|---|---|---|',
    ...checks.map((c) => `| ${c.target} | ${c.measured} | ${c.met ? 'yes' : '**no**'} |`),
  ].join('\n');
}
