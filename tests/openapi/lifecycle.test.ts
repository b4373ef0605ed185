/**
 * The lifecycle in the OpenAPI document: `deleted` and `permanent` where routes enable them, the `etag` header,
 * `if-match` and `if-none-match` (with the 304) on a versioned resource, the RESTORE operation, and the soft-delete
 * and version fields kept out of the write bodies.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  toOpenApi,
  type DefineRoutesOptions,
} from 'pagelope';
import { createBookRoutes } from './books-routes';
import { ALL_LIFECYCLE_OPTIONS, createLifecycleRoutes } from './lifecycle-routes';

type Json = Record<string, any>;
const info = { title: 'Lifecycle', version: '1.0.0' };
const documentOf = (routes?: DefineRoutesOptions['routes']): Json =>
  toOpenApi(createLifecycleRoutes(routes), { info }) as Json;
const full = documentOf();
const plain = documentOf({ ...Object.fromEntries(Object.keys(ALL_LIFECYCLE_OPTIONS).map((type) => [type, true])) });

/** The operations of a document, as `METHOD path`. */
const operations = (document: Json): [string, Json][] =>
  Object.entries(document['paths'] as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]): [string, Json] => [
      `${method.toUpperCase()} ${path}`,
      operation as Json,
    ]),
  );
const parameter = (operation: Json, name: string): Json | undefined =>
  (operation['parameters'] as Json[]).find((one) => one['name'] === name);
const withParameter = (document: Json, name: string): string[] =>
  operations(document)
    .filter(([, operation]) => parameter(operation, name) !== undefined)
    .map(([key]) => key);

