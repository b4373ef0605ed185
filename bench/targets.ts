import { floorOf, formatNumber, formatRatio, pagelopeOf, type Row, type Table, type TargetCheck } from './report';
import { SEARCH_Q1_ROW, SEARCH_ROW } from './w2-search';
import { FASTIFY_EXAMPLE, HAND_WIRED } from './w3-servers';

const TARGET_SIZE = 1_000_000;
const count = (n: number): string => n.toLocaleString('en-US');

/** Reads the tables of one run and checks each target of the issue against them. Nothing here is hard-coded but the targets. */
export function checkTargets(
  tables: readonly Table[],
  listSizes: readonly number[],
  httpRecords: number,
  memoryRecords: number,
): TargetCheck[] {
  const byId = new Map(tables.map((table) => [table.id, table]));
  const row = (tableId: string, pick: (row: Row) => boolean): Row | undefined => byId.get(tableId)?.rows.find(pick);
  const named = (prefix: string) => (r: Row) => r.name.startsWith(prefix);
  const checks: TargetCheck[] = [];
  const add = (
    target: string,
    measured: number | undefined,
    pass: (value: number) => boolean,
    show: (value: number) => string,
    note?: string,
  ): void => {
    if (measured === undefined || !Number.isFinite(measured)) checks.push({ target, measured: '—', met: undefined });
    else checks.push({ target, measured: show(measured), met: pass(measured), ...(note ? { note } : {}) });
  };
  const ratio = (a: Row | undefined, b: Row | undefined): number | undefined =>
    a && b ? a.median / b.median : undefined;

  // W2 at the largest size run (1,000,000 in the full run).
  const size = Math.max(...listSizes);
  const sizeNote = size === TARGET_SIZE ? undefined : `at N = ${count(size)}, not ${count(TARGET_SIZE)}`;
  const w2 = (q: string): Table | undefined => byId.get(`w2-${size}-${q}`);
  const ms = (v: number): string => `${formatNumber(v)} ms`;
  for (const q of ['q2', 'q3']) {
    const table = w2(q);
    const pagelope = table && pagelopeOf(table);
    add(`W2 ${q} at N = 1,000,000 under 1 ms`, pagelope?.median, (v) => v < 1, ms, sizeNote);
    add(
      `W2 ${q} at least 1,000× faster than naive`,
      ratio(table && row(table.id, named('naive')), pagelope),
      (v) => v >= 1000,
      (v) => `${formatRatio(v)} faster`,
      sizeNote,
    );
  }
  for (const [q, limit] of [
    ['q1', 1.5],
    ['q4', 1],
  ] as const) {
    const table = w2(q);
    add(
      `W2 ${q} ${limit === 1 ? 'at or below' : `within ${limit}× of`} the linear-scan floor`,
      table ? ratio(pagelopeOf(table), floorOf(table)) : undefined,
      (v) => v <= limit,
      (v) =>
        `${formatRatio(v)} the floor (${formatNumber(pagelopeOf(table as Table)?.median ?? NaN)} vs ${formatNumber(floorOf(table as Table)?.median ?? NaN)} ms)`,
      sizeNote,
    );
  }
  // The search over two fields beside q1, timed alternately in one run (bench/w2-search.ts).
  const searchId = `w2-${size}-search`;
  const searchQ1 = row(searchId, named(SEARCH_Q1_ROW));
  const searched = row(searchId, named(SEARCH_ROW));
  add(
    "W2 search over username and email 'ab' (page 3, with total) within 1.5× of q1",
    ratio(searched, searchQ1),
    (v) => v <= 1.5,
    (v) =>
      `${formatRatio(v)} q1 (${formatNumber(searched?.median ?? NaN)} vs ${formatNumber(searchQ1?.median ?? NaN)} ms; paired ${searched?.extra?.['÷ q1, paired'] ?? '—'})`,
    sizeNote,
  );
  add(
    'Bulk load of 1,000,000 records under 3 s',
    row('w2-load', named(`createMemoryRepository, ${count(size)} `))?.median,
    (v) => v < 3,
    (v) => `${formatNumber(v)} s`,
    sizeNote,
  );
  add(
    'Single create with indexes under 50 µs median',
    row('w2-create', () => true)?.median,
    (v) => v < 50,
    (v) => `${formatNumber(v)} µs`,
    sizeNote,
  );

  // W1.
  const w1 = byId.get('w1-valid');
  const w1Pagelope = w1 && pagelopeOf(w1);
  add(
    'W1 valid query within 2× of the URLSearchParams floor',
    w1 ? ratio(w1Pagelope, floorOf(w1)) : undefined,
    (v) => v <= 2,
    (v) => `${formatRatio(v)} the floor`,
  );
  add(
    'W1 valid query at least 3× faster than qs + zod',
    ratio(row('w1-valid', named('qs + zod')), w1Pagelope),
    (v) => v >= 3,
    (v) => `${formatRatio(v)} faster`,
  );

  // W3.
  const httpNote = httpRecords === 100_000 ? undefined : `with ${count(httpRecords)} records, not 100,000`;
  const sorted = byId.get('w3-sorted');
  const sortedPagelope = sorted && pagelopeOf(sorted);
  add(
    "W3 sorted page without filters at least 80% of the floor's req/s",
    sorted ? ratio(sortedPagelope, floorOf(sorted, sortedPagelope)) : undefined,
    (v) => v >= 0.8,
    (v) => `${formatNumber(v * 100)}% of the floor`,
    [httpNote, "Fastify adapter's minimal app ÷ bare Fastify route, no rate limiter on either side"]
      .filter(Boolean)
      .join('; '),
  );
  // Issue 18: each adapter's minimal app against its framework's bare route, neither with a rate limiter.
  for (const adapter of sorted?.rows.filter((each) => each.role === 'pagelope') ?? []) {
    const floor = floorOf(sorted as Table, adapter);
    const framework = adapter.name.replace(/^pagelope | adapter, minimal app$/g, '');
    add(
      `W3 sorted page: the ${framework} adapter's minimal app at least 85% of the bare ${framework} route's req/s`,
      floor?.group === adapter.group ? ratio(adapter, floor) : undefined,
      (v) => v >= 0.85,
      (v) =>
        `${formatNumber(v * 100)}% (${formatNumber(adapter.median)} vs ${formatNumber(floor?.median ?? NaN)} req/s)`,
      [httpNote, 'no rate limiter on either side'].filter(Boolean).join('; '),
    );
  }
  const example = row('w3-sorted', named(FASTIFY_EXAMPLE));
  const handWired = row('w3-sorted', named(HAND_WIRED));
  add(
    "W3 sorted page without filters: the Fastify example on the adapter at least 95% of the hand-wired example's req/s",
    ratio(example, handWired),
    (v) => v >= 0.95,
    (v) =>
      `${formatNumber(v * 100)}% of the hand-wired example (${formatNumber(example?.median ?? NaN)} vs ${formatNumber(handWired?.median ?? NaN)} req/s)`,
    [httpNote, 'whole apps with rate limiters past reach, runs alternated in this run'].filter(Boolean).join('; '),
  );
  const q1 = byId.get('w3-q1');
  const q1Pagelope = q1 && pagelopeOf(q1);
  add(
    'W3 q1 (cont) at least 3× the naive Fastify route',
    ratio(q1Pagelope, row('w3-q1', named('Fastify route, naive'))),
    (v) => v >= 3,
    (v) => `${formatRatio(v)} its req/s`,
    httpNote,
  );
  add(
    'W3 q1 (cont) at least 50× json-server',
    ratio(q1Pagelope, row('w3-q1', named('json-server'))),
    (v) => v >= 50,
    (v) => `${formatRatio(v)} its req/s`,
    httpNote,
  );

  // W4.
  for (const [id, label] of [
    ['w4-http-error', 'HttpError'],
    ['w4-validation', 'validation error'],
    ['w4-unknown', 'unknown Error'],
  ] as const) {
    const table = byId.get(id);
    add(
      `W4 errorResponse (${label}) within 3× of the hand-built floor`,
      table ? ratio(pagelopeOf(table), floorOf(table)) : undefined,
      (v) => v <= 3,
      (v) => `${formatRatio(v)} the floor`,
    );
  }

  // Memory.
  const memory = byId.get('memory');
  add(
    'Memory: indexes add at most 50% over the records alone',
    memory ? (ratio(pagelopeOf(memory), floorOf(memory)) ?? NaN) - 1 : undefined,
    (v) => v <= 0.5,
    (v) =>
      `+${formatNumber(v * 100)}% (${formatNumber(pagelopeOf(memory as Table)?.median ?? NaN)} vs ${formatNumber(floorOf(memory as Table)?.median ?? NaN)} MB)`,
    memoryRecords === TARGET_SIZE ? undefined : `at N = ${count(memoryRecords)}`,
  );
  return checks;
}
