/**
 * A route type is one row of the route table: with a `ARCHIVE` row added to the table (and nothing else changed),
 * `defineRoutes` serves it, the OpenAPI document describes it (valid OpenAPI 3.1), and the Fastify adapter mounts
 * it with its response schema and its 405.
 */
import { validate } from '@readme/openapi-parser';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RouteRow } from '../../src/routes/index';

const TABLE = '../../src/routes/route-table';
let pagelopeModule: typeof import('pagelope');
let fastifyModule: typeof import('pagelope/fastify');

// The workers share one module graph (`isolate: false`): the table is swapped for fresh copies of the sources, and
// the worker's graph is reset again afterwards, so no other test file sees the added row.
beforeAll(async () => {
  vi.resetModules();
  vi.doMock(TABLE, async (importOriginal) => {
    const original = await importOriginal<typeof import('../../src/routes/route-table')>();
    const ARCHIVE: RouteRow = {
      method: 'POST',
      suffix: '/:id/archive',
      query: 'none',
      operation: (service) => (input, options) => service.get(String(input.params.id ?? ''), options),
      options: [],
      byDefault: 'always',
      status: 200,
      body: 'none',
      response: 'record',
      location: false,
      errors: [400, 404, 409, 414, 429, 431, 500, 503],
      openApi: {
        operationId: 'archive{singular}',
        summary: 'Archive a record of {tag}',
        success: 'The archived record.',
      },
    };
    const ROUTE_TABLE = Object.freeze({ ...original.ROUTE_TABLE, ARCHIVE });
    return { ...original, ROUTE_TABLE, ROUTE_TYPES: Object.freeze(Object.keys(ROUTE_TABLE)) };
  });
  pagelopeModule = await import('pagelope');
  fastifyModule = await import('pagelope/fastify');
});

afterAll(() => {
  vi.doUnmock(TABLE);
  vi.resetModules();
});

function setup() {
  const { createMemoryRepository, createResourceService, defineResource } = pagelopeModule;
  const items = defineResource({
    name: 'items',
    schema: z.object({ id: z.string(), name: z.string(), at: z.date() }),
  });
  const records = [{ id: 'a', name: 'A', at: new Date(Date.UTC(2024, 0, 2)) }];
  return createResourceService({ resource: items, repository: createMemoryRepository(items, { records }) });
}

describe('a route table row added', () => {
  it('gives defineRoutes a route, with its path in the allow map', async () => {
    const routes = pagelopeModule.defineRoutes(setup());
    const archive = routes.routes.find((route) => (route.type as string) === 'ARCHIVE');
    expect(archive).toMatchObject({ method: 'POST', path: '/items/:id/archive' });
    expect(routes.allow.get('/items/:id/archive')).toBe('POST');
    const reply = await archive!.handle({ params: { id: 'a' }, query: '', headers: {} });
    expect(reply).toMatchObject({ status: 200, body: { id: 'a', name: 'A' } });
  });

  it('lets defineRoutes enable it alone, and refuses options it does not take', () => {
    const only = pagelopeModule.defineRoutes(setup(), { routes: { ARCHIVE: true } as never });
    expect(only.routes.map((route) => route.type)).toStrictEqual(['ARCHIVE']);
    expect(() => pagelopeModule.defineRoutes(setup(), { routes: { ARCHIVE: { linkHeader: true } } as never })).toThrow(
      'unknown option "linkHeader" of route ARCHIVE',
    );
  });

  it('gives the OpenAPI document a valid operation, with the path id and the row statuses', async () => {
    const document = pagelopeModule.toOpenApi(pagelopeModule.defineRoutes(setup()), {
      info: { title: 'Items', version: '1' },
    });
    const operation = (document.paths as Record<string, Record<string, Record<string, unknown>>>)[
      '/items/{id}/archive'
    ]?.['post'];
    expect(operation).toMatchObject({
      operationId: 'archiveItem',
      summary: 'Archive a record of items',
      parameters: expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
      responses: { 200: { description: 'The archived record.' } },
    });
    expect(Object.keys(operation?.['responses'] as object)).toStrictEqual([
      '200',
      '400',
      '404',
      '409',
      '414',
      '429',
      '431',
      '500',
      '503',
    ]);
    expect(operation).not.toHaveProperty('requestBody');
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result).toMatchObject({ valid: true });
  });

  it('is mounted by the Fastify adapter, serialised by its response schema, with a 405 for other methods', async () => {
    const app = Fastify();
    const schemas: unknown[] = [];
    app.addHook('onRoute', (route) => {
      if (route.url === '/items/:id/archive' && route.method === 'POST') schemas.push(route.schema?.response);
    });
    await app.register(fastifyModule.pagelope, { routes: pagelopeModule.defineRoutes(setup()) });
    try {
      const ok = await app.inject({ method: 'POST', url: '/items/a/archive' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('{"id":"a","name":"A","at":"2024-01-02T00:00:00.000Z"}');
      expect(schemas).toStrictEqual([
        {
          200: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              at: { type: 'string', format: 'date-time' },
            },
            additionalProperties: true,
          },
        },
      ]);
      const refused = await app.inject({ method: 'GET', url: '/items/a/archive' });
      expect(refused.statusCode).toBe(405);
      expect(refused.headers['allow']).toBe('POST');
    } finally {
      await app.close();
    }
  });
});
