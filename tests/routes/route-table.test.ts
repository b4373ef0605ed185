import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  ROUTE_TYPES,
  toOpenApi,
  type RouteType,
} from '../../src/index';
import { responseSchemaOf } from '../../src/openapi/index';
import { ROUTE_TABLE, type RouteRow } from '../../src/routes/index';

// With soft delete, so that every row (RESTORE too) is enabled by default.
const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), name: z.string().min(1), deletedAt: z.date().nullable() }),
  clientIds: true,
  softDelete: { field: 'deletedAt' },
});

function setup() {
  const repository = createMemoryRepository(items, { records: [{ id: 'a', name: 'A', deletedAt: null }] });
  return createResourceService({ resource: items, repository });
}

const TYPES = Object.keys(ROUTE_TABLE) as RouteType[];
const column = <K extends keyof RouteRow>(key: K) =>
  Object.fromEntries(TYPES.map((type) => [type, ROUTE_TABLE[type][key]]));
const READ = [400, 414, 429, 431, 500, 503];
const WRITE = [400, 404, 409, 412, 413, 414, 415, 429, 431, 500, 503];

/** A request each row's route answers with its success: the id `a` for an `:id` route, a body for a body route. */
const BODIES: Readonly<Record<RouteRow['body'], unknown>> = {
  none: undefined,
  create: { id: 'b', name: 'B' },
  replace: { name: 'A2' },
  patch: { name: 'A3' },
  createMany: { items: [{ id: 'c', name: 'C' }] },
  updateMany: { items: [{ id: 'a', name: 'A4' }] },
  ids: { ids: ['a'] },
};

/** Every route type enabled (the batch types are not by default). */
const ALL = Object.fromEntries(Object.keys(ROUTE_TABLE).map((type) => [type, true]));

describe('ROUTE_TABLE', () => {
  it('has ROUTE_TYPES as its keys, in order', () => {
    expect(TYPES).toStrictEqual([...ROUTE_TYPES]);
  });

  it('is frozen, with each row and its lists', () => {
    expect(Object.isFrozen(ROUTE_TABLE)).toBe(true);
    for (const row of Object.values(ROUTE_TABLE)) {
      expect(Object.isFrozen(row)).toBe(true);
      expect(Object.isFrozen(row.errors)).toBe(true);
      expect(Object.isFrozen(row.openApi)).toBe(true);
    }
  });

  it('pins each row method', () => {
    expect(column('method')).toStrictEqual({
      GET_LIST: 'GET',
      GET_LIST_CURSOR: 'GET',
      GET: 'GET',
      CREATE: 'POST',
      UPDATE: 'PUT',
      PARTIAL_UPDATE: 'PATCH',
      DELETE: 'DELETE',
      RESTORE: 'POST',
      CREATE_MANY: 'POST',
      UPDATE_MANY: 'PATCH',
      DELETE_MANY: 'DELETE',
    });
  });

  it('pins each row suffix', () => {
    expect(column('suffix')).toStrictEqual({
      GET_LIST: '',
      GET_LIST_CURSOR: '/cursor',
      GET: '/:id',
      CREATE: '',
      UPDATE: '/:id',
      PARTIAL_UPDATE: '/:id',
      DELETE: '/:id',
      RESTORE: '/:id/restore',
      CREATE_MANY: '/batch',
      UPDATE_MANY: '/batch',
      DELETE_MANY: '/batch',
    });
  });

  it('pins each row list query', () => {
    expect(column('query')).toStrictEqual({
      GET_LIST: 'page',
      GET_LIST_CURSOR: 'cursor',
      GET: 'none',
      CREATE: 'none',
      UPDATE: 'none',
      PARTIAL_UPDATE: 'none',
      DELETE: 'none',
      RESTORE: 'none',
      CREATE_MANY: 'none',
      UPDATE_MANY: 'none',
      DELETE_MANY: 'none',
    });
  });

  it('pins each row success status', () => {
    expect(column('status')).toStrictEqual({
      GET_LIST: 200,
      GET_LIST_CURSOR: 200,
      GET: 200,
      CREATE: 201,
      UPDATE: 200,
      PARTIAL_UPDATE: 200,
      DELETE: 204,
      RESTORE: 200,
      CREATE_MANY: 201,
      UPDATE_MANY: 200,
      DELETE_MANY: 200,
    });
  });

  it('pins each row request body', () => {
    expect(column('body')).toStrictEqual({
      GET_LIST: 'none',
      GET_LIST_CURSOR: 'none',
      GET: 'none',
      CREATE: 'create',
      UPDATE: 'replace',
      PARTIAL_UPDATE: 'patch',
      DELETE: 'none',
      RESTORE: 'none',
      CREATE_MANY: 'createMany',
      UPDATE_MANY: 'updateMany',
      DELETE_MANY: 'ids',
    });
  });

  it('pins each row response', () => {
    expect(column('response')).toStrictEqual({
      GET_LIST: 'page',
      GET_LIST_CURSOR: 'cursorPage',
      GET: 'record',
      CREATE: 'record',
      UPDATE: 'record',
      PARTIAL_UPDATE: 'record',
      DELETE: 'none',
      RESTORE: 'record',
      CREATE_MANY: 'items',
      UPDATE_MANY: 'items',
      DELETE_MANY: 'ids',
    });
  });

  it('pins each row location flag: only CREATE', () => {
    expect(TYPES.filter((type) => ROUTE_TABLE[type].location)).toStrictEqual(['CREATE']);
  });

  it('pins each row error statuses, ascending', () => {
    expect(column('errors')).toStrictEqual({
      GET_LIST: READ,
      GET_LIST_CURSOR: READ,
      GET: [400, 404, 414, 429, 431, 500, 503],
      CREATE: [400, 409, 413, 414, 415, 429, 431, 500, 503],
      UPDATE: WRITE,
      PARTIAL_UPDATE: WRITE,
      DELETE: [400, 404, 409, 412, 414, 429, 431, 500, 503],
      RESTORE: [400, 404, 409, 412, 414, 429, 431, 500, 503],
      CREATE_MANY: [400, 409, 413, 414, 415, 429, 431, 500, 503],
      UPDATE_MANY: [400, 404, 409, 413, 414, 415, 429, 431, 500, 503],
      DELETE_MANY: [400, 404, 409, 413, 414, 415, 429, 431, 500, 503],
    });
    for (const { errors } of Object.values(ROUTE_TABLE))
      expect([...errors].sort((a, b) => a - b)).toStrictEqual(errors);
  });

  it('pins each row OpenAPI operation id', () => {
    expect(Object.fromEntries(TYPES.map((type) => [type, ROUTE_TABLE[type].openApi.operationId]))).toStrictEqual({
      GET_LIST: 'list{plural}',
      GET_LIST_CURSOR: 'list{plural}ByCursor',
      GET: 'get{singular}',
      CREATE: 'create{singular}',
      UPDATE: 'replace{singular}',
      PARTIAL_UPDATE: 'update{singular}',
      DELETE: 'delete{singular}',
      RESTORE: 'restore{singular}',
      CREATE_MANY: 'create{plural}',
      UPDATE_MANY: 'update{plural}',
      DELETE_MANY: 'delete{plural}',
    });
  });
});

