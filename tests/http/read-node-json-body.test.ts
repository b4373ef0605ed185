import { PassThrough } from 'node:stream';
import { createGunzip, createInflate, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isHttpError } from '../../src/index';
import { parseJsonBytes, readNodeJsonBody, routeJsonBody } from '../../src/http/read-node-json-body';
import { type NodeBodySource } from '../../src/http/read-node-json-body';

const DECODERS = { gzip: createGunzip, deflate: createInflate };
const LIMIT = 1024;
type Headers = Record<string, string | undefined>;

/** A request-like stream with `headers`, that sends `chunks` then ends (or, with `abort`, closes half-way). */
function request(headers: Headers, chunks: readonly (string | Buffer)[], abort = false): NodeBodySource {
  const stream = Object.assign(new PassThrough(), { headers, complete: false });
  setImmediate(() => {
    for (const chunk of chunks) stream.write(chunk);
    if (abort) stream.destroy();
    else {
      stream.complete = true;
      stream.end();
    }
  });
  return stream as unknown as NodeBodySource;
}

const json = (text: string, headers: Headers = {}) =>
  request({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers }, [
    text,
  ]);
const encoded = (bytes: Buffer, encoding: string) =>
  request(
    { 'content-type': 'application/json', 'content-length': String(bytes.length), 'content-encoding': encoding },
    [bytes],
  );
