/** W3 HTTP: the runner, which starts the servers of bench/w3-servers.ts, load-tests them and tabulates the results. */
import type { BenchConfig } from './config';
import { log } from './log';
import { formatNumber, type Table } from './report';
import { emptyMeasured, load, probe, type Measured } from './w3-load';
import { startServer, stopServer, type Server } from './w3-process';
import { PAIR, QUERIES, SERVERS, type QueryId, type ServerSpec } from './w3-servers';
import { toTable } from './w3-table';

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
        const server = servers.get(spec.kind) as Server;
        const cpu = await server.cpu();
        await load(urls.get(spec.kind) as string, runSeconds, connections, measured);
        measured.cpu += (await server.cpu()) - cpu;
        const run = formatNumber(measured.runRates[measured.runRates.length - 1] ?? NaN);
        log(`W3 ${query.id} ${spec.kind} run ${turn + 1}/${runs}: ${run} req/s`);
      }
    }
  }
}

/**
 * W3: autocannon on 127.0.0.1 against each server, one load test at a time, for the sorted page without filters and
 * for q1. The whole Fastify example and the hand-wired baseline are up together and measured alternately; every other
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
