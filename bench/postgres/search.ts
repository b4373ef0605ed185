/**
 * The search of issue 12 on the benchmark table: `list({ search })` over username and email, first page with its
 * total, timed without and then with the `pg_trgm` GIN indexes that `createTableSql(users, { trigram: true })` emits
 * (built on the loaded table, timed, then `VACUUM (ANALYZE)`), and dropped again afterwards so that the table is the
 * one {@link ensureTable} describes.
 */
import type pg from 'pg';
import { createTableSql } from 'pagelope/postgres';
import { users } from '../../examples/shared/users';
import { log } from './log';
import { measureGroup, type Budget, type Case, type Summary } from './measure';
import { formatMs, formatRatio } from './report';
import type { Adapter } from './scenarios';
import { LIMIT } from './scenarios';

/** The searches timed: a dense two-letter text (as W2's) and a rare one. */
export const SEARCHES = [
  { id: 'ab', label: "search 'ab' (username, email)", text: 'ab' },
  { id: 'rare', label: "search '12345' (a rare text)", text: '12345' },
] as const;

/** What the search section measured. */
export interface SearchResult {
  readonly totals: ReadonlyMap<string, number>;
  /** By `${search id}/${'without' | 'with'}`. */
  readonly summaries: ReadonlyMap<string, Summary>;
  readonly indexBuildMs: number;
  readonly analyzeMs: number;
  /** The plan of each search's count with the indexes, for the notes. */
  readonly plans: ReadonlyMap<string, string>;
}

/** The trigram statements `createTableSql` adds for `trigram: true`, and the names of the indexes they create. */
function trigramStatements(table: string): { readonly statements: string[]; readonly indexes: string[] } {
  const split = (sql: string): string[] => sql.split(';\n').map((statement) => statement.replace(/;$/, ''));
  const plain = new Set(split(createTableSql(users, { table })));
  const statements = split(createTableSql(users, { table, trigram: true })).filter((sql) => !plain.has(sql));
  const indexes = statements.flatMap((sql) => /CREATE INDEX IF NOT EXISTS ("?[\w]+"?)/.exec(sql)?.[1] ?? []);
  return { statements, indexes };
}

/** Times the searches' first page (with total) without, then with, the trigram indexes. */
export async function runSearch(pool: pg.Pool, table: string, adapter: Adapter, budget: Budget): Promise<SearchResult> {
  const { statements, indexes } = trigramStatements(table);
  const dropIndexes = async (): Promise<void> => {
    for (const index of indexes) await pool.query(`DROP INDEX IF EXISTS ${index}`);
  };
  const list = (text: string) => () =>
    adapter.repository.list({ search: text, orderBy: [{ field: 'createdAt', direction: 'desc' }], limit: LIMIT });
  const cases: Case[] = SEARCHES.map((search) => ({ id: search.id, run: list(search.text) }));
  const totals = new Map<string, number>();
  for (const search of SEARCHES) totals.set(search.id, (await list(search.text)()).total);
  const summaries = new Map<string, Summary>();

  await dropIndexes();
  await pool.query(`VACUUM (ANALYZE) "${table}"`);
  log('search without the trigram indexes...');
  for (const [id, summary] of await measureGroup(cases, budget)) summaries.set(`${id}/without`, summary);

  log(`building ${indexes.length} trigram indexes...`);
  let started = performance.now();
  for (const sql of statements) await pool.query(sql);
  const indexBuildMs = performance.now() - started;
  started = performance.now();
  await pool.query(`VACUUM (ANALYZE) "${table}"`);
  const analyzeMs = performance.now() - started;
  log(`  built in ${(indexBuildMs / 1000).toFixed(1)} s, VACUUM (ANALYZE) ${(analyzeMs / 1000).toFixed(1)} s`);
  const plans = new Map<string, string>();
  try {
    for (const search of SEARCHES) {
      if ((await list(search.text)()).total !== totals.get(search.id))
        throw new Error(`${search.label}: another total with the trigram indexes`);
      const count = (await adapter.capture(list(search.text))).find((sent) => /count\(/i.test(sent.text));
      if (!count) continue;
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF) ${count.text}`,
        count.values,
      );
      plans.set(search.id, rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    log('search with the trigram indexes...');
    for (const [id, summary] of await measureGroup(cases, budget)) summaries.set(`${id}/with`, summary);
  } finally {
    await dropIndexes();
  }
  return { totals, summaries, indexBuildMs, analyzeMs, plans };
}

/** The search section of RESULTS.md. */
export function renderSearch(result: SearchResult, table: string): string {
  const get = (key: string): Summary => {
    const summary = result.summaries.get(key);
    if (!summary) throw new Error(`no measurement for ${key}`);
    return summary;
  };
  const lines = [
    `### Search over username and email: first page with total, \`${table}\`, limit ${LIMIT}, createdAt DESC, id ASC`,
    '',
    '| search | matching rows | trigram indexes | median ms | p25–p75 ms | without ÷ with |',
    '|---|--:|---|--:|--:|--:|',
  ];
  for (const search of SEARCHES) {
    const without = get(`${search.id}/without`);
    const withIndex = get(`${search.id}/with`);
    const total = (result.totals.get(search.id) ?? Number.NaN).toLocaleString('en-US');
    for (const [label, s] of [
      ['without', without],
      ['with', withIndex],
    ] as const) {
      lines.push(
        `| pagelope \`list\`, ${search.label} | ${total} | ${label} | ${formatMs(s.median)} | ${formatMs(s.p25)}–${formatMs(s.p75)} | ` +
          `${label === 'with' ? formatRatio(without.median / s.median) : '—'} |`,
      );
    }
  }
  const samples = [...result.summaries.values()].map((s) => s.samples);
  lines.push(
    '',
    `${Math.min(...samples)}–${Math.max(...samples)} samples per row; the two searches run in rounds (one call each, order rotated), first without the indexes, then with them.`,
    '',
    `- The trigram indexes (\`createTableSql(users, { trigram: true })\`: \`pg_trgm\` and one GIN index per searchable field on \`lower(...)\`) took ${(result.indexBuildMs / 1000).toFixed(1)} s to build on the loaded table, then \`VACUUM (ANALYZE)\` ${(result.analyzeMs / 1000).toFixed(1)} s; they are dropped again after the run.`,
    '- Each call sends the page query (`ILIKE` over both columns, ORDER BY createdAt DESC LIMIT 20) and, the page being full, `count(*)` of the same filter: the count reads every match, so it dominates.',
    '- "without ÷ with": the median without the indexes ÷ the median with them (above 1: the indexes make the call faster). The two phases run one after the other, so this ratio also holds any drift of the machine between them.',
    '- A needle under three characters has no trigram: the indexes cannot narrow `ab`, and PostgreSQL keeps the same parallel sequential scan with them (see its plan), so its "without ÷ with" is drift between the phases, not the index. The plans of the counts with the indexes:',
  );
  for (const search of SEARCHES) {
    const plan = result.plans.get(search.id);
    if (plan) lines.push('', `${search.label}:`, '', '```', plan, '```');
  }
  return lines.join('\n');
}
