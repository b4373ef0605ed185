/**
 * The hostile-input corpus (`tests/fixtures/hostile/*.json`) and its replay over real HTTP against every framework
 * example (`corpus.test.ts`). An entry that guards a weakness found and fixed names it in `weakness`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository, type Repository } from 'pagelope';
import { seedUsers } from '../../examples/shared/seed';
import { users, type User } from '../../examples/shared/users';
import type { StartedServer } from '../contracts/http-contract';
import {
  ENVELOPE_KEYS,
  FRAMEWORKS,
  HOSTILE_OPTIONS,
  STACK_TRACE,
  headerOf,
  send,
  type RawRequest,
  type RawResponse,
} from './servers';

/** One request of the corpus and what must come back. */
export interface CorpusEntry {
  readonly name: string;
  readonly request: Omit<RawRequest, 'body'> & { readonly body?: string; readonly bodyBase64?: string };
  /** The expected status, or the statuses that are all acceptable. */
  readonly status: number | readonly number[];
  /** Expected envelope fields of an error response (every error response is checked for the envelope shape). */
  readonly envelope?: { readonly error?: string; readonly messageIncludes?: readonly string[] };
  /** Fields a success body must have. */
  readonly body?: Readonly<Record<string, unknown>>;
  /** `'replaced'` when the sent `x-correlation-id` is unsafe (or the request was never parsed) and a new uuid must come back. */
  readonly correlationId?: 'replaced';
  /** The change to the store: none (default), exactly one created record, or one when the status is 2xx. */
  readonly effect?: 'none' | 'created' | 'maybe-created' | 'maybe-updated';
  /** The weakness of the hardening work (W1, W2, ...) that the entry guards against coming back. */
  readonly weakness?: string;
}

/** One corpus file: a class of hostile input. */
export interface CorpusFile {
  readonly class: string;
  readonly description: string;
  readonly entries?: readonly CorpusEntry[];
  readonly pairs?: readonly HiddenFieldPair[];
}

/** Two probes that must be indistinguishable: one on a hidden field, one on a field that does not exist. */
export interface HiddenFieldPair {
  readonly name: string;
  /** Path and query with `{field}` where the probed name goes. */
  readonly path: string;
  readonly hidden: string;
  readonly absent: string;
}

const FIXTURES = fileURLToPath(new URL('../fixtures/hostile/', import.meta.url));

/** Every corpus file, by class. */
export const CORPUS: readonly CorpusFile[] = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(`${FIXTURES}${file}`, 'utf8')) as CorpusFile);

const SEED = HOSTILE_OPTIONS.seedRecords ?? 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Text that only a leaked internal error, parser internals or a stack would put into a body. */
const INTERNAL = /\b(?:SyntaxError|TypeError|RangeError|ReferenceError|ECONN\w*|EADDR\w*)\b|\.prototype\./;

/** Expands `{{text*count}}` into `text` repeated `count` times, so oversized requests stay readable in JSON. */
export function expand(text: string): string {
  return text.replace(/\{\{(.+?)\*(\d+)\}\}/gs, (_match, unit: string, count: string) => unit.repeat(Number(count)));
}

/** The request an entry sends, expanded, with its correlation id and an exact content-length. */
export function wireRequest(entry: CorpusEntry, correlationId: string): RawRequest {
  const { method, path, headers = {}, body, bodyBase64 } = entry.request;
  const expandedHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, expand(value)]));
  const payload = bodyBase64 === undefined ? (body === undefined ? undefined : expand(body)) : undefined;
  const bytes = bodyBase64 === undefined ? undefined : Buffer.from(bodyBase64, 'base64');
  const length = bytes?.length ?? (payload === undefined ? undefined : Buffer.byteLength(payload));
  return {
    method,
    path: expand(path),
    headers: {
      'x-correlation-id': correlationId,
      ...(length === undefined ? {} : { 'content-length': String(length) }),
      ...expandedHeaders,
    },
    body: bytes ?? payload,
  };
}

/** Every stored record as JSON text, in id order, read straight from the repository. */
async function dump(repository: Repository<User>): Promise<Map<string, string>> {
  const records = new Map<string, string>();
  for (let page = 1; ; page++) {
    const result = await repository.list({ limit: 100, page, orderBy: [{ field: 'id', direction: 'asc' }] });
    for (const record of result.items) records.set(record.id, JSON.stringify(record));
    if (!result.hasNextPage) return records;
  }
}

