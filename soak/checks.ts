import type { LegResult } from './leg';
import type { RequestKind } from './request-mix';

/** One pass/fail criterion of a leg. */
export interface Check {
  readonly name: string;
  readonly pass: boolean;
  readonly detail: string;
}

/** Largest heap growth (end over start, after a forced GC) the main leg accepts. */
export const MAX_HEAP_GROWTH = 0.1;

const count = <T>(items: readonly T[], keep: (item: T) => boolean): number => items.filter(keep).length;

/** The criteria of the issue for one leg's result. */
export function checkLeg(result: LegResult): Check[] {
  const { ledger, records, heap, options } = result;
  const serverErrors = ledger.serverErrors;
  const unexpected = [...ledger.unexpected].map(([key, n]) => `${key} ×${n}`).join(', ');
  const checks: Check[] = [
    { name: 'server process stayed up', pass: !result.serverExit, detail: result.serverExit ?? 'yes' },
    { name: 'no request timed out', pass: result.timeouts === 0, detail: `${result.timeouts} timeouts` },
    {
      name: 'every response carried the correlation id of its request',
      pass: ledger.malformed === 0,
      detail: `${ledger.malformed} unmatched or malformed`,
    },
    {
      name: 'every response that was not a 5xx had its expected status',
      pass: ledger.unexpected.size === 0,
      detail: unexpected || 'none other',
    },
    { name: 'no acknowledged record lost', pass: records.lost.length === 0, detail: sample(records.lost) },
    {
      name: 'no record present that was not acknowledged',
      pass: records.unexpected.length === 0,
      detail: sample(records.unexpected),
    },
  ];
  if (options.leg === 'main') {
    checks.push({ name: 'zero 5xx responses', pass: serverErrors.length === 0, detail: `${serverErrors.length}` });
    const growth = (heap.end - heap.start) / heap.start;
    checks.push({
      name: `heap after forced GC within ${MAX_HEAP_GROWTH * 100} % of its start`,
      pass: growth <= MAX_HEAP_GROWTH,
      detail: `${(growth * 100).toFixed(1)} %`,
    });
  }
  if (options.leg !== 'main') {
    const bad = count(serverErrors, (error) => !error.envelopeOk || (options.leg === 'fault' && error.status !== 500));
    checks.push({
      name: 'every 5xx is the envelope with the masked message and its correlation id',
      pass: bad === 0,
      detail: `${serverErrors.length - bad} of ${serverErrors.length}`,
    });
  }
  if (options.leg === 'fault') checks.push(...faultChecks(result));
  if (options.leg === 'postgres') checks.push(...postgresChecks(result));
  return checks;
}

function faultChecks({ ledger, counts, audit }: LegResult): Check[] {
  const inflight = (kind: RequestKind) => count([...ledger.inflight.values()], (sent) => sent.kind === kind);
  const errors = (kind: RequestKind) => count(ledger.serverErrors, (error) => error.kind === kind);
  const rows: [RequestKind, number][] = [
    ['list', counts.faults['list']! + counts.faults['listByCursor']!],
    ['get', counts.faults['get']!],
    ['create', counts.faults['create']!],
    ['delete', counts.faults['delete']!],
  ];
  const mismatched = rows.filter(([kind, faults]) => errors(kind) > faults || faults - errors(kind) > inflight(kind));
  const calls = Object.values(counts.calls).reduce((a, b) => a + b, 0);
  const faults = Object.values(counts.faults).reduce((a, b) => a + b, 0);

  const failedCreates = ledger.serverErrors.filter((error) => error.kind === 'create');
  const hookRuns = new Map<string, number>();
  for (const entry of audit)
    if (entry.event === 'create-failed')
      hookRuns.set(entry.correlationId, (hookRuns.get(entry.correlationId) ?? 0) + 1);
  const notOnce = count(failedCreates, (error) => hookRuns.get(error.correlationId) !== 1);
  const extraRuns = [...hookRuns.values()].reduce((a, b) => a + b, 0) - failedCreates.length;
  const created = count([...audit], (entry) => entry.event === 'created');
  return [
    {
      name: 'every injected fault, and nothing else, gave a 5xx (per repository method)',
      pass: faults > 0 && mismatched.length === 0,
      detail: `${faults} faults in ${calls} calls (${((faults / calls) * 100).toFixed(2)} %); ${rows.map(([kind, n]) => `${kind} ${errors(kind)}/${n}`).join(', ')}`,
    },
    {
      name: 'onAfterErrorCreate ran exactly once per failed create',
      pass: notOnce === 0 && extraRuns >= 0 && extraRuns <= inflight('create'),
      detail: `${failedCreates.length} failed creates, ${failedCreates.length + extraRuns} hook runs, ${notOnce} not exactly once`,
    },
    {
      name: 'onAfterCreate ran once per acknowledged create',
      pass:
        created >= ledger.acknowledgedCreates.size && created - ledger.acknowledgedCreates.size <= inflight('create'),
      detail: `${created} runs, ${ledger.acknowledgedCreates.size} acknowledged`,
    },
  ];
}

function postgresChecks({ ledger, terminations, counts }: LegResult): Check[] {
  const last = terminations.at(-1)?.at ?? Date.now();
  const settled = Math.floor((last + 3000) / 1000);
  const failuresAfter = count(ledger.failureTimes, (time) => time >= settled * 1000);
  const successesAfter = [...ledger.successesBySecond].reduce(
    (sum, [second, n]) => sum + (second >= settled ? n : 0),
    0,
  );
  return [
    {
      name: 'each burst terminated the pool’s server connections',
      pass: terminations.length === 3 && terminations.every((burst) => burst.terminated > 0),
      detail: terminations.map((burst) => burst.terminated).join(' + ') + ' backends terminated',
    },
    {
      name: 'the service recovered: only successes from 3 s after the last burst',
      pass: failuresAfter === 0 && successesAfter > 0,
      detail: `${successesAfter} successes, ${failuresAfter} failures afterwards; pool 'error' events: ${counts.poolErrors}`,
    },
  ];
}

function sample(ids: readonly string[]): string {
  return ids.length === 0 ? 'none' : `${ids.length}: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', ...' : ''}`;
}
