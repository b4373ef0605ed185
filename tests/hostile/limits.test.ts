import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QUERY_LIMITS, defineResource, isHttpError, parseListQuery } from 'pagelope';
import { isSafeCorrelationId } from 'pagelope/http';
import { DEFAULT_BODY_LIMIT as BODY_LIMIT_BYTES } from '../../src/http/json-body';
import type { StartedServer } from '../contracts/http-contract';
import { expectEnvelope } from './corpus';
import { FRAMEWORKS, HOSTILE_OPTIONS, headerOf, send, type RawResponse } from './servers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MAX_CORRELATION_ID = 128;
/** Node's default `maxHeaderSize`: the request line and all headers together. */
const NODE_MAX_HEADER_BYTES = 16 * 1024;

/** Text filters whose values are not checked against the schema, so any length up to the value limit is valid. */
const TEXT_KEYS = ['cont', 'excl', 'starts', 'ends', 'contl', 'excll', 'startsl', 'endsl'].flatMap((op) => [
  `username[${op}]`,
  `email[${op}]`,
]);

/** A valid query string (without `?`) of exactly `length` characters: text filters with long values. */
function queryOfLength(length: number): string {
  const parts: string[] = [];
  let used = 0;
  for (const key of TEXT_KEYS) {
    const separator = parts.length === 0 ? 0 : 1;
    const room = length - used - separator - key.length - 1;
    if (room <= 0) break;
    // Leave the last value short of the value limit, so one more character exceeds only the query length.
    const size = Math.min(room, QUERY_LIMITS.maxValueLength - 1);
    parts.push(`${key}=${'q'.repeat(size)}`);
    used += separator + key.length + 1 + size;
  }
  const query = parts.join('&');
  expect(query).toHaveLength(length);
  return query;
}

/** `count` valid parameters: in-lists of at most QUERY_LIMITS.maxListValues values over three fields. */
function parametersOf(count: number): string {
  const keys = ['username[in]=a', 'age[in]=1', 'age[notin]=2', 'email[in]=a%40example.com'];
  const parts: string[] = [];
  for (const key of keys) for (let i = 0; i < QUERY_LIMITS.maxListValues && parts.length < count; i++) parts.push(key);
  expect(parts).toHaveLength(count);
  return parts.join('&');
}

/** A valid create body of exactly `bytes` bytes, padded with JSON whitespace. */
function bodyOfBytes(bytes: number, username: string): string {
  const json = JSON.stringify({ username, email: `${username}@example.com`, status: 'active', age: 30 });
  return json + ' '.repeat(bytes - Buffer.byteLength(json));
}