/** Own property names and descriptors of the built-in prototypes a pollution would touch. */
function prototypeSnapshot(): string {
  const describe = (target: object) =>
    Reflect.ownKeys(target)
      .map((key) => String(key))
      .sort()
      .join(',');
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map(describe).join('|');
}

/** Asserts the error envelope: fixed keys in order, types, the correlation id of the header, the expected fields. */
export function expectEnvelope(response: RawResponse, status: number, entry?: CorpusEntry): Record<string, unknown> {
  expect(headerOf(response, 'content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(response.text) as Record<string, unknown>;
  expect(Object.keys(body).slice(0, ENVELOPE_KEYS.length)).toEqual([...ENVELOPE_KEYS]);
  expect(body['statusCode']).toBe(status);
  const message = body['message'];
  const messages = Array.isArray(message) ? (message as unknown[]) : [message];
  expect(messages.length).toBeGreaterThan(0);
  for (const item of messages) expect(typeof item === 'string' && item.length > 0).toBe(true);
  expect(typeof body['error']).toBe('string');
  expect(Number.isFinite(body['timestamp'])).toBe(true);
  expect(Math.abs((body['timestamp'] as number) - Date.now())).toBeLessThan(600_000);
  expect(body['correlationID']).toBe(headerOf(response, 'x-correlation-id'));
  if (entry?.envelope?.error !== undefined) expect(body['error']).toBe(entry.envelope.error);
  const text = messages.join('\n');
  for (const part of entry?.envelope?.messageIncludes ?? []) expect(text).toContain(part);
  return body;
}

/** Replays one entry and checks everything the corpus promises about it. */
async function replay(server: StartedServer, repository: Repository<User>, entry: CorpusEntry, id: string) {
  const before = await dump(repository);
  const prototypes = prototypeSnapshot();
  const response = await send(server, wireRequest(entry, id));

  const allowed = typeof entry.status === 'number' ? [entry.status] : entry.status;
  expect(allowed, `status ${response.status}: ${response.text.slice(0, 300)}`).toContain(response.status);
  expect(response.status).toBeLessThan(500);

  const echoed = headerOf(response, 'x-correlation-id');
  if (entry.correlationId === 'replaced') expect(echoed).toMatch(UUID);
  else expect(echoed).toBe(id);

  expect(response.text).not.toMatch(STACK_TRACE);
  expect(response.text).not.toMatch(INTERNAL);
  if (response.status >= 400) expectEnvelope(response, response.status, entry);
  else if (entry.body !== undefined) expect(JSON.parse(response.text)).toMatchObject(entry.body);

  expect(prototypeSnapshot()).toBe(prototypes);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();

  const after = await dump(repository);
  const effect = entry.effect ?? 'none';
  const wrote = response.status >= 200 && response.status < 300;
  if (effect === 'created' || (effect === 'maybe-created' && wrote)) {
    expect(response.status).toBe(201);
    const created = JSON.parse(response.text) as User;
    expect(after.size).toBe(before.size + 1);
    expect(after.get(created.id)).toBe(JSON.stringify(created));
    after.delete(created.id);
    expect(after).toEqual(before);
  } else if (effect === 'maybe-updated' && wrote) {
    const updated = JSON.parse(response.text) as User;
    expect(after.get(updated.id)).toBe(JSON.stringify(updated));
    after.delete(updated.id);
    before.delete(updated.id);
    expect(after).toEqual(before);
  } else {
    expect(after).toEqual(before);
  }
}

/** Replays every corpus entry against every framework example, one fresh server per class. */
export function describeCorpus(): void {
  for (const [framework, start] of FRAMEWORKS) {
    const files = CORPUS.map((file) => ({ file, entries: file.entries ?? [] })).filter(
      ({ entries }) => entries.length > 0,
    );
    describe(`${framework} example`, () => {
      for (const { file, entries } of files) {
        describe(file.class, () => {
          let server: StartedServer;
          const repository = createMemoryRepository(users, { records: seedUsers(SEED) });
          beforeAll(async () => {
            server = await start({ ...HOSTILE_OPTIONS, repository });
          });
          afterAll(async () => {
            await server?.close();
          });
          it.each(entries.map((entry, index) => ({ entry, index })))(
            'answers $entry.name as the corpus says',
            async ({ entry, index }) => {
              await replay(server, repository, entry, `hostile-${file.class}-${index}`);
            },
          );
        });
      }
    });
  }
}