describe('toOpenApi (lifecycle)', () => {
  it('documents deleted (include, only) on the reads with the option, permanent (true, false) on DELETE with it', () => {
    expect(withParameter(full, 'deleted')).toEqual(['GET /notes', 'GET /notes/cursor', 'GET /notes/{id}']);
    expect(parameter(full['paths']['/notes']['get'], 'deleted')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['include', 'only'] },
    });
    expect(withParameter(full, 'permanent')).toEqual(['DELETE /notes/{id}']);
    expect(parameter(full['paths']['/notes/{id}']['delete'], 'permanent')).toMatchObject({
      in: 'query',
      schema: { type: 'string', enum: ['true', 'false'] },
    });
    expect(withParameter(plain, 'deleted')).toEqual([]);
    expect(withParameter(plain, 'permanent')).toEqual([]);
  });

  it('documents the etag header, a shared component, on the success responses of one record only', () => {
    const tagged = operations(full)
      .filter(([, operation]) =>
        Object.values(operation['responses'] as Json).some((response: Json) => response['headers']?.['etag']),
      )
      .map(([key]) => key);
    expect(tagged).toEqual([
      'POST /notes',
      'GET /notes/{id}',
      'PUT /notes/{id}',
      'PATCH /notes/{id}',
      'POST /notes/{id}/restore',
    ]);
    expect(full['paths']['/notes']['post']['responses']['201']['headers']['etag']).toEqual({
      $ref: '#/components/headers/ETag',
    });
    expect(full['components']['headers']['ETag']).toMatchObject({ required: true, schema: { type: 'string' } });
    expect(new RegExp(full['components']['headers']['ETag']['schema']['pattern']).test('"3"')).toBe(true);
  });

  it('documents if-match on the writes to one record, required where requireIfMatch is on', () => {
    expect(withParameter(full, 'if-match')).toEqual([
      'PUT /notes/{id}',
      'PATCH /notes/{id}',
      'DELETE /notes/{id}',
      'POST /notes/{id}/restore',
    ]);
    for (const [, operation] of operations(full).filter(([key]) => withParameter(full, 'if-match').includes(key))) {
      expect(parameter(operation, 'if-match')).toMatchObject({ in: 'header', required: true });
      expect(operation['responses']['428']).toEqual({ $ref: '#/components/responses/PreconditionRequired' });
      expect(operation['responses']['412']).toEqual({ $ref: '#/components/responses/PreconditionFailed' });
    }
    expect(withParameter(plain, 'if-match')).toEqual(withParameter(full, 'if-match'));
    for (const key of withParameter(plain, 'if-match')) {
      const operation = operations(plain).find(([one]) => one === key)![1];
      expect(parameter(operation, 'if-match')?.['required']).toBe(false);
      expect(operation['responses']['428']).toBeUndefined();
    }
  });

  it('documents if-none-match and a 304 without content (etag, x-correlation-id) on GET {path}/{id}', () => {
    expect(withParameter(full, 'if-none-match')).toEqual(['GET /notes/{id}']);
    expect(full['paths']['/notes/{id}']['get']['responses']['304']).toEqual({
      description: expect.stringContaining('Not Modified'),
      headers: {
        'x-correlation-id': { $ref: '#/components/headers/CorrelationId' },
        etag: { $ref: '#/components/headers/ETag' },
      },
    });
    expect(Object.keys(full['paths']['/notes']['get']['responses'])).not.toContain('304');
  });

  it('documents RESTORE: no request body, the record with 200, and 404, 409, 412 and 428 among its errors', () => {
    const restore = full['paths']['/notes/{id}/restore']['post'];
    expect(restore['operationId']).toBe('restoreNote');
    expect(restore['requestBody']).toBeUndefined();
    expect(restore['responses']['200']['content']).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Note' } },
    });
    expect(Object.keys(restore['responses'])).toEqual(
      expect.arrayContaining(['200', '400', '404', '409', '412', '428']),
    );
  });

  it('describes deletedAt and version in the record, and in none of the write bodies', () => {
    const schemas = full['components']['schemas'];
    expect(Object.keys(schemas['Note']['properties'])).toEqual(['id', 'title', 'deletedAt', 'version']);
    for (const name of ['NoteCreate', 'NoteReplace', 'NotePatch']) {
      expect(Object.keys(schemas[name]['properties'])).not.toContain('deletedAt');
      expect(Object.keys(schemas[name]['properties'])).not.toContain('version');
      expect(schemas[name]['required'] ?? []).not.toContain('version');
    }
  });

  it('documents no etag, if-match or if-none-match for a resource without a version, unless a route requires if-match', () => {
    const books = toOpenApi(createBookRoutes(), { info }) as Json;
    expect(JSON.stringify(books)).not.toMatch(/etag|ETag|if-match|if-none-match/);
    expect(books['components']['headers']['ETag']).toBeUndefined();
    const tags = defineResource({ name: 'tags', schema: z.object({ id: z.string(), name: z.string() }) });
    const service = createResourceService({ resource: tags, repository: createMemoryRepository(tags) });
    const required = toOpenApi(defineRoutes(service, { routes: { GET: true, DELETE: { requireIfMatch: true } } }), {
      info,
    }) as Json;
    expect(parameter(required['paths']['/tags/{id}']['delete'], 'if-match')).toMatchObject({
      required: true,
      description: expect.stringContaining('`*`'),
    });
    expect(parameter(required['paths']['/tags/{id}']['get'], 'if-none-match')).toBeUndefined();
  });
});

describe("toOpenApi (lifecycle) against the routes' own answers", () => {
  it('answers the headers the document names: etag on a record, a 304 with etag and no body', async () => {
    const routes = createLifecycleRoutes();
    const get = routes.routes.find((route) => route.type === 'GET')!;
    const reply = await get.handle({ params: { id: 'n1' }, query: '', headers: {} });
    const documented = Object.keys(full['paths']['/notes/{id}']['get']['responses']['200']['headers']).sort();
    expect(Object.keys(reply.headers).sort()).toEqual(documented);
    const again = await get.handle({
      params: { id: 'n1' },
      query: '',
      headers: { 'if-none-match': reply.headers['etag'] },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(Object.keys(again.headers).sort()).toEqual(
      Object.keys(full['paths']['/notes/{id}']['get']['responses']['304']['headers']).sort(),
    );
  });
});
