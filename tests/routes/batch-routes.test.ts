/**
 * The batch routes over the route table (framework-neutral): CREATE_MANY, UPDATE_MANY and DELETE_MANY at
 * `{path}/batch`, enabled only when named, their caps and body shapes, and the reserved ids.
 */
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  isHttpError,
  toOpenApi,
  type DefineRoutesOptions,
  type RouteType,
} from '../../src/index';
import type { Route } from '../../src/http/index';
import { rejectionOf } from '../support/rejection-of';

const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), name: z.string().min(1), deletedAt: z.date().nullable() }),
  clientIds: true,
  softDelete: { field: 'deletedAt' },
});
const seed = ['a', 'b'].map((id) => ({ id, name: id.toUpperCase(), deletedAt: null }));

function open(routes: DefineRoutesOptions['routes']) {
  const service = createResourceService({
    resource: items,
    repository: createMemoryRepository(items, { records: seed }),
  });
  const defined = defineRoutes(service, { routes });
  const route = (type: RouteType): Route => {
    const found = defined.routes.find((candidate) => candidate.type === type);
    if (found === undefined) throw new Error(`no ${type} route`);
    return found;
  };
  const call = (type: RouteType, body: unknown) => route(type).handle({ params: {}, query: '', headers: {}, body });
  return { defined, route, call, service };
}

const failureOf = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise);
  if (!isHttpError(error)) throw error;
  return { status: error.statusCode, message: error.message };
};