describe.each(FRAMEWORKS)('%s example, input limits', (_framework, start) => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await start(HOSTILE_OPTIONS);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    send(server, { method: 'GET', path, headers: { 'x-correlation-id': 'limit-1', ...headers } });
  const expect400 = (response: RawResponse, message: string) => {
    expect(response.status, response.text.slice(0, 200)).toBe(400);
    const body = expectEnvelope(response, 400);
    expect(body['error']).toBe('Bad Request');
    expect(body['correlationID']).toBe('limit-1');
    expect(([] as unknown[]).concat(body['message']).join('\n')).toContain(message);
  };
  const expect200 = (response: RawResponse) => {
    expect(response.status, response.text.slice(0, 200)).toBe(200);
    expect(headerOf(response, 'x-correlation-id')).toBe('limit-1');
  };

  it(`accepts a query string of ${QUERY_LIMITS.maxQueryLength} characters and refuses one more with 400`, async () => {
    expect200(await get(`/users?${queryOfLength(QUERY_LIMITS.maxQueryLength)}`));
    expect400(
      await get(`/users?${queryOfLength(QUERY_LIMITS.maxQueryLength + 1)}`),
      `the query string must be at most ${QUERY_LIMITS.maxQueryLength} characters`,
    );
  });

  it(`accepts ${QUERY_LIMITS.maxParameters} parameters and refuses one more with 400`, async () => {
    expect200(await get(`/users?${parametersOf(QUERY_LIMITS.maxParameters)}`));
    expect400(
      await get(`/users?${parametersOf(QUERY_LIMITS.maxParameters + 1)}`),
      `the query must have at most ${QUERY_LIMITS.maxParameters} parameters`,
    );
  });

  it(`accepts a value of ${QUERY_LIMITS.maxValueLength} characters and refuses one more with 400`, async () => {
    expect200(await get(`/users?username[cont]=${'v'.repeat(QUERY_LIMITS.maxValueLength)}`));
    expect400(
      await get(`/users?username[cont]=${'v'.repeat(QUERY_LIMITS.maxValueLength + 1)}`),
      `username[cont] must be at most ${QUERY_LIMITS.maxValueLength} characters`,
    );
  });

  it(`accepts an in-list of ${QUERY_LIMITS.maxListValues} values and refuses one more with 400`, async () => {
    const list = (count: number) => Array.from({ length: count }, (_, i) => `age[in]=${i}`).join('&');
    expect200(await get(`/users?${list(QUERY_LIMITS.maxListValues)}`));
    expect400(
      await get(`/users?${list(QUERY_LIMITS.maxListValues + 1)}`),
      `age[in] takes between 1 and ${QUERY_LIMITS.maxListValues} values, got ${QUERY_LIMITS.maxListValues + 1}`,
    );
  });

  it(`accepts page ${QUERY_LIMITS.maxPage} and refuses one more with 400`, async () => {
    expect200(await get(`/users?page=${QUERY_LIMITS.maxPage}`));
    expect400(await get(`/users?page=${QUERY_LIMITS.maxPage + 1}`), `page must be at most ${QUERY_LIMITS.maxPage}`);
  });

  it('clamps a limit above the resource maximum of 100 to 100', async () => {
    for (const limit of [100, 101]) {
      const response = await get(`/users?limit=${limit}`);
      expect200(response);
      expect((JSON.parse(response.text) as { limit: number }).limit).toBe(100);
    }
  });

  it(`accepts a JSON body of ${BODY_LIMIT_BYTES} bytes and refuses one more byte with 413`, async () => {
    const post = (body: string) =>
      send(server, {
        method: 'POST',
        path: '/users',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-correlation-id': 'limit-1',
        },
        body,
      });
    const atLimit = await post(bodyOfBytes(BODY_LIMIT_BYTES, 'atlimit'));
    expect(atLimit.status, atLimit.text.slice(0, 200)).toBe(201);
    expect(JSON.parse(atLimit.text)).toMatchObject({ username: 'atlimit' });
    const over = await post(bodyOfBytes(BODY_LIMIT_BYTES + 1, 'overlimit'));
    expect(over.status).toBe(413);
    expect(expectEnvelope(over, 413)).toMatchObject({ error: 'Payload Too Large', correlationID: 'limit-1' });
    const stored = await get('/users?username[eq]=overlimit');
    expect(JSON.parse(stored.text)).toMatchObject({ total: 0 });
  });

  it(`echoes a correlation id of ${MAX_CORRELATION_ID} characters and replaces a longer one with a new uuid`, async () => {
    // An unsafe id does not fail the request: it is never echoed, and the response carries a fresh uuid instead.
    const atLimit = 'c'.repeat(MAX_CORRELATION_ID);
    expect(headerOf(await get('/users?limit=1', { 'x-correlation-id': atLimit }), 'x-correlation-id')).toBe(atLimit);
    const longer = `${atLimit}c`;
    const ok = await get('/users?limit=1', { 'x-correlation-id': longer });
    expect(ok.status).toBe(200);
    expect(headerOf(ok, 'x-correlation-id')).toMatch(UUID);
    const failed = await get('/users?limit=0', { 'x-correlation-id': longer });
    expect(expectEnvelope(failed, 400)['correlationID']).toMatch(UUID);
  });

  it("accepts headers just under Node's 16 KiB header limit and refuses more with 431", async () => {
    const under = await get('/users?limit=1', { 'x-padding': 'h'.repeat(NODE_MAX_HEADER_BYTES - 1024) });
    expect200(under);
    const over = await get('/users?limit=1', { 'x-padding': 'h'.repeat(NODE_MAX_HEADER_BYTES + 1) });
    // The 431 comes from Node's HTTP parser, before any framework runs: the request was never parsed, so the
    // envelope (W2) carries a new correlation id.
    expect(expectEnvelope(over, 431)['correlationID']).toMatch(UUID);
  });
});

describe('parseListQuery, sort-key limit', () => {
  const fields = Array.from({ length: QUERY_LIMITS.maxOrderFields + 1 }, (_, i) => `f${i}`);
  const wide = defineResource({
    name: 'wide',
    schema: z.object({ id: z.string(), ...Object.fromEntries(fields.map((name) => [name, z.number()])) }),
    sortable: fields as never,
  });

  it(`accepts ${QUERY_LIMITS.maxOrderFields} sort keys and refuses one more with 400`, () => {
    const atLimit = fields.slice(0, QUERY_LIMITS.maxOrderFields).join(',');
    expect(parseListQuery(`orderBy=${atLimit}`, wide).orderBy).toHaveLength(QUERY_LIMITS.maxOrderFields + 1);
    let thrown: unknown;
    try {
      parseListQuery(`orderBy=${fields.join(',')}`, wide);
    } catch (error) {
      thrown = error;
    }
    expect(isHttpError(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      statusCode: 400,
      message: [`orderBy takes at most ${QUERY_LIMITS.maxOrderFields} fields`],
    });
  });
});

describe('isSafeCorrelationId, length limit', () => {
  it(`returns true for ${MAX_CORRELATION_ID} characters and false for one more`, () => {
    expect(isSafeCorrelationId('a'.repeat(MAX_CORRELATION_ID))).toBe(true);
    expect(isSafeCorrelationId('a'.repeat(MAX_CORRELATION_ID + 1))).toBe(false);
  });
});
