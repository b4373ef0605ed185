import type { ClusterLedger } from './cluster-ledger';
import type { Exchange } from './exchange';
import type { FaultWindow } from './faults';
import type { RateProbe } from './rate-probe';
import type { StoredUser } from './stored-users';

/** A named pass or fail, with what was found. */
export interface Check {
  readonly name: string;
  readonly pass: boolean;
  readonly detail: string;
}

/** What the checks read. */
export interface ClusterFindings {
  readonly exchanges: readonly Exchange[];
  readonly ledger: ClusterLedger;
  readonly stored: readonly StoredUser[];
  readonly seedUsernames: ReadonlySet<string>;
  readonly probes: readonly RateProbe[];
  readonly rateLimitMax: number;
  readonly windows: readonly FaultWindow[];
  /** For each correlation id found in the instances' logs, the instances whose lines carry it. */
  readonly loggedBy: ReadonlyMap<string, ReadonlySet<string>>;
  readonly unexpectedExits: readonly string[];
}

/** How long after a database fault a 503 still counts as its own: the pools reconnect, requests queued meanwhile. */
const GRACE_MS = 5_000;
/** How long after a kill a request may still be sent to the dead instance, before the balancer notices. */
const KILL_SETTLE_MS = 1_000;
/** How long before a recorded kill an answer may have reached its client while its log line died with the instance. */
const LOG_LOSS_MS = 250;

const sample = (items: readonly string[]) => (items.length === 0 ? '' : `: ${items.slice(0, 5).join(', ')}`);