describe('batch routes', () => {
  it('are enabled only when routes names them, at {path}/batch, with their caps and body limits', () => {
    const plain = open(undefined);
    expect(plain.defined.routes.some((route) => route.path === '/items/batch')).toBe(false);
    const { defined, route } = open({
      CREATE_MANY: true,
      UPDATE_MANY: { maxItems: 1000 },
      DELETE_MANY: { bodyLimit: 1024 },
    });
    expect(defined.allow.get('/items/batch')).toBe('POST, PATCH, DELETE');
    expect([route('CREATE_MANY').maxItems, route('CREATE_MANY').bodyLimit]).toStrictEqual([100, 409_600]);
    // 4 KiB an item, but never more than 1 MiB in all by default (4,096,000 bytes before the total).
    expect([route('UPDATE_MANY').maxItems, route('UPDATE_MANY').bodyLimit]).toStrictEqual([1000, 1_048_576]);
    expect([route('DELETE_MANY').maxItems, route('DELETE_MANY').bodyLimit]).toStrictEqual([100, 1024]);
    expect(open({ CREATE_MANY: { maxItems: 256 } }).route('CREATE_MANY').bodyLimit).toBe(1_048_576);
    expect(open({ CREATE_MANY: { maxItems: 255 } }).route('CREATE_MANY').bodyLimit).toBe(1_044_480);
    expect(open({ CREATE_MANY: { maxItems: 1 } }).route('CREATE_MANY').bodyLimit).toBe(16_384);
    // A bodyLimit of the route's own is the route's choice, over the default total too.
    expect(open({ CREATE_MANY: { bodyLimit: 2_000_000 } }).route('CREATE_MANY').bodyLimit).toBe(2_000_000);
  });

  it.each([
    [{ CREATE_MANY: { maxItems: 0 } }, 'option "maxItems" of route CREATE_MANY must be an integer from 1 to 1000'],
    [{ CREATE_MANY: { maxItems: 1001 } }, 'option "maxItems" of route CREATE_MANY must be an integer from 1 to 1000'],
    [{ CREATE_MANY: { maxItems: 2.5 } }, 'option "maxItems" of route CREATE_MANY must be an integer from 1 to 1000'],
    [{ DELETE_MANY: { bodyLimit: -1 } }, 'option "bodyLimit" of route DELETE_MANY must be a positive integer (bytes)'],
    [{ GET: { maxItems: 5 } }, 'unknown option "maxItems" of route GET'],
  ])('refuses %j', (routes, message) => {
    expect(() => open(routes as never)).toThrow(message);
  });

  it('creates, updates and deletes all items, answering { items } and { ids } in input order', async () => {
    const { call, service } = open({ CREATE_MANY: true, UPDATE_MANY: true, DELETE_MANY: true });
    const created = await call('CREATE_MANY', {
      items: [
        { id: 'd', name: 'D' },
        { id: 'c', name: 'C' },
      ],
    });
    expect([created.status, (created.body as { items: { id: string }[] }).items.map((item) => item.id)]).toStrictEqual([
      201,
      ['d', 'c'],
    ]);
    const updated = await call('UPDATE_MANY', {
      items: [
        { id: 'c', name: 'C2' },
        { id: 'a', name: 'A2' },
      ],
    });
    expect([updated.status, updated.body]).toMatchObject([
      200,
      {
        items: [
          { id: 'c', name: 'C2' },
          { id: 'a', name: 'A2' },
        ],
      },
    ]);
    const deleted = await call('DELETE_MANY', { ids: ['d', 'a'] });
    expect([deleted.status, deleted.body]).toStrictEqual([200, { ids: ['d', 'a'] }]);
    expect((await service.list({})).items.map((item) => item.id)).toStrictEqual(['b', 'c']);
  });

  it('refuses a body that is not { items } or { ids }, an empty list and one over maxItems, before any item is read', async () => {
    const { call } = open({ CREATE_MANY: { maxItems: 2 }, DELETE_MANY: true });
    const three = { items: [{ id: 'x', name: 'X' }, { id: 'y', name: 'Y' }, 'not even an object'] };
    expect(await failureOf(call('CREATE_MANY', three))).toStrictEqual({
      status: 400,
      message: ['items may hold at most 2 entries'],
    });
    for (const body of [undefined, [], { items: 'x' }, { items: [] }, { items: [{ id: 'x', name: 'X' }], more: 1 }])
      expect((await failureOf(call('CREATE_MANY', body))).status).toBe(400);
    expect((await failureOf(call('DELETE_MANY', { items: ['a'] }))).status).toBe(400);
  });

  it('reports every bad item with its path, and items that are not objects', async () => {
    const { call } = open({ CREATE_MANY: true, UPDATE_MANY: true });
    const failure = await failureOf(
      call('CREATE_MANY', { items: [{ id: 'x', name: '' }, 7, { id: 'y', name: 'Y', colour: 1 }] }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toStrictEqual([
      expect.stringMatching(/^items\[0\]\.name: /),
      'items[1]: the body must be a JSON object',
      'items[2].colour: unknown field',
    ]);
    const update = await failureOf(call('UPDATE_MANY', { items: [{ id: 'a', name: 'A' }, null, { id: 'a' }] }));
    expect(update).toStrictEqual({
      status: 400,
      message: [
        'items[1]: each item must be a JSON object holding the id and the changes',
        'items[2].id: "a" is given twice',
      ],
    });
  });

  it('refuses ids that are neither strings nor numbers with a 400 at their path, unknown ones with a 404', async () => {
    const { call, service } = open({ UPDATE_MANY: true, DELETE_MANY: true });
    expect(await failureOf(call('DELETE_MANY', { ids: [{}, null, true, ['a'], 'a', 'nobody'] }))).toStrictEqual({
      status: 400,
      message: [
        'ids[0]: must be an id (a string or a number)',
        'ids[1]: must be an id (a string or a number)',
        'ids[2]: must be an id (a string or a number)',
        'ids[3]: must be an id (a string or a number)',
        'ids[5]: items "nobody" not found',
      ],
    });
    expect(await failureOf(call('DELETE_MANY', { ids: ['a', 'nobody'] }))).toStrictEqual({
      status: 404,
      message: ['ids[1]: items "nobody" not found'],
    });
    expect(await failureOf(call('UPDATE_MANY', { items: [{ id: { $ne: 1 }, name: 'X' }] }))).toStrictEqual({
      status: 400,
      message: ['items[0].id: must be an id (a string or a number)'],
    });
    expect((await service.list({})).items.map((record) => record.name)).toStrictEqual(['A', 'B']);
  });

  it.each(['CREATE', 'UPDATE', 'PARTIAL_UPDATE', 'RESTORE', 'CREATE_MANY', 'UPDATE_MANY', 'DELETE_MANY'] as const)(
    '%s refuses any query parameter (400) and writes nothing',
    async (type) => {
      const { route, service } = open({ [type]: true });
      const bodies = { CREATE_MANY: { items: [{ id: 'z', name: 'Z' }] }, DELETE_MANY: { ids: ['a'] } };
      const body =
        (bodies as Record<string, unknown>)[type] ??
        (type === 'UPDATE_MANY' ? { items: [{ id: 'a', name: 'Q' }] } : { id: 'z', name: 'Q' });
      const params = type.endsWith('_MANY') || type === 'CREATE' ? {} : { id: 'a' };
      const before = await service.list({});
      for (const query of ['dryRun=true', { dryRun: 'true' }, new URLSearchParams('x=1&x=2')]) {
        const failure = await failureOf(route(type).handle({ params, query, headers: {}, body }));
        expect(failure.status).toBe(400);
        expect(String(failure.message)).toMatch(/^unknown parameter "(dryRun|x)"$/);
      }
      expect(await service.list({})).toStrictEqual(before);
    },
  );

  it('refuses batch and cursor as client-chosen ids, in a single create and in a batch', async () => {
    const { call, route } = open({ CREATE: true, CREATE_MANY: true });
    const single = route('CREATE').handle({ params: {}, query: '', headers: {}, body: { id: 'batch', name: 'X' } });
    expect(await failureOf(single)).toStrictEqual({
      status: 400,
      message: ['id: "batch" is reserved (a path segment of the routes)'],
    });
    expect(await failureOf(call('CREATE_MANY', { items: [{ id: 'cursor', name: 'X' }] }))).toStrictEqual({
      status: 400,
      message: ['items[0].id: "cursor" is reserved (a path segment of the routes)'],
    });
  });

  it('documents the batch routes in a valid OpenAPI document', async () => {
    const { defined } = open({
      GET_LIST: true,
      GET: true,
      CREATE_MANY: { maxItems: 50 },
      UPDATE_MANY: true,
      DELETE_MANY: true,
    });
    const document = toOpenApi(defined, { info: { title: 'Items', version: '1' } });
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toStrictEqual([]);
    const batch = (document.paths as Record<string, Record<string, Record<string, unknown>>>)['/items/batch'];
    expect(Object.keys(batch ?? {})).toStrictEqual(['post', 'patch', 'delete']);
    const body = (batch?.['post']?.['requestBody'] as { content: Record<string, { schema: unknown }> }).content;
    expect(body['application/json']?.schema).toMatchObject({
      required: ['items'],
      properties: {
        items: { type: 'array', minItems: 1, maxItems: 50, items: { $ref: '#/components/schemas/ItemCreate' } },
      },
    });
    // GET {path}/batch is not a record: the path's 405.
    expect(
      Object.keys(
        (document.paths as Record<string, Record<string, { responses: object }>>)['/items/{id}']?.['get']?.responses ??
          {},
      ),
    ).toContain('405');
  });
});
