/** The pagelope/http helpers the Hono adapter brought: arguments, Fetch URLs and bodies, ids, reply headers, errors. */
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  HttpError,
} from '../../src/index';
import {
  decodeRecordId,
  errorResponseHeaders,
  readAdapterOptions,
  readErrorReporter,
  readWebJsonBody,
  replyToError,
  routeReplyHeaders,
  splitRequestUrl,
  type Route,
  type RouteReply,
} from '../../src/http/index';

const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), text: z.string() }) });
const routes = () =>
  defineRoutes(createResourceService({ resource: notes, repository: createMemoryRepository(notes) }));
const setup = { adapter: 'mount', wildcard: 'Hono' };

describe('readAdapterOptions', () => {
  it('lists the OpenAPI route first, then the resources, with the default body limit', () => {
    const notesRoutes = routes();
    const { mounts, bodyLimit } = readAdapterOptions(
      notesRoutes,
      { openapi: { info: { title: 't', version: '1' } } },
      setup,
    );
    expect(bodyLimit).toBe(16_384);
    expect(mounts.map(({ path }) => path)).toStrictEqual(['/openapi.json', '/notes']);
    expect(mounts[0]?.routes[0]?.type).toBe('OPENAPI');
    expect(readAdapterOptions([notesRoutes], { bodyLimit: 10 }, setup)).toStrictEqual({
      mounts: [notesRoutes],
      bodyLimit: 10,
    });
  });

  it.each([
    {
      label: 'options that are not an object',
      routes: routes(),
      options: null,
      message: 'mount: options must be an object',
    },
    {
      label: 'an unknown option',
      routes: routes(),
      options: { ['__proto__']: 1 },
      message: 'mount: unknown option "__proto__"',
    },
    {
      label: 'a bodyLimit of 0',
      routes: routes(),
      options: { bodyLimit: 0 },
      message: 'mount: bodyLimit must be a positive integer, got 0',
    },
    {
      label: 'a bodyLimit as text',
      routes: routes(),
      options: { bodyLimit: '10' },
      message: 'mount: bodyLimit must be a positive integer, got 10',
    },
    {
      label: 'locals that are not a function',
      routes: routes(),
      options: { locals: {} },
      message: 'mount: locals must be a function',
    },
    {
      label: 'routes that are a string',
      routes: '/notes',
      options: {},
      message: 'mount: routes must be what defineRoutes returns, or an array of them',
    },
    {
      label: 'routes holding null',
      routes: [null],
      options: {},
      message: 'mount: routes must be what defineRoutes returns, or an array of them',
    },
    {
      label: 'one resource twice',
      routes: [routes(), routes()],
      options: {},
      message: 'mount: the path /notes is mounted twice',
    },
    {
      label: 'a bad openapi option',
      routes: routes(),
      options: { openapi: { info: {}, path: 'x' } },
      message: /^mount: openapi: path/,
    },
    {
      label: 'a wildcard OpenAPI path',
      routes: routes(),
      options: { openapi: { info: { title: 't', version: '1' }, path: '/a*' } },
      message: 'mount: Hono reads "*" as a wildcard, so it cannot serve the path /a*',
    },
  ])('throws a TypeError for $label', ({ routes: given, options, message }) => {
    const read = () => readAdapterOptions(given, options as never, setup);
    expect(read).toThrow(TypeError);
    expect(read).toThrow(message);
  });

  it('takes the extra keys it is given, and paths with "*" where no framework reads it as a wildcard', () => {
    expect(
      readAdapterOptions(routes(), { reportError: false } as never, { adapter: 'x', keys: ['reportError'] }).bodyLimit,
    ).toBe(16_384);
  });
});

describe('splitRequestUrl', () => {
  it.each([
    ['http://localhost/users?limit=5&page=2', { path: '/users', query: 'limit=5&page=2' }],
    ['https://example.com:8443/a%20b/c?x=%3F#frag?not', { path: '/a%20b/c', query: 'x=%3F' }],
    ['http://localhost/?', { path: '/', query: '' }],
    ['http://localhost/users#top', { path: '/users', query: '' }],
    ['http://[::1]:3000/__proto__?constructor=1', { path: '/__proto__', query: 'constructor=1' }],
    ['http://host', { path: '/', query: '' }],
  ])('splits %s', (url, expected) => {
    expect(splitRequestUrl(url)).toStrictEqual(expected);
  });
});

describe('decodeRecordId', () => {
  it.each([
    ['/notes/n1', 'n1'],
    ['/v1/notes/a%2Fb%20c', 'a/b c'],
    ['/notes/a%252F', 'a%2F'],
    ['/notes/caf%C3%A9', 'café'],
    ['/notes/__proto__', '__proto__'],
  ])('returns the last segment of %s decoded once', (path, id) => {
    expect(decodeRecordId(path)).toBe(id);
  });

  it('throws the 400 for malformed percent-encoding', () => {
    expect(() => decodeRecordId('/notes/%E0%A4%A')).toThrow(HttpError);
    expect(() => decodeRecordId('/notes/%E0%A4%A')).toThrow('Malformed percent-encoding in the record id');
  });
});

describe('routeReplyHeaders', () => {
  const route = (type: Route['type'], path: string) => ({ type, method: 'GET', path }) as Route;
  it.each([
    {
      label: 'a list',
      route: route('GET_LIST', '/notes'),
      reply: { status: 200, headers: { link: '<x>' }, body: [] },
      path: '/notes',
      expected: { 'content-type': 'application/json', link: '<x>' },
    },
    {
      label: 'a create below a prefix',
      route: route('CREATE', '/notes'),
      reply: { status: 201, headers: { location: '/notes/1' }, body: {} },
      path: '/v1/notes',
      expected: { 'content-type': 'application/json', location: '/v1/notes/1' },
    },
    {
      label: 'a create at the root',
      route: route('CREATE', '/notes'),
      reply: { status: 201, headers: { location: '/notes/1' }, body: {} },
      path: '/notes',
      expected: { 'content-type': 'application/json', location: '/notes/1' },
    },
    {
      label: 'a delete',
      route: route('DELETE', '/notes/:id'),
      reply: { status: 204, headers: { 'x-correlation-id': 'a' } },
      path: '/notes/1',
      expected: { 'x-correlation-id': 'a' },
    },
    {
      label: 'the document',
      route: route('OPENAPI', '/openapi.json'),
      reply: { status: 200, headers: {}, body: {} },
      path: '/openapi.json',
      expected: { 'content-type': 'application/json; charset=utf-8' },
    },
  ])('returns the headers of $label', ({ route: given, reply, path, expected }) => {
    expect(routeReplyHeaders(given, reply as RouteReply, path)).toStrictEqual(expected);
  });
});

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