/** The cluster soak's assertions (issue 22, section 5). */
export function checkCluster(findings: ClusterFindings): Check[] {
  const { exchanges, ledger, stored, windows } = findings;
  // Requests in flight on the instance when it was killed (or sent to it in the moment before the balancer saw it
  // close): the balancer closes their client connections without an answer.
  const killedAt = windows.filter((window) => window.kind === 'instance').map((window) => window.start);
  const cut = (item: Exchange) =>
    killedAt.some((at) => item.startedAt <= at + KILL_SETTLE_MS && item.startedAt + item.ms >= at);
  const unanswered = exchanges.filter((item) => item.status === undefined && !cut(item));
  const cutOff = exchanges.filter((item) => item.status === undefined && cut(item));
  const noEnvelope = exchanges.filter(
    (item) => item.status !== undefined && (!item.envelopeOk || item.echoedId !== item.correlationId),
  );
  const serverErrors = exchanges.filter((item) => item.status !== undefined && item.status >= 500);
  const not503 = serverErrors.filter((item) => item.status !== 503 || !/^\d+$/.test(item.retryAfter ?? ''));
  const inWindow = (item: Exchange, kinds: readonly FaultWindow['kind'][]) =>
    windows.some(
      (window) =>
        kinds.includes(window.kind) &&
        item.startedAt + item.ms >= window.start &&
        item.startedAt <= window.end + GRACE_MS,
    );
  const outside = serverErrors.filter((item) =>
    item.balancer ? !inWindow(item, ['instance']) : !inWindow(item, ['database']),
  );

  const byUsername = new Map(stored.map((row) => [row.username, row]));
  const missing: string[] = [];
  for (const record of ledger.acknowledged.values()) {
    const row = byUsername.get(record.username);
    if (!row) missing.push(`${record.username} (absent)`);
    else if (record.uncertain) continue;
    else if (row.deleted !== record.deleted) missing.push(`${record.username} (deleted ${row.deleted})`);
    else if (row.version !== record.version || row.age !== record.age)
      missing.push(
        `${record.username} (version ${row.version}, age ${row.age}; acknowledged ${record.version}, ${record.age})`,
      );
  }
  const seen = new Set<string>();
  const twice = stored.filter((row) => seen.has(row.username) || !seen.add(row.username)).map((row) => row.username);
  const phantoms = stored
    .filter(
      (row) =>
        !findings.seedUsernames.has(row.username) &&
        !ledger.acknowledged.has(row.username) &&
        (!ledger.ambiguousCreates.has(row.username) || ledger.rejectedCreates.has(row.username)),
    )
    .map((row) => row.username)
    .concat(twice.map((username) => `${username} (twice)`));

  const upProbes = findings.probes.filter((probe) => probe.redisUp);
  const offLimit = upProbes.filter(
    (probe) => Math.abs(probe.accepted - findings.rateLimitMax) > 0.05 * findings.rateLimitMax || probe.other > 0,
  );

  const servedByInstance = exchanges.filter((item) => item.status !== undefined && !item.balancer);
  // An instance killed with SIGKILL just after it answered may die before its log line is written: such an answer may
  // be in no log (never in two); any other answer must be in exactly one.
  const lostWithKill = (item: Exchange) =>
    killedAt.some(
      (at) => item.startedAt + item.ms >= at - LOG_LOSS_MS && item.startedAt + item.ms <= at + KILL_SETTLE_MS,
    );
  const notOnce = servedByInstance.filter((item) => {
    const logged = findings.loggedBy.get(item.correlationId)?.size ?? 0;
    return logged !== 1 && !(logged === 0 && lostWithKill(item));
  });
  const byBalancer = exchanges.filter((item) => item.balancer);
  const balancerTwice = byBalancer.filter((item) => (findings.loggedBy.get(item.correlationId)?.size ?? 0) > 1);

  const ids = (items: readonly Exchange[]) => items.map((item) => `${item.correlationId} ${item.status ?? item.error}`);
  return [
    {
      name: 'every request answered within 10 s, but those in flight on the instance when it was killed',
      pass: unanswered.length === 0,
      detail: `${unanswered.length}${sample(ids(unanswered))}; ${cutOff.length} cut off by the kill`,
    },
    {
      name: '0 responses without the envelope (or without their correlation id)',
      pass: noEnvelope.length === 0,
      detail: `${noEnvelope.length}${sample(ids(noEnvelope))}`,
    },
    {
      name: '0 5xx other than 503 with retry-after',
      pass: not503.length === 0,
      detail: `${not503.length} of ${serverErrors.length} 5xx${sample(ids(not503))}`,
    },
    {
      name: 'every 503 during a fault (a database fault, or the balancer while an instance was down; 5 s grace)',
      pass: outside.length === 0,
      detail: `${outside.length} outside${sample(ids(outside))}`,
    },
    {
      name: '0 acknowledged writes missing afterwards',
      pass: missing.length === 0,
      detail: `${missing.length} of ${ledger.acknowledged.size} records${sample(missing)}`,
    },
    { name: '0 phantom records', pass: phantoms.length === 0, detail: `${phantoms.length}${sample(phantoms)}` },
    {
      name: 'gets of acknowledged records never 404 (the primary covers the replica lag)',
      pass: ledger.missedGets.length === 0,
      detail: `${ledger.missedGets.length}${sample(ledger.missedGets)}`,
    },
    {
      name: 'If-Match updates and deletes of a live record without an uncertain write never refused (412, 404)',
      pass: ledger.refusedWrites.length === 0,
      detail: `${ledger.refusedWrites.length}${sample(ledger.refusedWrites)}`,
    },
    {
      name: `the shared limit within 5 % of ${findings.rateLimitMax} while Redis is up`,
      pass: upProbes.length > 0 && offLimit.length === 0,
      detail: upProbes.map((probe) => probe.accepted).join(', ') + ` accepted (${upProbes.length} probes)`,
    },
    {
      name: "every instance's response id in the logs of exactly one instance",
      pass: notOnce.length === 0,
      detail: `${notOnce.length} of ${servedByInstance.length}${sample(ids(notOnce))}; ${
        servedByInstance.filter((item) => !findings.loggedBy.has(item.correlationId) && lostWithKill(item)).length
      } answered as their instance was killed and in no log`,
    },
    {
      name: "the balancer's own answers in the logs of at most one instance",
      pass: balancerTwice.length === 0,
      detail: `${balancerTwice.length} of ${byBalancer.length}`,
    },
    {
      name: 'no instance exited unasked',
      pass: findings.unexpectedExits.length === 0,
      detail: findings.unexpectedExits.join('; ') || 'none',
    },
  ];
}
