import type { ListInput, PageResult, Repository } from 'pagelope';
import type { User } from '../examples/shared/users';
import type { BenchConfig } from './config';
import { measure, summarise, type Measurement } from './harness';
import { log } from './log';
import { naiveList, scanFloor, type Page } from './peers/list-peers';
import { QUERIES, type BenchQuery } from './queries';
import { fromMs, type Row, type Table } from './report';

/** The search of the measurement: two searchable fields, the same needle, order and page as q1. */
export const SEARCH_AB = 'ab';
/** A rare text: a few dozen matches among 1,000,000 seeded users (usernames and emails holding the number 12345). */
export const SEARCH_RARE = '12345';

/** Row names the targets read. */
export const SEARCH_ROW = "pagelope search 'ab' (username, email)";
export const SEARCH_RARE_ROW = `pagelope search '${SEARCH_RARE}' (rare)`;
export const SEARCH_Q1_ROW = "pagelope q1: username cont 'ab' (same run, alternated)";

const Q1 = QUERIES.find((query) => query.id === 'q1') as BenchQuery;

const searchInput = (search: string): ListInput<User> => ({
  search,
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  page: 3,
  limit: 20,
});

/** The peers' version of the search: either field, lower-cased, holds the needle. */
const searchQuery = (needle: string): BenchQuery => ({
  ...Q1,
  label: `search '${needle}'`,
  match: (user) => user.username.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle),
});

const now = (): number => Number(process.hrtime.bigint()) / 1e6;

/**
 * Times several calls side by side: a warm-up of each, then rounds that take one sample of each in turn (the order
 * rotating each round), so that noise of the shared machine falls on all of them alike. Returns each one's summary
 * and, for each later one, the median over the rounds of its sample ÷ the first one's sample of that round.
 */
async function measureAlternately(
  fns: readonly (() => unknown)[],
  rounds: number,
  warmupMs: number,
): Promise<{ measurements: Measurement[]; pairedRatios: number[] }> {
  const last: unknown[] = [];
  for (const [i, fn] of fns.entries()) {
    const start = now();
    do last[i] = await fn();
    while (now() - start < warmupMs);
  }
  const times: number[][] = fns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < fns.length; k++) {
      const i = (round + k) % fns.length;
      const t0 = now();
      last[i] = await (fns[i] as () => unknown)();
      (times[i] as number[]).push(now() - t0);
    }
  }
  const measurements = times.map((each, i) => summarise(each, 1, last[i]));
  const pairedRatios = times.map((each) => {
    const ratios = each.map((t, round) => t / ((times[0] as number[])[round] as number)).sort((a, b) => a - b);
    return ratios[Math.floor(ratios.length / 2)] as number;
  });
  return { measurements, pairedRatios };
}

const withUnit = (m: Measurement): Pick<Row, 'median' | 'p25' | 'p75' | 'samples'> => ({
  median: fromMs(m.median, 'ms'),
  p25: fromMs(m.p25, 'ms'),
  p75: fromMs(m.p75, 'ms'),
  samples: m.samples,
});

const idsOf = (page: Page<{ id: string }>): string => page.items.map((item) => item.id).join(',');

/**
 * W2 search: `list({ search })` over username and email beside q1 (username `cont`), both on `repo`, timed in
 * alternating rounds within this run; a rare text; naive filter+sort+slice and the linear-scan floor of the search.
 */
export async function runW2Search(
  repo: Repository<User>,
  data: readonly User[],
  size: number,
  config: BenchConfig,
): Promise<Table> {
  const rounds = config.quick ? 15 : 60;
  log(`W2 N=${size.toLocaleString('en-US')} search: ${rounds} alternating rounds`);
  const { measurements, pairedRatios } = await measureAlternately(
    [() => repo.list(Q1.input), () => repo.list(searchInput(SEARCH_AB)), () => repo.list(searchInput(SEARCH_RARE))],
    rounds,
    config.list.warmupMs,
  );
  const [q1, ab, rare] = measurements as [Measurement, Measurement, Measurement];
  const abPage = ab.last as PageResult<User>;
  const rarePage = rare.last as PageResult<User>;
  const query = searchQuery(SEARCH_AB);
  const rareReference = naiveList(data, searchQuery(SEARCH_RARE));
  const naive = await measure(() => naiveList(data, query), config.slowList);
  const floor = await measure(() => scanFloor(data, query), config.list);
  const naivePage = naive.last as Page<{ id: string }>;
  const check = (page: Page<{ id: string }>, reference: Page<{ id: string }>): string =>
    page.total !== reference.total
      ? `✗ total ${page.total} ≠ ${reference.total}`
      : idsOf(page) === idsOf(reference)
        ? '✓'
        : '✗ other records';
  const paired = (i: number): string => `${(pairedRatios[i] as number).toFixed(2)}×`;
  for (const [name, m] of [
    ['q1', q1],
    ['search ab', ab],
    ['search rare', rare],
  ] as const)
    log(`W2 N=${size.toLocaleString('en-US')} ${name}: ${m.median.toPrecision(3)} ms (n=${m.samples})`);
  log(`W2 search ÷ q1 (paired): ab ${paired(1)}, rare ${paired(2)}`);
  return {
    id: `w2-${size}-search`,
    workload: 'W2',
    title: `W2 search, N = ${size.toLocaleString('en-US')}: search over username and email 'ab', createdAt DESC, page 3, limit 20, with total (total ${abPage.total.toLocaleString('en-US')}; '${SEARCH_RARE}': ${rarePage.total.toLocaleString('en-US')})`,
    unit: 'ms',
    measure: 'time per list call (page and total)',
    higherIsBetter: false,
    rows: [
      {
        name: SEARCH_ROW,
        role: 'pagelope',
        ...withUnit(ab),
        extra: { '÷ q1, paired': paired(1), 'same page': check(abPage, naivePage) },
      },
      {
        name: SEARCH_RARE_ROW,
        role: 'pagelope',
        ...withUnit(rare),
        extra: { '÷ q1, paired': paired(2), 'same page': check(rarePage, rareReference) },
      },
      {
        name: SEARCH_Q1_ROW,
        role: 'pagelope',
        ...withUnit(q1),
        extra: { '÷ q1, paired': '1.00×', 'same page': 'n/a (q1, another query)' },
      },
      {
        name: "naive filter+sort+slice, search 'ab'",
        role: 'peer',
        ...withUnit(naive),
        extra: { '÷ q1, paired': '', 'same page': check(naivePage, abPage) },
      },
      {
        name: "one linear scan, search 'ab'",
        role: 'floor',
        ...withUnit(floor),
        extra: { '÷ q1, paired': '', 'same page': 'total only (unsorted)' },
      },
    ],
    extraColumns: ['÷ q1, paired', 'same page'],
    notes: [
      `pagelope: \`repository.list(${JSON.stringify(searchInput(SEARCH_AB))})\` on the users resource (\`searchable: ['username', 'email']\`), and the same with \`search: '${SEARCH_RARE}'\`; q1 is \`repository.list(${JSON.stringify(Q1.input)})\` on the same repository.`,
      `The three pagelope calls are timed in ${rounds} rounds of one call each, the order rotating every round (after a warm-up of each), so the machine's noise falls on them alike. "÷ q1, paired": the median over the rounds of this call's time ÷ q1's time in the same round.`,
      "Naive and the floor test `username.toLowerCase().includes(needle) || email.toLowerCase().includes(needle)` on every record (naive then sorts and slices; the floor only counts and keeps the page's records in array order). Same page: the 'ab' rows are compared with each other, the rare row with naive's page of the rare search.",
    ],
  };
}
