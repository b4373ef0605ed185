import { createRandom } from '../../examples/shared/random';
import { createClusterLedger, isAmbiguous, type ClusterLedger, type OwnedRecord } from './cluster-ledger';
import { exchange, type Exchange, type Outgoing } from './exchange';

/** Options of the mixed load. */
export interface TrafficOptions {
  readonly url: string;
  readonly workers: number;
  readonly seed: number;
  readonly seedRecords: number;
  /** Stops starting requests once this resolves. */
  readonly until: Promise<void>;
}

const LISTS = [
  '/users?limit=20&page=2&orderBy=createdAt&orderDirection=DESC',
  '/users?status[eq]=active&orderBy=age&limit=10',
  '/users?username[starts]=cl-&limit=20',
  '/users/cursor?limit=20',
];
const INVALID = ['/users?limit=abc', '/users?orderBy=password', '/users?age[gt]=old', '/users?limit=1&limit=2'];
const STATUSES = ['active', 'inactive', 'banned'] as const;

/**
 * The cluster's mixed load: `workers` clients, each sending one request at a time through the balancer from an
 * address of 10.0.0.0/16 of its own choosing per request (so that the shared limit never rejects them), each id
 * unique: lists and cursor pages, invalid queries (400), gets of its own records (which must never be 404), creates
 * one at a time and in batches of three, If-Match updates and deletes of its own records. Every exchange and what
 * the writes' answers acknowledged are kept for the checks.
 */
export async function runTraffic(
  options: TrafficOptions,
): Promise<{ readonly exchanges: Exchange[]; readonly ledger: ClusterLedger }> {
  const exchanges: Exchange[] = [];
  const ledger = createClusterLedger();
  let stopped = false;
  void options.until.then(() => (stopped = true));
  const worker = async (index: number) => {
    const random = createRandom(options.seed * 100 + index);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const own: OwnedRecord[] = [];
    let n = 0;
    const send = async (request: Outgoing) => {
      const address = `10.0.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;
      const result = await exchange(options.url, request, `cl-${index}-${++n}`, address);
      exchanges.push(result.exchange);
      return result;
    };
    const newUser = () => {
      const username = `cl-${index}-${++n}-${Math.floor(random() * 1e6)}`;
      const age = Math.floor(random() * 100);
      return { username, email: `${username}@example.com`, status: pick(STATUSES), age };
    };
    const acknowledge = (body: { id: string; username: string; age: number; version: number }, etag: string) => {
      const record = { ...body, etag, deleted: false, uncertain: false };
      ledger.acknowledged.set(body.username, record);
      own.push(record);
    };
    while (!stopped) {
      const live = own.filter((record) => !record.deleted && !record.uncertain);
      const roll = random();
      if (roll < 0.3) await send({ op: 'list', method: 'GET', path: pick(LISTS) });
      else if (roll < 0.35) await send({ op: 'invalid', method: 'GET', path: pick(INVALID) });
      else if (roll < 0.45 && live.length > 0) {
        const record = pick(live);
        const { exchange: answer } = await send({ op: 'get', method: 'GET', path: `/users/${record.id}` });
        if (answer.status === 404 && !record.deleted) ledger.missedGets.push(answer.correlationId);
      } else if (roll < 0.45) {
        const id = `user-${String(1 + Math.floor(random() * options.seedRecords)).padStart(6, '0')}`;
        await send({ op: 'get', method: 'GET', path: `/users/${id}` });
      } else if (roll < 0.63) {
        const user = newUser();
        const result = await send({ op: 'create', method: 'POST', path: '/users', body: user });
        settleCreates(ledger, [user.username], result.exchange.status, () => {
          acknowledge(result.body as never, result.etag ?? '');
        });
      } else if (roll < 0.68) {
        const batch = [newUser(), newUser(), newUser()];
        const result = await send({ op: 'create-batch', method: 'POST', path: '/users/batch', body: { items: batch } });
        settleCreates(
          ledger,
          batch.map((user) => user.username),
          result.exchange.status,
          () => {
            for (const item of (result.body as { items: never[] }).items)
              acknowledge(item, `"${(item as { version: number }).version}"`);
          },
        );
      } else if (roll < 0.93 && live.length > 0) {
        const record = pick(live);
        const age = Math.floor(random() * 100);
        const result = await send({
          op: 'update',
          method: 'PATCH',
          path: `/users/${record.id}`,
          body: { age },
          headers: { 'if-match': record.etag },
        });
        const status = result.exchange.status;
        if (status === 200) {
          const body = result.body as { version: number };
          Object.assign(record, { age, version: body.version, etag: result.etag ?? record.etag });
        } else if (isAmbiguous(status)) record.uncertain = true;
        else ledger.refusedWrites.push(`${result.exchange.correlationId} ${status}`);
      } else if (live.length > 0) {
        const record = pick(live);
        const result = await send({ op: 'delete', method: 'DELETE', path: `/users/${record.id}` });
        if (result.exchange.status === 204)
          Object.assign(record, { deleted: true, version: record.version + 1 }); // a soft delete is a write: one version more
        else if (isAmbiguous(result.exchange.status)) record.uncertain = true;
        else ledger.refusedWrites.push(`${result.exchange.correlationId} ${result.exchange.status}`);
      } else await send({ op: 'list', method: 'GET', path: pick(LISTS) });
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, index) => worker(index + 1)));
  return { exchanges, ledger };
}

/** Books the answer of a create of `usernames`: acknowledged (201), ambiguous, or rejected. */
function settleCreates(
  ledger: ClusterLedger,
  usernames: readonly string[],
  status: number | undefined,
  acknowledge: () => void,
): void {
  if (status === 201) acknowledge();
  else
    for (const username of usernames)
      (isAmbiguous(status) ? ledger.ambiguousCreates : ledger.rejectedCreates).add(username);
}
