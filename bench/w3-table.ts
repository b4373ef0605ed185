/**
 * W3's tables: one per query, the rows in the order of bench/w3-servers.ts, with notes on each adapter against its
 * floor (req/s, no rate limiter on either side) and on the example-versus-example pair.
 */
import type { BenchConfig } from './config';
import { quantile } from './harness';
import { formatNumber, formatRatio, type Row, type Table } from './report';
import type { Measured } from './w3-load';
import {
  FASTIFY_EXAMPLE,
  HAND_WIRED,
  PAIR_A,
  PAIR_B,
  SERVERS,
  type QueryId,
  type W3Query,
  type ServerSpec,
} from './w3-servers';

const median = (values: readonly number[]): number =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** The note on the key pair: the ratio of medians, the ratio of each turn's two runs, and of server CPU per request. */
function pairNote(a: Measured | undefined, b: Measured | undefined, ratio: string, duration: number): string {
  const turns = (a?.runRates ?? []).map((rate, i) => rate / (b?.runRates[i] ?? NaN));
  const cpu = (m: Measured | undefined): number => (m && m.requests > 0 ? m.cpu / m.requests : NaN);
  return [
    `Example against example: ${FASTIFY_EXAMPLE} ÷ ${HAND_WIRED}: ${ratio} (medians).`,
    'The two are up together and load-tested alternately (A B, B A, ...), so that drift on the shared machine falls on both;',
    turns.length > 0
      ? `A ÷ B per turn (each run's mean req/s): ${turns.map(formatRatio).join(', ')}, median ${formatRatio(median(turns))};`
      : '',
    `server CPU per request, A ÷ B: ${formatRatio(cpu(a) / cpu(b))}. Every other server runs once for ${duration} s.`,
  ]
    .filter(Boolean)
    .join(' ');
}

export function toTable(
  query: W3Query,
  results: ReadonlyMap<string, ReadonlyMap<QueryId, Measured>>,
  {
    records,
    duration,
    warmup,
    connections,
  }: Pick<BenchConfig['http'], 'records' | 'duration' | 'warmup' | 'connections'>,
): Table {
  const reference = results.get(SERVERS[0]?.kind ?? '')?.get(query.id)?.ids;
  const measuredOf = (spec: ServerSpec): Measured | undefined => results.get(spec.kind)?.get(query.id);
  const rows: Row[] = SERVERS.filter((spec) => measuredOf(spec) !== undefined).map((spec) => {
    const measured = measuredOf(spec) as Measured;
    const perSecond = [...measured.perSecond].sort((a, b) => a - b);
    const latencies = [...measured.latencies].sort((a, b) => a - b);
    const ms = (q: number): string => (latencies.length === 0 ? '—' : formatNumber(quantile(latencies, q)));
    return {
      name: spec.name,
      role: spec.role,
      ...(spec.group ? { group: spec.group } : {}),
      median: quantile(perSecond, 0.5),
      p25: quantile(perSecond, 0.25),
      p75: quantile(perSecond, 0.75),
      samples: perSecond.length,
      extra: {
        runs:
          measured.runs > 1
            ? `${measured.runs} × ${measured.runSeconds} s, alternated`
            : `1 × ${measured.runSeconds} s`,
        'mean req/s': String(Math.round(measured.seconds > 0 ? measured.requests / measured.seconds : 0)),
        'server CPU (µs/req)': measured.requests > 0 ? formatNumber(measured.cpu / measured.requests) : '—',
        'latency p50 (ms)': ms(0.5),
        'latency p99 (ms)': ms(0.99),
        'non-2xx / errors': `${measured.non2xx} / ${measured.errors}`,
        'same page': measured.ids !== '' && measured.ids === reference ? '✓' : '✗',
      },
    };
  });
  const byName = new Map(rows.map((row) => [row.name, row]));
  const adapters = rows.filter((row) => row.role === 'pagelope');
  const floorOf = (row: Row): Row | undefined => rows.find((each) => each.role === 'floor' && each.group === row.group);
  const ratio = (a: Row | undefined, b: Row | undefined): string => (a && b ? formatRatio(a.median / b.median) : '—');
  const framework = (row: Row): string => row.name.replace(/^pagelope | adapter, minimal app$/g, '');
  // Per framework whose adapter and floor both ran (in quick mode q1 runs no floor).
  const perFramework = adapters.flatMap((row) => {
    const floor = floorOf(row);
    return floor
      ? [`${framework(row)} ${formatNumber(row.median)} / ${formatNumber(floor.median)} req/s = ${ratio(row, floor)}`]
      : [];
  });
  const paired = measuredOf(PAIR_A) !== undefined && measuredOf(PAIR_B) !== undefined;
  return {
    id: `w3-${query.id}`,
    workload: 'W3',
    title: `W3 HTTP GET /users, ${query.label}, ${records.toLocaleString('en-US')} records`,
    unit: 'req/s',
    measure: 'requests per second (one sample per second of load, over all runs of the row)',
    higherIsBetter: true,
    rows,
    vsPagelope: true,
    extraColumns: [
      'runs',
      'mean req/s',
      'server CPU (µs/req)',
      'latency p50 (ms)',
      'latency p99 (ms)',
      'non-2xx / errors',
      'same page',
    ],
    notes: [
      `autocannon, ${connections} connections, no pipelining, on 127.0.0.1; each server in its own process, one load test at a time${warmup > 0 ? `, after a ${warmup} s warm-up per server` : ', no warm-up'}; n = seconds sampled.`,
      ...(perFramework.length > 0
        ? [
            `Each adapter's minimal app ÷ its framework's bare route (adapter req/s / floor req/s, medians; no rate limiter on either side): ${perFramework.join('; ')}.`,
          ]
        : []),
      "The minimal apps (bench/adapter-apps.ts) mount only the adapter's documented wiring of the examples' users routes (Express correlationId, resourceRouter, notFound, errorHandler; Fastify the pagelope plugin; Hono correlationId, resourceRoutes, onError, notFound; NestJS PagelopeModule.forRoot with bodyParser: false) over a memory repository of the bench records: no rate limiter, no other route, as the bare routes have none; each checks at start-up that it answers both W3 queries with its floor's body, byte for byte.",
      ...(paired
        ? [
            pairNote(
              measuredOf(PAIR_A),
              measuredOf(PAIR_B),
              ratio(byName.get(FASTIFY_EXAMPLE), byName.get(HAND_WIRED)),
              duration,
            ),
            'The pair runs whole apps with rate limiters set past reach: the Fastify example (examples/fastify/listen.ts: limiter, /docs, /audit, OpenAPI) on a repository of the bench records, and the Fastify example of commit e7641d6 (bench/baselines/fastify-hand-wired), set up alike.',
          ]
        : []),
      `pagelope and the Fastify routes get \`?${query.pagelope}\`; json-server gets \`?${query.jsonServer}\`.`,
      "The bare routes answer a page object computed at start-up, serialised by their framework per request; same page: the ids match the Fastify adapter's minimal app's. json-server (an Express 4 app) is set against the bare Fastify route.",
    ],
  };
}
