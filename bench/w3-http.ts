import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchConfig } from './config';
import { quantile } from './harness';
import { log } from './log';
import { HTTP_Q1, HTTP_SORTED } from './queries';
import { formatNumber, formatRatio, type Row, type Table } from './report';
import { FASTIFY_ADAPTER, HAND_WIRED, SERVERS, type ServerSpec } from './w3-servers';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const PAIR = SERVERS.filter((spec) => spec.name === FASTIFY_ADAPTER || spec.name === HAND_WIRED);

const QUERIES = [HTTP_SORTED, HTTP_Q1] as const;
type QueryId = (typeof QUERIES)[number]['id'];

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
}

/** What the load tests of one server on one query gathered, over all its runs. */
interface Measured {
  ids: string;
  /** Requests per second, one per second of load (the last partial second scaled, or dropped under half a second). */
  readonly perSecond: number[];
  /** Response times (ms) of every response. */
  readonly latencies: number[];
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  runs: number;
  runSeconds: number;
}

/** Starts one server in a child process and resolves with its URL. */
function startServer(kind: string, records: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http-server.ts', kind, String(records)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`W3: ${kind} server did not start within 120 s`));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`W3: ${kind} server exited with code ${code} before listening`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: (JSON.parse(line) as { url: string }).url, child });
    });
  });
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

/** One GET before the load test: the status and the ids of the page, wherever the body keeps its records. */
async function probe(url: string): Promise<{ status: number; ids: string }> {
  const response = await fetch(url);
  const body = (await response.json()) as unknown;
  const items = Array.isArray(body)
    ? body
    : ((body as { items?: unknown[]; data?: unknown[] }).items ?? (body as { data?: unknown[] }).data ?? []);
  return { status: response.status, ids: (items as { id: string }[]).map((item) => item.id).join(',') };
}

/** One autocannon run; with `into`, its requests per second (sampled each second) and response times are added. */
function load(url: string, seconds: number, connections: number, into?: Measured): Promise<void> {
  return new Promise((resolve, reject) => {
    let count = 0;
    let since = 0;
    let timer: NodeJS.Timeout | undefined;
    const sample = (final: boolean): void => {
      const now = performance.now();
      const elapsed = (now - since) / 1000;
      if (into && (!final || elapsed >= 0.5)) into.perSecond.push(count / elapsed);
      count = 0;
      since = now;
    };
    const instance = autocannon(
      { url, duration: seconds, connections, pipelining: 1, timeout: 30 },
      (error, result) => {
        clearInterval(timer);
        if (error) return reject(error);
        if (into) {
          sample(true);
          into.requests += result.requests.total;
          into.seconds += result.duration;
          into.non2xx += result.non2xx;
          into.errors += result.errors;
          into.runs += 1;
          into.runSeconds = seconds;
        }
        resolve();
      },
    );
    instance.on('start', () => {
      since = performance.now();
      timer = setInterval(() => sample(false), 1000);
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      count++;
      if (into) into.latencies.push(ms);
    });
  });
}

const emptyMeasured = (): Measured => ({
  ids: '',
  perSecond: [],
  latencies: [],
  requests: 0,
  seconds: 0,
  non2xx: 0,
  errors: 0,
  runs: 0,
  runSeconds: 0,
});

/** In quick mode q1 runs only on the rows a target reads (the sorted page runs on all): the W3 smoke stays short. */
const QUICK_Q1 = new Set(['pagelope:fastify', 'naive', 'json-server']);

/**
 * Measures servers, query by query: a probe and a warm-up each, then `runs` load tests each, taken in turns that
 * alternate their order (A B, B A, A B, ...), so that drift on the machine falls on all of them alike.
 */
async function measureTogether(
  specs: readonly ServerSpec[],
  servers: ReadonlyMap<string, Server>,
  config: BenchConfig,
  runs: number,
  runSeconds: number,
  results: Map<string, Map<QueryId, Measured>>,
): Promise<void> {
  const { warmup, connections } = config.http;
  for (const query of QUERIES) {
    const measuring = specs.filter((spec) => !config.quick || query.id !== 'q1' || QUICK_Q1.has(spec.kind));
    const urls = new Map<string, string>();
    for (const spec of measuring) {
      const server = servers.get(spec.kind) as Server;
      const url = `${server.url}/users?${spec.kind === 'json-server' ? query.jsonServer : query.pagelope}`;
      const { status, ids } = await probe(url);
      if (status !== 200) throw new Error(`W3: ${spec.kind} answered ${status} to ${url}`);
      urls.set(spec.kind, url);
      const measured = emptyMeasured();
      measured.ids = ids;
      results.get(spec.kind)?.set(query.id, measured);
      if (warmup > 0) await load(url, warmup, connections);
    }
    for (let turn = 0; turn < runs; turn++) {
      for (const spec of turn % 2 === 0 ? measuring : [...measuring].reverse()) {
        const measured = results.get(spec.kind)?.get(query.id) as Measured;
        const before = measured.perSecond.length;
        await load(urls.get(spec.kind) as string, runSeconds, connections, measured);
        const run = formatNumber(median(measured.perSecond.slice(before)));
        log(`W3 ${query.id} ${spec.kind} run ${turn + 1}/${runs}: ${run} req/s`);
      }
    }
  }
}

