import { CORRELATION_ID_HEADER } from 'pagelope';

/** A request of the leak oracle, as a client sends it. */
export interface LeakRequest {
  /** `GET` requests of one secret share a server per stored value; any other method gets a fresh server each. */
  readonly method: string;
  /** The path and query string, as sent: `/posts?orderBy=title`. */
  readonly url: string;
  /** A JSON body (absent: none). */
  readonly body?: unknown;
  /** Headers to send; `x-correlation-id` is `leak-oracle` unless given, so that every answer can be compared. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A server's answer to a {@link LeakRequest}: header names in lower case, the body as text. */
export interface LeakResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The records a server is started over, by resource name. */
export type LeakSeed = Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;

/**
 * One stored value a caller may not learn: the `field` of the record `id` of `resource`, stored as each of `values`
 * in turn (a hidden field, a field the caller may not read, any field of a record outside the caller's scope).
 */
export interface LeakSecret {
  readonly resource: string;
  readonly id: string | number;
  readonly field: string;
  readonly values: readonly [unknown, unknown];
}

/** A server over a seed: how it answers a request. */
export type LeakServer = (request: LeakRequest) => Promise<LeakResponse>;

/** Options of {@link findLeaks}. */
export interface FindLeaksOptions {
  /** The records of every resource the server holds. */
  readonly seed: LeakSeed;
  /** The values to flip, one at a time. */
  readonly secrets: readonly LeakSecret[];
  /** The requests to send in both runs of a secret: a list, or made from the secret (see `leakRequests`). */
  readonly requests: readonly LeakRequest[] | ((secret: LeakSecret) => readonly LeakRequest[]);
  /**
   * Starts a fresh server over `seed`, as the caller's request sees it (its scope, its principal): it must answer the
   * same request alike when nothing but a secret differs (ids, clocks and random values fixed).
   */
  readonly serve: (seed: LeakSeed) => Promise<LeakServer>;
  /** Response headers that may differ between two runs (default: `date`); every other header is compared. */
  readonly ignoreHeaders?: readonly string[];
  /** The id field of each resource of the seed whose id field is not `id`. */
  readonly idFields?: Readonly<Record<string, string>>;
}

/** A request whose answer differed between the two stored values of a secret: the secret leaks through it. */
export interface Leak {
  readonly secret: LeakSecret;
  readonly request: LeakRequest;
  /** The answers with the secret's first and second value stored. */
  readonly responses: readonly [LeakResponse, LeakResponse];
}

/** The seed with the secret's field of its record set to `value` (the other records and resources shared). */
function withSecret(seed: LeakSeed, secret: LeakSecret, idField: string, value: unknown): LeakSeed {
  const records = seed[secret.resource] ?? [];
  const flipped = records.map((record) =>
    record[idField] === secret.id ? { ...record, [secret.field]: value } : record,
  );
  return { ...seed, [secret.resource]: flipped };
}

/**
 * The body of an answer as compared: an error envelope's `timestamp` (the time of the answer, as the `date` header)
 * left out, every other byte kept.
 */
function comparableBody({ status, body }: LeakResponse): string {
  if (status < 400 || !body.includes('"timestamp":')) return body;
  try {
    const envelope: unknown = JSON.parse(body);
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return body;
    return typeof (envelope as { timestamp?: unknown }).timestamp === 'number'
      ? JSON.stringify({ ...envelope, timestamp: 0 })
      : body;
  } catch {
    return body;
  }
}

/** The comparable form of an answer: status, body and the headers not ignored, in name order. */
function comparable(response: LeakResponse, ignored: ReadonlySet<string>): string {
  const headers = Object.entries(response.headers)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => !ignored.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([response.status, headers, comparableBody(response)]);
}

/** @throws TypeError naming what is wrong with a secret: an unknown resource or record, or two equal values. */
function checkSecret(seed: LeakSeed, secret: LeakSecret, idField: string, at: number): void {
  const label = `findLeaks: secrets[${String(at)}]`;
  const records = Object.hasOwn(seed, secret.resource) ? seed[secret.resource] : undefined;
  if (records === undefined) throw new TypeError(`${label}: the seed has no resource "${secret.resource}"`);
  if (!records.some((record) => record[idField] === secret.id))
    throw new TypeError(`${label}: ${secret.resource} has no record ${JSON.stringify(secret.id)} in the seed`);
  const [first, second] = secret.values;
  if (Object.is(first, second) || JSON.stringify(first) === JSON.stringify(second))
    throw new TypeError(`${label}: its two values are the same, so no answer could differ`);
}

/**
 * The differential leak oracle: for each secret, starts a server over the seed with the secret's first value and one
 * with its second, sends each request to both, and returns every request whose answers differ in status, headers or
 * body, byte for byte. A caller who may not read a value learns nothing of it exactly when no request's answer
 * depends on it: an empty result over enough requests (filters, orders, searches, selections, totals, embeds and
 * counts on the secret's field, see `leakRequests`) is the evidence. Each request carries the correlation id
 * `leak-oracle` unless it names its own, so that the two runs can answer alike; an error envelope's `timestamp` and
 * the headers of `ignoreHeaders` are the only parts of an answer not compared.
 *
 * @throws TypeError when a secret names a resource or record the seed does not hold, or holds two equal values.
 * @example
 * const leaks = await findLeaks({ seed, secrets, requests: (secret) => leakRequests(users, secret), serve });
 * expect(leaks).toStrictEqual([]);
 */
export async function findLeaks(options: FindLeaksOptions): Promise<readonly Leak[]> {
  const { seed, secrets, serve } = options;
  const idOf = (resource: string): string =>
    (options.idFields && Object.hasOwn(options.idFields, resource) ? options.idFields[resource] : undefined) ?? 'id';
  secrets.forEach((secret, at) => checkSecret(seed, secret, idOf(secret.resource), at));
  const ignored = new Set((options.ignoreHeaders ?? ['date']).map((name) => name.toLowerCase()));
  const leaks: Leak[] = [];
  for (const secret of secrets) {
    const requests = (typeof options.requests === 'function' ? options.requests(secret) : options.requests).map(
      (request) => ({ ...request, headers: { [CORRELATION_ID_HEADER]: 'leak-oracle', ...request.headers } }),
    );
    const idField = idOf(secret.resource);
    const seeds = [0, 1].map((at) => withSecret(seed, secret, idField, secret.values[at])) as [LeakSeed, LeakSeed];
    let shared: readonly [LeakServer, LeakServer] | undefined;
    for (const request of requests) {
      const reads = request.method === 'GET' || request.method === 'HEAD';
      const servers = reads ? (shared ??= [await serve(seeds[0]), await serve(seeds[1])]) : undefined;
      const first = await (servers?.[0] ?? (await serve(seeds[0])))(request);
      const second = await (servers?.[1] ?? (await serve(seeds[1])))(request);
      if (comparable(first, ignored) !== comparable(second, ignored))
        leaks.push(Object.freeze({ secret, request, responses: Object.freeze([first, second] as const) }));
    }
  }
  return Object.freeze(leaks);
}
