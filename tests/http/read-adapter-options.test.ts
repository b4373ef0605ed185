import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from '../../src/index';
import { DEFAULT_BODY_LIMIT, readAdapterOptions, type AdapterOptions } from '../../src/http/index';

const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), text: z.string() }) });
const routes = () =>
  defineRoutes(createResourceService({ resource: notes, repository: createMemoryRepository(notes) }));
const info = { title: 'Notes', version: '1.0.0' };

describe('readAdapterOptions', () => {
  it('returns the resources as the mounts, and the default body limit', () => {
    const one = routes();
    const setup = readAdapterOptions('adapter', { routes: one });
    expect(setup).toStrictEqual({ mounts: [one], resources: [one], bodyLimit: DEFAULT_BODY_LIMIT });
  });

  it('returns the OpenAPI document route as the last mount, mountable like defineRoutes output', () => {
    const tags = defineResource({ name: 'tags', schema: z.object({ id: z.string(), name: z.string() }) });
    const [a, b] = [
      routes(),
      defineRoutes(createResourceService({ resource: tags, repository: createMemoryRepository(tags) })),
    ];
    const { mounts, resources, bodyLimit } = readAdapterOptions('adapter', {
      routes: [a, b],
      bodyLimit: 10,
      openapi: { info, path: '/spec.json' },
    });
    expect([resources, bodyLimit, mounts.slice(0, 2)]).toStrictEqual([[a, b], 10, [a, b]]);
    const document = mounts[2];
    expect(document && 'resource' in document).toBe(false);
    expect([...(document?.allow ?? [])]).toStrictEqual([['/spec.json', 'GET']]);
    expect(document?.routes.map(({ type, method, path }) => ({ type, method, path }))).toStrictEqual([
      { type: 'OPENAPI', method: 'GET', path: '/spec.json' },
    ]);
  });

  it.each([
    { label: 'options that are not an object', options: null, message: 'x: options must be an object' },
    {
      label: 'routes that are not defineRoutes output',
      options: { routes: { routes: [] } },
      message: 'x: routes must be what defineRoutes returns, or an array of them',
    },
    {
      label: 'an array holding a non-route',
      options: { routes: [routes(), '__proto__'] },
      message: 'x: routes must be what defineRoutes returns',
    },
    {
      label: 'a body limit of 0',
      options: { routes: routes(), bodyLimit: 0 },
      message: 'x: bodyLimit must be a positive integer, got 0',
    },
    {
      label: 'a fractional body limit',
      options: { routes: routes(), bodyLimit: 1.5 },
      message: 'x: bodyLimit must be a positive integer, got 1.5',
    },
    {
      label: 'a body limit as a string',
      options: { routes: routes(), bodyLimit: '10' },
      message: 'x: bodyLimit must be a positive integer, got 10',
    },
    {
      label: 'a locals that is not a function',
      options: { routes: routes(), locals: {} },
      message: 'x: locals must be a function',
    },
    {
      label: 'a reportError of true',
      options: { routes: routes(), reportError: true },
      message: 'x: reportError must be a function or false',
    },
    {
      label: 'an unknown openapi option',
      options: { routes: routes(), openapi: { info, title: 'x' } },
      message: 'x: openapi: unknown option "title"',
    },
    {
      label: "an openapi path that is a resource's",
      options: { routes: routes(), openapi: { info, path: '/notes' } },
      message: 'x: openapi: path /notes is a route',
    },
  ])('throws a TypeError prefixed with the label for $label', ({ options, message }) => {
    expect(() => readAdapterOptions('x', options as unknown as AdapterOptions)).toThrow(TypeError);
    expect(() => readAdapterOptions('x', options as unknown as AdapterOptions)).toThrow(message);
  });

  it('keeps the TypeError of toOpenApiRoute as the cause', () => {
    let thrown: unknown;
    try {
      readAdapterOptions('x', { routes: routes(), openapi: { info, path: 'no-slash' } });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).cause).toBeInstanceOf(TypeError);
  });
});