const chunked = (chunks: readonly string[], abort = false) =>
  request({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunks, abort);

describe('readNodeJsonBody', () => {
  // `size`: the bytes read after any content-encoding is undone (a route's own body limit is checked against it).
  it.each([
    { label: 'a JSON object', req: () => json('{"a":1}'), expected: { value: { a: 1 }, size: 7 } },
    {
      label: 'JSON with a charset',
      req: () => json('[1]', { 'content-type': 'application/json; charset=utf-8' }),
      expected: { value: [1], size: 3 },
    },
    { label: 'JSON null', req: () => json('null'), expected: { value: null, size: 4 } },
    {
      label: 'Unicode text',
      req: () => json('"ünïcødé ✓"'),
      expected: { value: 'ünïcødé ✓', size: Buffer.byteLength('"ünïcødé ✓"') },
    },
    { label: 'a chunked body', req: () => chunked(['{"a":', '2}']), expected: { value: { a: 2 }, size: 7 } },
    {
      label: 'a gzip body',
      req: () => encoded(gzipSync('{"z":true}'), 'gzip'),
      expected: { value: { z: true }, size: 10 },
    },
    {
      label: 'a deflate body (upper case)',
      req: () => encoded(deflateSync('[3]'), 'DEFLATE'),
      expected: { value: [3], size: 3 },
    },
    {
      label: 'an identity body',
      req: () => json('{}', { 'content-encoding': 'identity' }),
      expected: { value: {}, size: 2 },
    },
    { label: 'no content type', req: () => json('{}', { 'content-type': undefined }), expected: undefined },
    { label: 'a text body', req: () => json('{}', { 'content-type': 'text/plain' }), expected: undefined },
    { label: 'a zero content-length', req: () => json('', { 'content-length': '0' }), expected: undefined },
    { label: 'an empty chunked body', req: () => chunked([]), expected: undefined },
    {
      label: 'a body exactly at the limit',
      req: () => json(`"${'x'.repeat(LIMIT - 2)}"`),
      expected: { value: 'x'.repeat(LIMIT - 2), size: LIMIT },
    },
  ])('returns $label', async ({ req, expected }) => {
    expect(await readNodeJsonBody(req(), { limit: LIMIT, decoders: DECODERS })).toStrictEqual(expected);
  });

  it('returns a __proto__ key as an own property, the prototype untouched', async () => {
    const body = await readNodeJsonBody(json('{"__proto__":{"admin":true}}'), { limit: LIMIT, decoders: DECODERS });
    const value = body?.value as Record<string, unknown>;
    expect(Object.keys(value)).toStrictEqual(['__proto__']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('returns the body a parser before it read', async () => {
    const req = Object.assign(json('ignored'), { _body: true, body: { read: 'before' } });
    expect(await readNodeJsonBody(req, { limit: LIMIT, decoders: DECODERS })).toStrictEqual({
      value: { read: 'before' },
    });
  });

  it.each([
    { label: 'a content-length over the limit', req: () => json(`"${'x'.repeat(LIMIT)}"`), status: 413 },
    { label: 'a chunked body over the limit', req: () => chunked(['"', 'x'.repeat(LIMIT), '"']), status: 413 },
    {
      label: 'a small gzip body over the limit once decoded',
      req: () => encoded(gzipSync(' '.repeat(LIMIT * 64)), 'gzip'),
      status: 413,
    },
    { label: 'a gzip bomb', req: () => encoded(gzipSync(Buffer.alloc(8 * 1024 * 1024)), 'gzip'), status: 413 },
    { label: 'bytes that are not gzip', req: () => encoded(Buffer.from('{"a":1}'), 'gzip'), status: 400 },
    { label: 'a br body', req: () => encoded(Buffer.from('{}'), 'br'), status: 415 },
    { label: 'a coding list', req: () => encoded(gzipSync(gzipSync('{}')), 'gzip, gzip'), status: 415 },
    { label: 'malformed JSON', req: () => json('{"a":'), status: 400 },
    { label: 'a body aborted half-way', req: () => chunked(['{"a":'], true), status: 400 },
  ])('throws a $status HttpError for $label', async ({ req, status }) => {
    const error: unknown = await readNodeJsonBody(req(), { limit: LIMIT, decoders: DECODERS }).catch((e: unknown) => e);
    expect(isHttpError(error) && error.statusCode).toBe(status);
  });

  it('throws the aborted body as not received in full', async () => {
    const reading = readNodeJsonBody(chunked(['{"a":'], true), { limit: LIMIT, decoders: DECODERS });
    await expect(reading).rejects.toThrow('The request body was not received in full');
  });
});

describe('routeJsonBody', () => {
  const headers = (contentType?: string, length?: string) => ({
    headers: { 'content-type': contentType, ...(length === undefined ? {} : { 'content-length': length }) },
  });
  const statusOf = async (run: () => unknown): Promise<number | 'none'> => {
    try {
      await run();
      return 'none';
    } catch (error) {
      return isHttpError(error) ? error.statusCode : 'none';
    }
  };

  it('returns the value read, at once when it is not a promise, and once read when it is', async () => {
    const req = headers('application/json', '7');
    expect(routeJsonBody(req, 10, { value: { a: 1 }, size: 7 })).toEqual({ a: 1 });
    expect(routeJsonBody(req, 10, { value: [1] })).toEqual([1]);
    await expect(routeJsonBody(req, 10, Promise.resolve({ value: 'x', size: 3 }))).resolves.toBe('x');
  });

  it.each([
    {
      label: 'a body over the route limit',
      req: headers('application/json', '20'),
      read: { value: 1, size: 20 },
      status: 413,
    },
    { label: 'a JSON type without a body', req: headers('application/json'), read: undefined, status: 400 },
    { label: 'another type with a body', req: headers('text/plain', '3'), read: undefined, status: 415 },
    { label: 'neither a body nor a type', req: headers(), read: undefined, status: 'none' as const },
  ])('answers $label with $status, read or being read', async ({ req, read, status }) => {
    expect(await statusOf(() => routeJsonBody(req, 10, read))).toBe(status);
    expect(await statusOf(() => routeJsonBody(req, 10, Promise.resolve(read)))).toBe(status);
  });

  it('passes a failure of the reading on', async () => {
    await expect(
      routeJsonBody(headers('application/json', '1'), 10, Promise.reject(new Error('gone'))),
    ).rejects.toThrow('gone');
  });
});

describe('parseJsonBytes', () => {
  it.each([
    { label: 'UTF-8 JSON', bytes: Buffer.from('{"name":"Zoë"}'), value: { name: 'Zoë' } },
    { label: 'a leading byte order mark', bytes: Buffer.from('\uFEFF[1]'), value: [1] },
    {
      label: 'a __proto__ key',
      bytes: Buffer.from('{"__proto__":1}'),
      value: JSON.parse('{"__proto__":1}') as unknown,
    },
  ])('parses $label as readNodeJsonBody does', ({ bytes, value }) => {
    expect(parseJsonBytes(bytes, 'application/json')).toStrictEqual(value);
  });

  it.each([
    { label: 'bytes that are not JSON', bytes: Buffer.from('{'), type: 'application/json', status: 400 },
    { label: 'too deep a nesting', bytes: Buffer.from('[[[1]]]'), type: 'application/json', status: 400 },
    { label: 'another content type', bytes: Buffer.from('[1]'), type: 'text/plain', status: 415 },
  ])('throws the HttpError of parseJsonBody for $label', ({ bytes, type, status }) => {
    let thrown: unknown;
    try {
      parseJsonBytes(bytes, type, { depthLimit: 2 });
    } catch (error) {
      thrown = error;
    }
    expect(isHttpError(thrown) ? thrown.statusCode : thrown).toBe(status);
  });
});
