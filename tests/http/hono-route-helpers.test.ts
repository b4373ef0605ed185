/** The pagelope/http helpers the Hono adapter brought for mounting routes: arguments, Fetch URLs, ids, reply headers. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  HttpError,
} from '../../src/index';
import { type Route } from '../../src/http/index';
import { readRouteOptions } from '../../src/http/read-route-options';
import { routeReplyHeaders } from '../../src/http/route-reply-headers';
import { type RouteReply } from '../../src/routes/index';
import { decodeRecordId } from '../../src/http/route-reply-headers';
import { splitRequestUrl } from '../../src/http/split-request-url';

const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), text: z.string() }) });
const routes = () =>
  defineRoutes(createResourceService({ resource: notes, repository: createMemoryRepository(notes) }));
const setup = { adapter: 'mount', wildcard: 'Hono' };

describe('readRouteOptions', () => {
  it('lists the OpenAPI route first, then the resources, with the default body and depth limits', () => {
    const notesRoutes = routes();
    const { mounts, bodyLimit } = readRouteOptions(
      notesRoutes,
      { openapi: { info: { title: 't', version: '1' } } },
      setup,
    );
    expect(bodyLimit).toBe(16_384);
    expect(mounts.map(({ path }) => path)).toStrictEqual(['/openapi.json', '/notes']);
    expect(mounts[0]?.routes[0]?.type).toBe('OPENAPI');
    expect(readRouteOptions([notesRoutes], { bodyLimit: 10 }, setup)).toStrictEqual({
      mounts: [notesRoutes],
      bodyLimit: 10,
      depthLimit: 64,
    });
    expect(readRouteOptions([notesRoutes], { depthLimit: 8 }, setup).depthLimit).toBe(8);
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
    const read = () => readRouteOptions(given, options as never, setup);
    expect(read).toThrow(TypeError);
    expect(read).toThrow(message);
  });

  it('takes the extra keys it is given, and paths with "*" where no framework reads it as a wildcard', () => {
    expect(
      readRouteOptions(routes(), { reportError: false } as never, { adapter: 'x', keys: ['reportError'] }).bodyLimit,
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