describe.each(TYPES)('the %s row', (type) => {
  const row = ROUTE_TABLE[type];
  const { routes, resource, path } = defineRoutes(setup(), { routes: ALL });
  const route = routes.find((candidate) => candidate.type === type);
  const pattern = `${path}${row.suffix}`;

  it('gives defineRoutes a route with its method and path, answering its status', async () => {
    expect(route).toMatchObject({ type, method: row.method, path: pattern });
    expect(routes.filter((candidate) => candidate.path === pattern).map((candidate) => candidate.method)).toContain(
      row.method,
    );
    const reply = await route!.handle({
      params: pattern.includes('/:id') ? { id: 'a' } : {},
      query: '',
      headers: {},
      body: BODIES[row.body],
    });
    expect(reply.status).toBe(row.status);
    expect('location' in reply.headers).toBe(row.location);
    const body = reply.body as Record<string, unknown> | undefined;
    if (row.response === 'none') expect(body).toBeUndefined();
    if (row.response === 'record') expect(body).toMatchObject({ id: expect.any(String) });
    if (row.response === 'page') expect(body).toMatchObject({ items: expect.any(Array), total: 1 });
    if (row.response === 'cursorPage') expect(body).toMatchObject({ items: expect.any(Array), nextCursor: null });
    if (row.response === 'items')
      expect(body).toMatchObject({ items: [expect.objectContaining({ id: expect.any(String) })] });
    if (row.response === 'ids') expect(body).toStrictEqual({ ids: ['a'] });
  });

  it('gives the OpenAPI document its operation, body and responses', () => {
    const document = toOpenApi(defineRoutes(setup(), { routes: ALL }), { info: { title: 't', version: '1' } });
    const operation = (document.paths as Record<string, Record<string, Record<string, unknown>>>)[
      pattern.replace('/:id', '/{id}')
    ]?.[row.method.toLowerCase()];
    expect(operation?.['operationId']).toBe(
      row.openApi.operationId.replace(/\{singular\}/, 'Item').replace(/\{plural\}/, 'Items'),
    );
    const schemaOf = (part: unknown) =>
      (part as { content?: Record<string, { schema: { $ref: string } }> } | undefined)?.content?.['application/json']
        ?.schema.$ref;
    const responses = operation?.['responses'] as Record<string, unknown>;
    // The batch bodies and replies are inline objects around the components (no reference of their own).
    const names = {
      none: undefined,
      create: 'ItemCreate',
      replace: 'ItemReplace',
      patch: 'ItemPatch',
      createMany: undefined,
      updateMany: undefined,
      ids: undefined,
    } as const;
    expect(schemaOf(operation?.['requestBody'])?.replace('#/components/schemas/', '')).toBe(names[row.body]);
    const success = {
      page: 'ItemPage',
      cursorPage: 'ItemCursorPage',
      record: 'Item',
      none: undefined,
      items: undefined,
      ids: undefined,
    }[row.response];
    expect(schemaOf(responses[String(row.status)])?.replace('#/components/schemas/', '')).toBe(success);
    const errors = Object.keys(responses).filter((status) => status !== String(row.status));
    // `{path}/cursor` (GET) and `{path}/batch` (POST, PATCH, DELETE) match `{path}/{id}`: a method one of them does not
    // take is that path's 405.
    const shadowed = row.suffix === '/:id';
    expect(errors).toStrictEqual([...row.errors, ...(shadowed ? [405] : [])].sort((a, b) => a - b).map(String));
  });

  it('gives Fastify a response schema for its status, none for a bodiless reply', () => {
    const schemas = responseSchemaOf(route!, resource);
    expect(Object.keys(schemas)).toStrictEqual(row.response === 'none' ? [] : [String(row.status)]);
  });
});

