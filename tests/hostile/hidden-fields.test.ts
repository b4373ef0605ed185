import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../contracts/http-contract';
import { CORPUS, expectEnvelope } from './corpus';
import { FRAMEWORKS, HOSTILE_OPTIONS, send, type RawResponse } from './servers';

const pairs = CORPUS.flatMap((file) => file.pairs ?? []);

/** Headers that differ between any two responses (dates, rate-limit counters, body hashes). */
const VOLATILE = /^(?:date|etag|x-correlation-id|keep-alive|(?:x-)?ratelimit.*)$/;

/** A response with the probed name replaced by `{field}`, and the per-request fields removed. */
function normalized(response: RawResponse, probed: string) {
  const body = JSON.parse(response.text) as Record<string, unknown>;
  delete body['timestamp'];
  delete body['correlationID'];
  const hide = (text: unknown) => (typeof text === 'string' ? text.split(probed).join('{field}') : text);
  body['message'] = Array.isArray(body['message']) ? body['message'].map(hide) : hide(body['message']);
  const headers = Object.entries(response.headers)
    .filter(([name]) => !VOLATILE.test(name))
    .map(([name, value]) => [name, name === 'content-length' ? 'n' : String(value)])
    .sort(([a = ''], [b = '']) => a.localeCompare(b));
  return { status: response.status, headers, body };
}

describe.each(FRAMEWORKS)('%s example, hidden-field probing', (_framework, start) => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await start(HOSTILE_OPTIONS);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has a probe pair for every class of probe', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(10);
  });

  it.each(pairs)('answers $name on $hidden exactly as on the absent $absent', async (pair) => {
    expect(pair.hidden.length).toBe(pair.absent.length); // so that content-length cannot tell them apart either
    const probe = (field: string) =>
      send(server, {
        method: 'GET',
        path: pair.path.split('{field}').join(field),
        headers: { 'x-correlation-id': 'probe-1' },
      });
    const hidden = await probe(pair.hidden);
    const absent = await probe(pair.absent);
    expect(hidden.status).toBe(400);
    expectEnvelope(hidden, 400);
    expectEnvelope(absent, 400);
    expect(hidden.headers['content-length']).toBe(absent.headers['content-length']);
    expect(normalized(hidden, pair.hidden)).toEqual(normalized(absent, pair.absent));
  });
});
