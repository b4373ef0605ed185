import { setTimeout as sleep } from 'node:timers/promises';
import { terminateBackends } from '../terminate-backends';

/** A fault the run injected, and when (epoch ms). */
export interface FaultWindow {
  readonly name: string;
  readonly kind: 'instance' | 'redis' | 'database';
  readonly start: number;
  end: number;
  detail: string;
}

/** What the faults act on, and the probe of the shared limit they run between them. */
export interface FaultTargets {
  killInstance(): Promise<void>;
  restartInstance(): Promise<void>;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  restartReplica(): Promise<void>;
  /** Probes the shared limit; `redisUp` says whether Redis is up meanwhile. */
  probe(redisUp: boolean): Promise<void>;
  readonly primaryUrl: string;
  readonly replicaUrl: string;
  readonly applicationName: string;
}

/** How long the instances' Redis clients take at most to reconnect (their retry strategy waits up to 2 s). */
const RECONNECT_MS = 3_000;

/**
 * The faults of a run of `durationMs`, one after the other, each at its share of the run (or as soon as the one
 * before it is over): a probe of the shared limit (4 %); an instance killed with SIGKILL (10 %) and started again
 * (20 %), then a probe, the restarted instance among those answering; Redis stopped (32 %), a probe while it is,
 * Redis started (42 %) and a probe once the clients reconnected; the replica restarted (54 %); a probe (62 %); every
 * server connection of the instances' pools terminated on the primary and the replica, five times 200 ms apart
 * (68 %); two last probes (80 %, 90 %).
 */
export async function injectFaults(targets: FaultTargets, durationMs: number): Promise<FaultWindow[]> {
  const windows: FaultWindow[] = [];
  const open = (name: string, kind: FaultWindow['kind']): FaultWindow => {
    const window = { name, kind, start: Date.now(), end: Number.POSITIVE_INFINITY, detail: '' };
    windows.push(window);
    return window;
  };
  const start = Date.now();
  const at = (share: number) => sleep(Math.max(0, start + share * durationMs - Date.now()));
  const say = (message: string) =>
    process.stderr.write(`soak: ${message} at ${((Date.now() - start) / 1000).toFixed(1)} s\n`);

  await at(0.04);
  await targets.probe(true);
  await at(0.1);
  const killed = open('instance killed', 'instance');
  await targets.killInstance();
  say('instance killed');
  await at(0.2);
  await targets.restartInstance();
  killed.end = Date.now();
  say('instance restarted');
  await sleep(1_000); // the balancer's check takes it back
  await targets.probe(true);

  await at(0.32);
  const stopped = open('Redis stopped', 'redis');
  await targets.stopRedis();
  say('Redis stopped');
  await targets.probe(false);
  await at(0.42);
  await targets.startRedis();
  stopped.end = Date.now();
  say('Redis started');
  await sleep(RECONNECT_MS);
  await targets.probe(true);

  await at(0.54);
  const replica = open('replica restarted', 'database');
  await targets.restartReplica();
  replica.end = Date.now();
  say('replica restarted');
  await at(0.62);
  await targets.probe(true);

  await at(0.68);
  const terminated = open('backends terminated', 'database');
  let count = 0;
  for (let i = 0; i < 5; i++) {
    for (const url of [targets.primaryUrl, targets.replicaUrl])
      count += await terminateBackends(url, targets.applicationName);
    await sleep(200);
  }
  terminated.end = Date.now();
  terminated.detail = `${count} server connections terminated`;
  say('backends terminated');
  await at(0.8);
  await targets.probe(true);
  await at(0.9);
  await targets.probe(true);
  return windows;
}
