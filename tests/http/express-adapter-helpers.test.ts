/** The pagelope/http helpers the Express adapter moved out: set-up checks of options and routes, the error reply. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  HttpError,
} from '../../src/index';
import { toErrorReply, toMountableRoutes } from '../../src/http/index';
import { DEFAULT_BODY_LIMIT } from '../../src/http/json-body';
import { readAdapterOptions } from '../../src/http/adapter-options';

const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), text: z.string() }) });
const noteRoutes = () =>
  defineRoutes(createResourceService({ resource: notes, repository: createMemoryRepository(notes) }));
const info = { title: 'Notes', version: '1.0.0' };

describe('readAdapterOptions', () => {
  it('returns the options checked, bodyLimit and depthLimit defaulting to DEFAULT_BODY_LIMIT and 64', () => {
    const locals = () => ({});
    expect(readAdapterOptions('mount', {})).toStrictEqual({
      bodyLimit: DEFAULT_BODY_LIMIT,
      depthLimit: 64,
      locals: undefined,
      reportError: undefined,
    });
    expect(readAdapterOptions('mount', { bodyLimit: 1, depthLimit: 2, locals, reportError: false })).toStrictEqual({
      bodyLimit: 1,
      depthLimit: 2,
      locals,
      reportError: false,
    });
  });

  it.each([
    { label: 'null options', options: null, message: 'mount: options must be an object' },
    { label: 'a string', options: 'x', message: 'mount: options must be an object' },
    {
      label: 'a zero bodyLimit',
      options: { bodyLimit: 0 },
      message: 'mount: bodyLimit must be a positive integer, got 0',
    },
    { label: 'a fractional bodyLimit', options: { bodyLimit: 1.5 }, message: 'got 1.5' },
    { label: 'a string bodyLimit', options: { bodyLimit: '1mb' }, message: 'got 1mb' },
    { label: 'a bodyLimit past 2^53', options: { bodyLimit: 2 ** 53 }, message: 'bodyLimit' },
    { label: 'locals that is an object', options: { locals: {} }, message: 'mount: locals must be a function' },
    {
      label: 'reportError true',
      options: { reportError: true },
      message: 'mount: reportError must be a function or false',
    },
    { label: 'reportError a string', options: { reportError: 'console' }, message: 'reportError' },
  ])('throws a TypeError prefixed with the name for $label', ({ options, message }) => {
    expect(() => readAdapterOptions('mount', options as never)).toThrow(TypeError);
    expect(() => readAdapterOptions('mount', options as never)).toThrow(message);
  });
});

describe('toMountableRoutes', () => {
  it('returns one result or an array of them as a list, the OpenAPI route appended with the option', () => {
    const notesRoutes = noteRoutes();
    expect(toMountableRoutes(notesRoutes, { name: 'mount' })).toStrictEqual([notesRoutes]);
    const list = toMountableRoutes([notesRoutes], { name: 'mount', openapi: { info, path: '/spec.json' } });
    expect(list).toHaveLength(2);
    expect(list[0]).toBe(notesRoutes);
    expect(list[1]?.path).toBe('/spec.json');
    expect([...(list[1]?.allow ?? [])]).toStrictEqual([['/spec.json', 'GET']]);
    expect(list[1]?.routes.map(({ type, method, path }) => ({ type, method, path }))).toStrictEqual([
      { type: 'OPENAPI', method: 'GET', path: '/spec.json' },
    ]);
  });

  it.each([
    { label: 'an empty object', routes: {}, message: 'mount: routes must be what defineRoutes returns' },
    { label: 'null', routes: null, message: 'mount: routes must be what defineRoutes returns' },
    { label: 'an array holding null', routes: [null], message: 'routes must be' },
    { label: 'a __proto__ key', routes: JSON.parse('{"__proto__":{"routes":[]}}'), message: 'routes must be' },
    { label: 'an allow that is no Map', routes: { routes: [], allow: {} }, message: 'routes must be' },
  ])('throws a TypeError prefixed with the name for $label', ({ routes, message }) => {
    expect(() => toMountableRoutes(routes, { name: 'mount' })).toThrow(TypeError);
    expect(() => toMountableRoutes(routes, { name: 'mount' })).toThrow(message);
  });

  it('throws for two resources on one path, and for a bad openapi option, prefixed with the name', () => {
    expect(() => toMountableRoutes([noteRoutes(), noteRoutes()], { name: 'mount' })).toThrow(
      new TypeError('mount: two resources mount /notes'),
    );
    const setUp = () => toMountableRoutes(noteRoutes(), { name: 'mount', openapi: { info, path: '/notes' } });
    expect(setUp).toThrow(TypeError);
    expect(setUp).toThrow(/^mount: openapi: path \/notes is a route/);
  });
});

describe('toErrorReply', () => {
  it('returns the envelope under the correlation id given, the error headers, and the report info', () => {
    const error = new HttpError(405, 'no', { headers: { allow: 'GET' } });
    const reply = toErrorReply(error, { correlationId: 'req-1', method: 'DELETE', url: '/v1/notes?x=%20&y' });
    expect(reply.statusCode).toBe(405);
    expect(reply.headers).toMatchObject({ allow: 'GET', 'x-correlation-id': 'req-1' });
    expect(reply.body).toMatchObject({ statusCode: 405, message: 'no', correlationID: 'req-1' });
    expect(reply.info).toStrictEqual({ correlationId: 'req-1', method: 'DELETE', path: '/v1/notes', statusCode: 405 });
  });

  it('masks anything else as the 500, and gives the envelope id to the report when the one given is unsafe', () => {
    const reply = toErrorReply(new Error('password=hunter2'), { correlationId: 'not safe', method: 'GET', url: '/' });
    expect([reply.statusCode, reply.body.message]).toStrictEqual([500, 'Internal server error']);
    expect(reply.info.correlationId).toBe(reply.body.correlationID);
    expect(reply.info.correlationId).not.toBe('not safe');
    expect(JSON.stringify(reply.body)).not.toContain('hunter2');
  });
});
