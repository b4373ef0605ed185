/** Same fault, same answer on every adapter: bodies, content types, encodings, limits, unsafe keys, 4xx and 500s. */
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { UUID, type Envelope } from '../envelope';
import { BODY_LIMIT, SECRET } from './fixtures';
import type { ContractApps } from './mount-contract-apps';

/** Declares the status and message of each fault, the same on every framework, and every error's correlation id. */
export function describeSameFaultContract(apps: ContractApps): void {
  const { errorsSeen, reported, send, expectEnvelope, postJson } = apps;

  describe('the same fault, the same answer', () => {
    it('answers malformed JSON with 400 Malformed JSON body', async () => {
      const result = await send('/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text": ',
      });
      expectEnvelope(result, 400, 'Malformed JSON body');
    });

    it.each([
      ['an empty body', ''],
      ['a body of whitespace', ' \r\n\t'],
    ])('answers a JSON request with %s with 400 Malformed JSON body', async (_name, body) => {
      const result = await send('/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expectEnvelope(result, 400, 'Malformed JSON body');
    });

    it.each([
      ['text/plain', 'text/plain;charset=UTF-8'],
      ['a form type', 'application/x-www-form-urlencoded'],
      ['a JSON look-alike', 'application/jsonp'],
    ])('answers a body sent as %s with 415', async (_label, type) => {
      const result = await send('/api/notes', {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{"text":"x"}',
      });
      expectEnvelope(result, 415, 'Content-Type must be application/json');
    });

    it('answers a body without a content type with 415', async () => {
      const result = await send('/api/notes', { method: 'POST', body: new TextEncoder().encode('{"text":"x"}') });
      expectEnvelope(result, 415, 'Content-Type must be application/json');
    });

    it.each(['application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json; charset=utf-8'])(
      'takes %s as JSON',
      async (type) => {
        const result = await send('/api/notes', {
          method: 'POST',
          headers: { 'content-type': type },
          body: '{"text":"x"}',
        });
        expect(result.response.status).toBe(201);
      },
    );

    it('answers a body over bodyLimit with 413', async () => {
      const result = await postJson('/api/notes', { text: 'x'.repeat(BODY_LIMIT) });
      expectEnvelope(result, 413, `Request body is larger than ${BODY_LIMIT} bytes`);
      const exact = await postJson('/api/notes', { text: 'y'.repeat(BODY_LIMIT - 20) });
      expect(exact.response.status).toBe(201);
    });

    it.each([
      ['gzip', gzipSync],
      ['Deflate', deflateSync],
    ] as const)('takes a %s-encoded JSON body', async (encoding, encode) => {
      const result = await send('/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: encode('{"text":"packed"}'),
      });
      expect([result.response.status, (result.body as { text?: string }).text]).toStrictEqual([201, 'packed']);
    });

    it('takes a JSON body after a UTF-8 byte order mark, as a JSON parser may (RFC 8259, 8.1)', async () => {
      const result = await send('/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"text":"marked"}')]),
      });
      expect([result.response.status, (result.body as { text?: string }).text]).toStrictEqual([201, 'marked']);
    });

    it.each(['br', 'x-unknown', 'gzip, gzip'])(
      'answers a body sent with content-encoding %s with 415',
      async (encoding) => {
        const result = await send('/api/notes', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body: '{"text":"x"}',
        });
        expectEnvelope(result, 415, 'Unsupported Content-Encoding');
      },
    );

    it('answers a gzip body that does not inflate with 400, and one inflating past bodyLimit with 413', async () => {
      const corrupt = await send('/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: 'not gzip at all',
      });
      expectEnvelope(corrupt, 400, 'Malformed compressed body');
      const bomb = gzipSync(JSON.stringify({ text: 'x'.repeat(100_000) }));
      expect(bomb.length).toBeLessThan(BODY_LIMIT);
      const inflated = await send('/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: bomb,
      });
      expectEnvelope(inflated, 413, `Request body is larger than ${BODY_LIMIT} bytes`);
    });

    it('answers unsafe keys at any depth with 400 naming each, running the error hooks', async () => {
      const before = errorsSeen.length;
      const result = await send('/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"x","meta":{"a":{"__proto__":{"admin":true}},"constructor":{"prototype":1}}}',
      });
      const envelope = expectEnvelope(result, 400);
      expect([...(envelope.message as string[])].sort()).toStrictEqual([
        'meta.a.__proto__: this key is not allowed',
        'meta.constructor: this key is not allowed',
      ]);
      expect(errorsSeen.length).toBe(before + 1);
      expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
    });

    it('answers a bad query with the parser 400 and an unknown id with 404', async () => {
      expectEnvelope(await send('/api/notes?limit=0'), 400, ['limit must be a positive integer']);
      expectEnvelope(await send('/api/notes/missing'), 404, 'notes "missing" not found');
    });

    it('masks a failing repository as a 500 without the secret, and reports the original error once', async () => {
      for (const [method, path] of [
        ['GET', '/broken'],
        ['GET', '/broken/cursor'],
        ['GET', '/broken/b1'],
        ['DELETE', '/broken/b1'],
      ] as const) {
        const before = reported.length;
        const result = await send(path, { method });
        expectEnvelope(result, 500, 'Internal server error');
        expect(result.text).not.toContain('hunter2');
        const { correlationId } = result;
        expect(reported.slice(before)).toStrictEqual([
          { error: new Error(SECRET), info: { correlationId, method, path, statusCode: 500 } },
        ]);
      }
    });

    it('gives every error the x-correlation-id it was sent, or a new uuid for an unsafe one', async () => {
      const response = await fetch(`${apps.app.url}/nowhere`, {
        headers: { 'x-correlation-id': 'bad id with spaces' },
      });
      const envelope = (await response.json()) as Envelope;
      expect(envelope.correlationID).toMatch(UUID);
      expect(response.headers.get('x-correlation-id')).toBe(envelope.correlationID);
    });
  });
}
