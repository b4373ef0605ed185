import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchConfig } from './config';
import { log } from './log';
import { HTTP_Q1, HTTP_SORTED } from './queries';
import type { Row, Table } from './report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Kind = 'pagelope' | 'floor' | 'naive' | 'json-server';

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
}

const SERVERS: readonly { kind: Kind; name: string; role: Row['role'] }[] = [
  { kind: 'pagelope', name: 'pagelope Fastify example', role: 'pagelope' },
  { kind: 'floor', name: 'bare Fastify route, precomputed page', role: 'floor' },
  { kind: 'naive', name: 'Fastify route, naive filter+sort+slice', role: 'peer' },
  { kind: 'json-server', name: 'json-server 0.17', role: 'peer' },
];

const QUERIES = [HTTP_SORTED, HTTP_Q1] as const;

/** Starts one server in a child process and resolves with its URL. */
function startServer(kind: Kind, records: number, example: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http-server.ts', kind, String(records), example], {
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

function load(url: string, duration: number, connections: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration, connections, pipelining: 1, timeout: 30 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * W3: autocannon on 127.0.0.1 against each server in turn (one load test at a time), for the sorted page without
 * filters and for q1.
 */
export async function runW3(config: BenchConfig, example = 'fastify'): Promise<Table[]> {
  const { records, duration, warmup, connections } = config.http;
  const rows = new Map<string, Row[]>(QUERIES.map((query) => [query.id, []]));
  const reference = new Map<string, string>();
  for (const spec of SERVERS) {
    log(`W3 starting ${spec.kind} (${records.toLocaleString('en-US')} records)`);
    const server = await startServer(spec.kind, records, example);
    try {
      for (const query of QUERIES) {
        const url = `${server.url}/users?${spec.kind === 'json-server' ? query.jsonServer : query.pagelope}`;
        const { status, ids } = await probe(url);
        if (status !== 200) throw new Error(`W3: ${spec.kind} answered ${status} to ${url}`);
        if (spec.role === 'pagelope') reference.set(query.id, ids);
        if (warmup > 0) await load(url, warmup, connections);
        const result = await load(url, duration, connections);
        const { requests, latency } = result;
        log(`W3 ${query.id} ${spec.kind}: ${requests.p50} req/s (mean ${requests.mean}), p99 ${latency.p99} ms`);
        rows.get(query.id)?.push({
          name: spec.name,
          role: spec.role,
          median: requests.p50,
          p25: requests.p25,
          p75: requests.p75,
          samples: result.duration >= 1 ? Math.round(result.duration) : 1,
          extra: {
            'mean req/s': String(Math.round(requests.mean)),
            'latency p50 (ms)': latency.p50 < 1 ? '<1' : String(latency.p50),
            'latency p99 (ms)': latency.p99 < 1 ? '<1' : String(latency.p99),
            'non-2xx / errors': `${result.non2xx} / ${result.errors}`,
            'same page': ids === reference.get(query.id) ? '✓' : '✗',
          },
        });
      }
    } finally {
      await stopServer(server);
    }
  }
  return QUERIES.map((query) => ({
    id: `w3-${query.id}`,
    workload: 'W3',
    title: `W3 HTTP GET /users, ${query.label}, ${records.toLocaleString('en-US')} records`,
    unit: 'req/s',
    measure: "requests per second (autocannon's one-second samples)",
    higherIsBetter: true,
    rows: rows.get(query.id) ?? [],
    extraColumns: ['mean req/s', 'latency p50 (ms)', 'latency p99 (ms)', 'non-2xx / errors', 'same page'],
    notes: [
      `autocannon, ${connections} connections, no pipelining, ${duration} s per run after a ${warmup} s warm-up, on 127.0.0.1; each server runs alone in its own process; n = seconds sampled.`,
      `pagelope and the Fastify routes get \`?${query.pagelope}\`; json-server gets \`?${query.jsonServer}\`.`,
      "The floor answers a page object computed at start-up (Fastify serialises it per request); same page: the ids match pagelope's.",
    ],
  }));
}
