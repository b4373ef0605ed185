import { CORRELATION_ID_HEADER } from 'pagelope';
import { FAULT_MESSAGE } from './faulty-repository';
import type { LegName } from './protocol';
import { createRandom } from '../examples/shared/random';
import { EXPECTED_STATUS, INVALID_LISTS, MIX, VALID_LISTS, type RequestKind } from './request-mix';

/** One request sent and not yet answered. */
interface Sent {
  readonly kind: RequestKind;
  readonly username?: string;
  readonly id?: string;
}

/** A 5xx response, with whether its body was the masked envelope carrying the request's correlation id. */
export interface ServerError {
  readonly kind: RequestKind;
  readonly status: number;
  readonly correlationId: string;
  readonly envelopeOk: boolean;
}

/** Options of {@link createTraffic}. */
export interface TrafficOptions {
  readonly leg: LegName;
  readonly seed: number;
  /** Seeded record count (ids `user-000001` ...), for `GET /users/:id`. */
  readonly seedRecords: number;
  /**
   * Whether a 5xx on a write means the write did not happen (the fault leg throws before the store is touched);
   * otherwise (PostgreSQL) it may have happened, and the record is ambiguous.
   */
  readonly failedWritesAreAbsent: boolean;
}

/** An autocannon request description (the subset the soak sets). */
export interface SoakRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * The request mix and the ledger of its outcomes: `setupRequest` picks the next request (seeded) and tags it with
 * a unique correlation id; `onResponse` finds it again by the id the response echoes, and records every
 * acknowledged create (201 body id) and delete (204).
 */
export function createTraffic(options: TrafficOptions) {
  const { leg, seedRecords, failedWritesAreAbsent } = options;
  const next = createRandom(options.seed);
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const inflight = new Map<string, Sent>();
  const deletable: string[] = [];
  const ledger = {
    sent: 0,
    answered: 0,
    byStatus: new Map<number, number>(),
    /** Responses whose status was not the kind's expected one and not a 5xx, e.g. `list 404`. */
    unexpected: new Map<string, number>(),
    serverErrors: [] as ServerError[],
    acknowledgedCreates: new Map<string, string>(),
    acknowledgedDeletes: new Set<string>(),
    /** Usernames of creates that got a 5xx (absent in the fault leg, ambiguous with PostgreSQL). */
    failedCreates: new Set<string>(),
    /** Ids whose delete got a 5xx: still present in the fault leg, ambiguous with PostgreSQL. */
    failedDeletes: new Set<string>(),
    /** Unknown correlation ids or malformed error envelopes on 4xx. */
    malformed: 0,
    /** Epoch ms of each 5xx, and successes per second, for the recovery check. */
    failureTimes: [] as number[],
    successesBySecond: new Map<number, number>(),
    inflight,
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chooseKind = (): RequestKind => {
    let roll = next() * total;
    for (const [kind, weight] of MIX) if ((roll -= weight) < 0) return kind;
    return 'list';
  };

  function setupRequest(request: SoakRequest): SoakRequest {
    const n = ++ledger.sent;
    const correlationId = `soak-${leg}-${n}`;
    const headers: Record<string, string> = { [CORRELATION_ID_HEADER]: correlationId };
    let kind = chooseKind();
    if (kind === 'delete' && deletable.length === 0) kind = 'list';
    if (kind === 'create') {
      const username = `soak-${leg}-${n}`;
      inflight.set(correlationId, { kind, username });
      const status = pick(['active', 'inactive', 'banned']);
      const body = JSON.stringify({ username, email: `${username}@example.com`, status, age: 18 + (n % 60) });
      headers['content-type'] = 'application/json';
      return { ...request, method: 'POST', path: '/users', headers, body };
    }
    if (kind === 'delete') {
      const at = Math.floor(next() * deletable.length);
      const id = deletable[at]!;
      deletable[at] = deletable[deletable.length - 1]!;
      deletable.pop();
      inflight.set(correlationId, { kind, id });
      return { ...request, method: 'DELETE', path: `/users/${id}`, headers, body: undefined };
    }
    inflight.set(correlationId, { kind });
    const path =
      kind === 'invalid'
        ? pick(INVALID_LISTS)
        : kind === 'get'
          ? `/users/user-${String(1 + Math.floor(next() * seedRecords)).padStart(6, '0')}`
          : pick(VALID_LISTS);
    return { ...request, method: 'GET', path, headers, body: undefined };
  }

  function onResponse(status: number, body: string, _context: unknown, headers: Record<string, unknown>): void {
    ledger.answered++;
    ledger.byStatus.set(status, (ledger.byStatus.get(status) ?? 0) + 1);
    const header = headers[CORRELATION_ID_HEADER];
    const correlationId = typeof header === 'string' ? header : '';
    const sent = inflight.get(correlationId);
    if (!sent) {
      ledger.malformed++;
      return;
    }
    inflight.delete(correlationId);
    const now = Date.now();
    if (status === EXPECTED_STATUS[sent.kind]) {
      if (status < 400) {
        const second = Math.floor(now / 1000);
        ledger.successesBySecond.set(second, (ledger.successesBySecond.get(second) ?? 0) + 1);
      }
      if (sent.kind === 'create') {
        const id = (JSON.parse(body) as { id: string }).id;
        ledger.acknowledgedCreates.set(id, sent.username!);
        deletable.push(id);
      } else if (sent.kind === 'delete') ledger.acknowledgedDeletes.add(sent.id!);
      if (status >= 400 && !isEnvelope(body, status, correlationId)) ledger.malformed++;
      return;
    }
    if (status >= 500) {
      ledger.failureTimes.push(now);
      ledger.serverErrors.push({
        kind: sent.kind,
        status,
        correlationId,
        envelopeOk: isMasked(body, status, correlationId),
      });
      if (sent.kind === 'create') ledger.failedCreates.add(sent.username!);
      if (sent.kind === 'delete') {
        ledger.failedDeletes.add(sent.id!);
        if (failedWritesAreAbsent) deletable.push(sent.id!);
      }
      return;
    }
    const key = `${sent.kind} ${status}`;
    ledger.unexpected.set(key, (ledger.unexpected.get(key) ?? 0) + 1);
  }

  return { setupRequest, onResponse, ledger };
}

/** The soak's ledger of one leg. */
export type Ledger = ReturnType<typeof createTraffic>['ledger'];

function parse(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isEnvelope(body: string, status: number, correlationId: string): boolean {
  const envelope = parse(body);
  return envelope?.['statusCode'] === status && envelope['correlationID'] === correlationId;
}

/** A 5xx body is the envelope with the masked message, the request's correlation id, and nothing internal. */
function isMasked(body: string, status: number, correlationId: string): boolean {
  const envelope = parse(body);
  const masked = status === 500 ? 'Internal server error' : undefined;
  return (
    isEnvelope(body, status, correlationId) &&
    (masked === undefined ? typeof envelope?.['message'] === 'string' : envelope?.['message'] === masked) &&
    !body.includes(FAULT_MESSAGE) &&
    !body.includes('secret') &&
    !/stack|at .*\(.*:\d+:\d+\)/.test(body)
  );
}
