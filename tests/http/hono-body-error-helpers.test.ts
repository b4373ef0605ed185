/** The pagelope/http helpers the Hono adapter brought for bodies and errors: a Fetch request's JSON, the error reply. */
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/index';
import { readErrorReporter } from '../../src/http/reply-to-error';
import { readWebJsonBody } from '../../src/http/read-web-json-body';
import { errorResponseHeaders, replyToError } from '../../src/http/reply-to-error';

describe('readWebJsonBody', () => {
  const post = (body: BodyInit | null, headers: Record<string, string>) =>
    new Request('http://localhost/notes', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('returns the parsed body, __proto__ keys kept, and inflates a gzip body', async () => {
    const body = await readWebJsonBody(post('{"__proto__":{"a":1}}', { 'content-type': 'application/json' }));
    expect(Object.keys(body as object)).toStrictEqual(['__proto__']);
    const zipped = post(gzipSync('{"text":"hi"}'), { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(await readWebJsonBody(zipped)).toStrictEqual({ text: 'hi' });
  });

  it('returns undefined for a request with neither body nor content type', async () => {
    expect(await readWebJsonBody(new Request('http://localhost/notes', { method: 'POST' }))).toBeUndefined();
  });

  it.each([
    { label: 'text/plain', request: () => post('{}', { 'content-type': 'text/plain' }), status: 415 },
    {
      label: 'a br encoding',
      request: () => post('{}', { 'content-type': 'application/json', 'content-encoding': 'br' }),
      status: 415,
    },
    {
      label: 'a body over the limit',
      request: () => post('{"text":"0123456789"}', { 'content-type': 'application/json' }),
      status: 413,
    },
    { label: 'malformed JSON', request: () => post('{', { 'content-type': 'application/json' }), status: 400 },
    {
      label: 'a gzip body that does not inflate',
      request: () => post('not gzip', { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
      status: 400,
    },
  ])('throws the $status for $label', async ({ request, status }) => {
    await expect(readWebJsonBody(request(), { limit: 10 })).rejects.toMatchObject({ statusCode: status });
  });

  it('reads a body read before from the copy consumed() gives, within the limit', async () => {
    const request = post('{"text":"again"}', { 'content-type': 'application/json' });
    const text = await request.text();
    expect(await readWebJsonBody(request, { consumed: () => Promise.resolve(text) })).toStrictEqual({ text: 'again' });
    await expect(readWebJsonBody(request, { limit: 4, consumed: () => Promise.resolve(text) })).rejects.toMatchObject({
      statusCode: 413,
    });
  });
});

describe('readErrorReporter and replyToError', () => {
  it.each([
    [null, 'h: options must be an object'],
    ['x', 'h: options must be an object'],
    [{ reportError: true }, 'h: reportError must be a function or false'],
  ])('throws a TypeError for the options %o', (options, message) => {
    expect(() => readErrorReporter('h', options)).toThrow(new TypeError(message));
  });

  it('answers under the correlation id given, reporting a 5xx once with the request', () => {
    const reportError = vi.fn();
    const report = readErrorReporter('h', { reportError });
    const failure = new Error('secret');
    const reply = replyToError(failure, { correlationId: 'c-1', method: 'GET', path: '/notes' }, report);
    expect([reply.statusCode, reply.headers['x-correlation-id'], reply.body.message]).toStrictEqual([
      500,
      'c-1',
      'Internal server error',
    ]);
    expect(reportError.mock.calls).toStrictEqual([
      [failure, { correlationId: 'c-1', method: 'GET', path: '/notes', statusCode: 500 }],
    ]);
    replyToError(new HttpError(404), { correlationId: 'c-2' }, report);
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it("gives a new id when none is given, and keeps extra headers below the envelope's own", () => {
    const reply = replyToError(
      new HttpError(401),
      { headers: { 'www-authenticate': 'Basic', 'x-correlation-id': 'no' } },
      readErrorReporter('h', { reportError: false }),
    );
    expect(reply.headers['www-authenticate']).toBe('Basic');
    expect(reply.headers['x-correlation-id']).toBe(reply.body.correlationID);
    expect(reply.body.correlationID).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errorResponseHeaders', () => {
  it('returns the headers of an error carrying a Response, but framing, state and the correlation id', () => {
    const res = new Response('no', {
      headers: {
        'www-authenticate': 'Basic',
        'set-cookie': 'a=1',
        'x-correlation-id': 'x',
        'content-type': 'text/plain',
      },
    });
    expect({ ...errorResponseHeaders(Object.assign(new Error('401'), { res })) }).toStrictEqual({
      'www-authenticate': 'Basic',
    });
  });

  it.each([
    ['a string', 'x'],
    ['an Error', new Error('x')],
    ['a plain object with res', { res: new Response('') }],
  ])('returns undefined for %s', (_label, thrown) => {
    expect(errorResponseHeaders(thrown)).toBeUndefined();
  });

  it('returns no headers for a hostile res getter, without throwing', () => {
    const thrown = Object.defineProperty(new Error('x'), 'res', {
      get: () => {
        throw new Error('boom');
      },
    });
    expect({ ...errorResponseHeaders(thrown) }).toStrictEqual({});
  });
});
