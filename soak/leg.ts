import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LegName, ServerConfig, ServerCounts, StoredRecord } from './protocol';
import { checkRecords, type RecordCheck } from './check-records';
import { startServer } from './server-process';
import { terminateBackends } from './terminate-backends';
import { createTraffic, type Ledger } from './traffic';

/** Options of one leg. */
export interface LegOptions {
  readonly leg: LegName;
  readonly durationSeconds: number;
  readonly connections: number;
  readonly seedRecords: number;
  readonly seed: number;
  readonly faultRate: number;
  readonly postgres?: ServerConfig['postgres'];
}

/** What one leg measured; `checks.ts` turns it into pass or fail. */
export interface LegResult {
  readonly options: LegOptions;
  readonly description: string;
  readonly seconds: number;
  readonly timeouts: number;
  readonly connectionErrors: number;
  readonly ledger: Ledger;
  readonly records: RecordCheck;
  readonly counts: ServerCounts;
  readonly audit: readonly { readonly event: string; readonly correlationId: string }[];
  readonly heap: { readonly start: number; readonly end: number; readonly endWithAudit: number };
  /** PostgreSQL leg: when each burst of terminations began (epoch ms) and how many backends it ended. */
  readonly terminations: readonly { readonly at: number; readonly terminated: number }[];
  /** Set when the server process ended on its own. */
  readonly serverExit?: string;
}

/** The rate limit the soak sets: far above what any run sends, so the limiter never answers 429. */
export const SOAK_RATE_LIMIT_MAX = 1_000_000_000;

const seedIds = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `user-${String(i + 1).padStart(6, '0')}`);

/** Starts a server, warms it up, drives the request mix for the leg's duration, then collects every figure. */
export async function runLeg(options: LegOptions): Promise<LegResult> {
  const { leg, durationSeconds, connections, seedRecords, seed, faultRate, postgres } = options;
  const server = await startServer({
    leg,
    seedRecords,
    faultRate,
    faultSeed: seed + 1,
    rateLimitMax: SOAK_RATE_LIMIT_MAX,
    ...(postgres ? { postgres } : {}),
  });
  try {
    // Warm-up (read-only, not counted), then the baseline heap.
    await autocannon({ url: `${server.url}/users?limit=20`, connections, duration: Math.min(3, durationSeconds) });
    const heapStart = await server.command<number>('heap');
    const countsBefore = await server.command<ServerCounts>('counts');

    const failedWritesAreAbsent = leg !== 'postgres';
    const traffic = createTraffic({ leg, seed, seedRecords, failedWritesAreAbsent });
    const terminations: { at: number; terminated: number }[] = [];
    const bursts = postgres ? scheduleTerminations(postgres, durationSeconds, terminations) : Promise.resolve();
    const result = await autocannon({
      url: server.url,
      connections,
      pipelining: 1,
      duration: durationSeconds,
      timeout: 5,
      requests: [
        {
          setupRequest: traffic.setupRequest as unknown as (request: autocannon.Request) => autocannon.Request,
          onResponse: traffic.onResponse as (status: number, body: string, context: object) => void,
        },
      ],
    });
    await bursts;
    await sleep(1000); // let requests the server still holds finish before reading the store

    const present = await server.command<StoredRecord[]>('dump');
    const counts = since(countsBefore, await server.command<ServerCounts>('counts'));
    const audit = (await (await fetch(`${server.url}/audit`)).json()) as LegResult['audit'];
    const endWithAudit = await server.command<number>('heap');
    await server.command('clear-audit');
    const heapEnd = await server.command<number>('heap');
    return {
      options,
      description: server.description,
      seconds: result.duration,
      timeouts: result.timeouts,
      connectionErrors: result.errors - result.timeouts,
      ledger: traffic.ledger,
      records: checkRecords(seedIds(seedRecords), present, traffic.ledger, { failedWritesAreAbsent }),
      counts,
      audit,
      heap: { start: heapStart, end: heapEnd, endWithAudit },
      terminations,
      ...(server.exited() ? { serverExit: server.exited() } : {}),
    };
  } finally {
    await server.stop();
  }
}

/** The calls and faults of the measured run only (the warm-up's are subtracted). */
function since(before: ServerCounts, after: ServerCounts): ServerCounts {
  const minus = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) =>
    Object.fromEntries(Object.entries(a).map(([name, n]) => [name, n - (b[name] ?? 0)]));
  return { ...after, calls: minus(after.calls, before.calls), faults: minus(after.faults, before.faults) };
}

/**
 * Three bursts, at 30 %, 50 % and 70 % of the run, each terminating the pool's server connections five times,
 * 200 ms apart (about a second without a usable connection).
 */
async function scheduleTerminations(
  postgres: NonNullable<ServerConfig['postgres']>,
  durationSeconds: number,
  log: { at: number; terminated: number }[],
): Promise<void> {
  const start = Date.now();
  for (const share of [0.3, 0.5, 0.7]) {
    await sleep(Math.max(0, start + share * durationSeconds * 1000 - Date.now()));
    const at = Date.now();
    let terminated = 0;
    for (let i = 0; i < 5; i++) {
      terminated += await terminateBackends(postgres.url, postgres.applicationName);
      await sleep(200);
    }
    log.push({ at, terminated });
  }
}