describe('responseSchemaOf', () => {
  it('returns the serializer schemas of every route as the Fastify adapter wrote them', () => {
    const typed = defineResource({
      name: 'kinds',
      schema: z.object({
        id: z.number().int(),
        text: z.string(),
        count: z.number(),
        flag: z.boolean(),
        at: z.date(),
        day: z.iso.date(),
        color: z.enum(['red', 'blue']),
        note: z.string().optional(),
        gone: z.date().nullable(),
        tags: z.array(z.string()),
        secret: z.string(),
      }),
      hidden: ['secret'],
    });
    const routes = defineRoutes(createResourceService({ resource: typed, repository: createMemoryRepository(typed) }));
    const record = {
      type: 'object',
      properties: {
        id: { type: 'number' },
        text: { type: 'string' },
        count: { type: 'number' },
        flag: { type: 'boolean' },
        at: { type: 'string', format: 'date-time' },
        day: { type: 'string' },
        color: { type: 'string' },
        note: { type: ['string', 'null'] },
        gone: { type: ['string', 'null'], format: 'date-time' },
        tags: {},
      },
      additionalProperties: true,
    };
    const meta = {
      total: { type: ['number', 'null'] },
      page: { type: 'number' },
      limit: { type: 'number' },
      totalPages: { type: ['number', 'null'] },
      hasNextPage: { type: 'boolean' },
      hasPreviousPage: { type: 'boolean' },
      totalRelation: { type: 'string' },
    };
    expect(routes.routes.map((route) => [route.type, responseSchemaOf(route, routes.resource)])).toStrictEqual([
      [
        'GET_LIST',
        {
          200: {
            type: 'object',
            properties: { items: { type: 'array', items: record }, ...meta },
            additionalProperties: true,
          },
        },
      ],
      [
        'GET_LIST_CURSOR',
        {
          200: {
            type: 'object',
            properties: { items: { type: 'array', items: record }, nextCursor: { type: ['string', 'null'] } },
            additionalProperties: true,
          },
        },
      ],
      ['GET', { 200: record }],
      ['CREATE', { 201: record }],
      ['UPDATE', { 200: record }],
      ['PARTIAL_UPDATE', { 200: record }],
      ['DELETE', {}],
    ]);
  });

  it("writes a page of records, nullable and optional fields among them, as JSON.stringify does (Fastify's serializer)", async () => {
    const resource = defineResource({
      name: 'notes',
      schema: z.object({
        id: z.string(),
        title: z.string(),
        note: z.string().nullable().optional(),
        rank: z.number().nullable(),
        done: z.boolean().nullable(),
        day: z.iso.date().nullable(),
        gone: z.date().nullable(),
      }),
    });
    const routes = defineRoutes(createResourceService({ resource, repository: createMemoryRepository(resource) }));
    const list = routes.routes.find((route) => route.type === 'GET_LIST');
    const { default: build } = await import('fast-json-stringify');
    const write = build(responseSchemaOf(list!, routes.resource)['200'] as never);
    const page = {
      items: [
        { id: 'a', title: 'A', note: null, rank: null, done: null, day: null, gone: null },
        {
          id: 'b',
          title: 'B',
          rank: 1.5,
          done: false,
          day: '2024-02-29',
          gone: new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 999)),
        },
        {
          id: 'c',
          title: 'C',
          note: 'x "é"',
          rank: 0,
          done: true,
          day: null,
          gone: null,
          extra: { added: 'by a hook' },
        },
      ],
      total: 3,
      page: 1,
      limit: 20,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    };
    expect(write(page)).toBe(JSON.stringify(page));
  });
});
