import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createPostgresRepository, createTableSql, type SqlClient } from 'pagelope/postgres';
import { seedUsers } from '../../examples/shared/seed';
import { users } from '../../examples/shared/users';
import { freePort, ownRedis } from '../../tests/deployment/redis-servers';
import { replicaBinaries, startReplica } from '../../tests/postgres/replica';
import { startBalancer } from './balancer';
import { checkCluster, type Check, type ClusterFindings } from './cluster-checks';
import { runTraffic } from './cluster-traffic';
import { injectFaults } from './faults';
import { clusterInstance, type ClusterInstance } from './instances';
import { CLUSTER_APPLICATION, CLUSTER_TABLE, type ClusterFramework } from './protocol';
import { probeRateLimit, type RateProbe } from './rate-probe';
import { storedUsers } from './stored-users';

/** Options of `npm run soak -- --cluster`. */
export interface ClusterOptions {
  readonly durationSeconds: number;
  readonly workers: number;
  readonly seed: number;
  readonly seedRecords: number;
  readonly rateLimitMax: number;
}

/** What a cluster run found, and its checks. */
export interface ClusterResult {
  readonly options: ClusterOptions;
  readonly balancer: string;
  readonly findings: ClusterFindings;
  readonly checks: readonly Check[];
  readonly seconds: number;
}

const FRAMEWORKS: readonly (readonly [string, ClusterFramework])[] = [
  ['fastify-1', 'fastify'],
  ['fastify-2', 'fastify'],
  ['fastify-3', 'fastify'],
  ['express-1', 'express'],
];
const WINDOW_MS = 10_000;
const say = (message: string) => process.stderr.write(`soak: ${message}\n`);

/**
 * Three instances of the Fastify demo and one of the Express demo behind one loopback port, on a PostgreSQL primary
 * of their own with a streaming replica and on a Redis of their own; a mixed load with faults, probes of the shared
 * limit, then the checks. Throws when the replica cannot be made or `redis-server` is missing.
 */
export async function runCluster(options: ClusterOptions): Promise<ClusterResult> {
  const binaries = replicaBinaries();
  if (typeof binaries === 'string') throw new Error(`the cluster soak needs a streaming replica: ${binaries}`);
  const folder = mkdtempSync(join(tmpdir(), 'pagelope-cluster-'));
  const replica = await startReplica(binaries);
  say('primary and replica started');
  const redis = await ownRedis();
  const instances: ClusterInstance[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  let kept = false;
  try {
    await redis.start();
    const primaryUrl = replica.primaryUrl();
    await seedTable(primaryUrl, replica.replicaUrl, options.seedRecords);
    say(`redis on ${redis.port}, ${options.seedRecords} users seeded and replicated`);
    for (const [name, framework] of FRAMEWORKS) {
      const config = {
        name,
        framework,
        port: await freePort(),
        primaryUrl,
        replicaUrl: replica.replicaUrl,
        redisUrl: redis.url,
        table: CLUSTER_TABLE,
        applicationName: CLUSTER_APPLICATION,
        rateLimitMax: options.rateLimitMax,
        rateLimitWindowMs: WINDOW_MS,
        commandTimeoutMs: 1_000,
      };
      instances.push(clusterInstance(config, folder));
    }
    await Promise.all(instances.map((instance) => instance.start()));
    say(`${instances.length} instances listening`);
    balancer = await startBalancer(
      await freePort(),
      instances.map(({ config }) => ({ name: config.name, port: config.port })),
      folder,
    );
    const url = balancer.url;
    say(`${balancer.description} on ${url}; load for ${options.durationSeconds} s`);
    const durationMs = options.durationSeconds * 1000;
    const started = Date.now();
    const victim = instances[1] as ClusterInstance;
    const probes: RateProbe[] = [];
    const faults = injectFaults(
      {
        killInstance: () => victim.kill(),
        restartInstance: () => victim.start(),
        stopRedis: () => redis.stop(),
        startRedis: () => redis.start(),
        restartReplica: () => replica.restartReplica(),
        probe: async (redisUp) =>
          void probes.push(await probeRateLimit(url, options.rateLimitMax, probes.length + 1, redisUp)),
        primaryUrl,
        replicaUrl: replica.replicaUrl,
        applicationName: CLUSTER_APPLICATION,
      },
      durationMs,
    );
    const traffic = runTraffic({
      url,
      workers: options.workers,
      seed: options.seed,
      seedRecords: options.seedRecords,
      until: sleep(durationMs),
    });
    const windows = await faults;
    const { exchanges, ledger } = await traffic;
    say(`load done: ${exchanges.length} requests`);
    await sleep(1_000);
    const stored = await storedUsers(primaryUrl, CLUSTER_TABLE);
    await Promise.all(instances.map((instance) => instance.stop()));
    const findings: ClusterFindings = {
      exchanges: [...exchanges, ...probes.flatMap((probe) => probe.exchanges)],
      ledger,
      stored,
      seedUsernames: new Set(seedUsers(options.seedRecords).map((user) => user.username)),
      probes,
      rateLimitMax: options.rateLimitMax,
      windows,
      loggedBy: loggedBy(instances),
      unexpectedExits: instances.flatMap((instance) => instance.unexpectedExits),
    };
    const checks = checkCluster(findings);
    kept = checks.some((check) => !check.pass); // the logs of a failed run stay for a look
    return {
      options,
      balancer: balancer.description,
      findings,
      checks,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await Promise.all(instances.map((instance) => instance.stop().catch(() => undefined)));
    await balancer?.stop();
    await redis.stop();
    await replica.stop();
    if (kept) say(`instance logs kept in ${folder}`);
    else rmSync(folder, { recursive: true, force: true });
  }
}

/** Creates and seeds the users table on the primary, and waits until the replica has every seeded row. */
async function seedTable(primaryUrl: string, replicaUrl: string, count: number): Promise<void> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  try {
    for (const statement of createTableSql(users, { table: CLUSTER_TABLE }).split(';\n'))
      await primary.query(statement);
    const repository = createPostgresRepository(users, {
      client: primary as unknown as SqlClient,
      table: CLUSTER_TABLE,
    });
    for (const user of seedUsers(count)) await repository.create(user);
  } finally {
    await primary.end();
  }
  const standby = new pg.Client({ connectionString: replicaUrl });
  await standby.connect();
  try {
    for (let i = 0; i < 200; i++) {
      const { rows } = await standby
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM "${CLUSTER_TABLE}"`)
        .catch(() => ({ rows: [{ n: -1 }] }));
      if (rows[0]?.n === count) return;
      await sleep(50);
    }
    throw new Error('the replica did not receive the seeded rows within 10 s');
  } finally {
    await standby.end();
  }
}

/** For each correlation id in the instances' log lines (`correlationId`, from the mixin), the instances that wrote it. */
function loggedBy(instances: readonly ClusterInstance[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const instance of instances) {
    for (const file of instance.logs) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.startsWith('{')) continue;
        const id = (JSON.parse(line) as { correlationId?: string }).correlationId;
        if (id === undefined) continue;
        const names = found.get(id) ?? new Set<string>();
        names.add(instance.config.name);
        found.set(id, names);
      }
    }
  }
  return found;
}