const median = (values: readonly number[]): number =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/**
 * W3: autocannon on 127.0.0.1 against each server, one load test at a time, for the sorted page without filters and
 * for q1. The Fastify adapter and the hand-wired baseline are up together and measured alternately; every other
 * server runs alone in its turn, started when its turn comes. In quick mode, where timings do not count, the servers
 * start two at a time from the outset, so that later ones start while earlier ones are measured.
 */
export async function runW3(config: BenchConfig): Promise<Table[]> {
  const { records, duration, pairRuns, pairRunSeconds } = config.http;
  const results = new Map<string, Map<QueryId, Measured>>(SERVERS.map((spec) => [spec.kind, new Map()]));
  const starting = new Map<string, Promise<Server>>();
  const launch = (spec: ServerSpec, after?: Promise<unknown>): Promise<Server> => {
    let server = starting.get(spec.kind);
    if (!server) {
      const start = (): Promise<Server> => {
        log(`W3 starting ${spec.kind} (${records.toLocaleString('en-US')} records)`);
        return startServer(spec.kind, records);
      };
      server = after ? after.then(start, start) : start();
      server.catch(() => undefined); // awaited (and reported) when its turn comes
      starting.set(spec.kind, server);
    }
    return server;
  };
  const up = async (specs: readonly ServerSpec[]): Promise<Map<string, Server>> =>
    new Map(await Promise.all(specs.map(async (spec) => [spec.kind, await launch(spec)] as const)));
  const stop = async (specs: readonly ServerSpec[]): Promise<void> => {
    await Promise.allSettled(
      specs.map(async (spec) => {
        const server = starting.get(spec.kind);
        starting.delete(spec.kind);
        if (server) await stopServer(await server);
      }),
    );
  };
  const groups = [PAIR, ...SERVERS.filter((spec) => !PAIR.includes(spec)).map((spec) => [spec])];
  try {
    if (config.quick) {
      const order = groups.flat();
      const started: Promise<Server>[] = [];
      for (const [i, spec] of order.entries()) started.push(launch(spec, started[i - 2]));
    }
    for (const group of groups) {
      const servers = await up(group);
      const paired = group.length > 1;
      await measureTogether(group, servers, config, paired ? pairRuns : 1, paired ? pairRunSeconds : duration, results);
      await stop(group);
    }
  } finally {
    await stop(SERVERS);
  }
  return QUERIES.flatMap((query) => {
    const table = toTable(query, results, config.http);
    return table.rows.length > 0 ? [table] : [];
  });
}

function toTable(
  query: (typeof QUERIES)[number],
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
  return {
    id: `w3-${query.id}`,
    workload: 'W3',
    title: `W3 HTTP GET /users, ${query.label}, ${records.toLocaleString('en-US')} records`,
    unit: 'req/s',
    measure: 'requests per second (one sample per second of load, over all runs of the row)',
    higherIsBetter: true,
    rows,
    vsPagelope: true,
    extraColumns: ['runs', 'mean req/s', 'latency p50 (ms)', 'latency p99 (ms)', 'non-2xx / errors', 'same page'],
    notes: [
      `autocannon, ${connections} connections, no pipelining, on 127.0.0.1; each server in its own process, one load test at a time${warmup > 0 ? `, after a ${warmup} s warm-up per server` : ', no warm-up'}; n = seconds sampled.`,
      `${FASTIFY_ADAPTER} ÷ ${HAND_WIRED}: ${ratio(byName.get(FASTIFY_ADAPTER), byName.get(HAND_WIRED))}. The two are up together and load-tested alternately (A B B A ...), so that drift on the shared machine falls on both; every other server runs once for ${duration} s.`,
      `Each adapter ÷ its framework's bare route: ${adapters.map((row) => `${row.name.replace(/^pagelope | adapter$/g, '')} ${ratio(row, floorOf(row))}`).join(', ')}.`,
      'The adapters are the examples (examples/<framework>/listen.ts) on a repository of the bench records, their rate limiters set past reach; the hand-wired baseline is the Fastify example of commit e7641d6 (bench/baselines/fastify-hand-wired), set up alike.',
      `pagelope and the Fastify routes get \`?${query.pagelope}\`; json-server gets \`?${query.jsonServer}\`.`,
      "The bare routes answer a page object computed at start-up, serialised by their framework per request; same page: the ids match the Fastify adapter's. json-server (an Express 4 app) is set against the bare Fastify route.",
    ],
  };
}
