/**
 * What the conformance run (conformance-run.test.ts) found the document saying that the server does not do, each
 * pinned down on the document itself: 401 and 403 where `security` is set, the JSON `or` parameter described as the
 * server reads it, `x-total-count` required only where every answer has it, and a batch update item whose `id` is
 * not read-only.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  toOpenApi,
  type OpenApiDocument,
} from 'pagelope';
import { createConformanceRoutes } from './conformance-resources';
import { CONFORMANCE_OPENAPI } from './conformance-app';

type Json = Record<string, any>;

const routes = await createConformanceRoutes();
const info = { title: 'truth', version: '1.0.0' };
const secured = toOpenApi(routes, {
  info,
  securitySchemes: CONFORMANCE_OPENAPI.securitySchemes!,
  security: CONFORMANCE_OPENAPI.security!,
});
const open = toOpenApi(routes, { info });

const operations = (document: OpenApiDocument): Json[] =>
  Object.values(document.paths).flatMap((item) => Object.values(item) as Json[]);

describe('the document, as the server answers', () => {
  it('lists 401 and 403 on every operation where security requires a scheme, and neither without', () => {
    for (const operation of operations(secured)) {
      expect(operation['responses']['401'], operation['operationId']).toEqual({
        $ref: '#/components/responses/Unauthorized',
      });
      expect(operation['responses']['403'], operation['operationId']).toEqual({
        $ref: '#/components/responses/Forbidden',
      });
    }
    const responses = secured.components.responses as Json;
    expect(responses['Unauthorized']['content']['application/json']['schema']).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
    expect(responses['Forbidden']['headers']).toHaveProperty('x-correlation-id');
    for (const operation of operations(open)) expect(Object.keys(operation['responses'])).not.toContain('401');
    expect(open.components.responses).not.toHaveProperty('Unauthorized');
    // `security: [{}]` makes authentication optional: a request without credentials is not a 401.
    const optional = toOpenApi(routes, { info, securitySchemes: CONFORMANCE_OPENAPI.securitySchemes!, security: [{}] });
    for (const operation of operations(optional)) expect(Object.keys(operation['responses'])).not.toContain('401');
  });

  it('describes the JSON `or` groups as the server reads them: operators of a field, each list with at least one value', () => {
    const list = (open.paths['/books'] as Json)['get'];
    const or = list['parameters'].find((parameter: Json) => parameter['name'] === 'or');
    const fields = or['schema']['contentSchema']['items']['properties'];
    expect(Object.keys(fields['title']['properties'])).toEqual(['eq', 'contl', 'startsl', 'inl']);
    expect(fields['genre']['properties']['in']['minItems']).toBe(1);
    for (const field of Object.values(fields) as Json[])
      for (const value of Object.values(field['properties']) as Json[])
        if (value['type'] === 'array') expect(value['minItems']).toBeGreaterThanOrEqual(1);
  });

  it('requires x-total-count only on a list route whose answers all have an exact total', () => {
    const list = (open.paths['/books'] as Json)['get'];
    expect(list['responses']['200']['headers']['x-total-count']['required']).toBe(false);
    const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), text: z.string() }) });
    const service = createResourceService({ resource: notes, repository: createMemoryRepository(notes) });
    const exact = defineRoutes(service, { routes: { GET_LIST: { totalCountHeader: true } } });
    const estimated = defineRoutes(service, { routes: { GET_LIST: { totalCountHeader: true, total: 'estimated' } } });
    const header = (routes: typeof exact) =>
      ((toOpenApi(routes, { info }).paths['/notes'] as Json)['get']['responses']['200']['headers'] as Json)[
        'x-total-count'
      ];
    expect(header(exact)['required']).toBe(true);
    expect(header(estimated)['required']).toBe(false);
  });

  it('describes a batch update item whose id is required and not read-only', () => {
    const update = (open.paths['/books/batch'] as Json)['patch'];
    const item = update['requestBody']['content']['application/json']['schema']['properties']['items']['items'];
    expect(item['required']).toEqual(['id']);
    expect(item['properties']['id']['readOnly']).toBeUndefined();
    expect(JSON.stringify(item)).not.toContain('"readOnly":true');
  });

  it('describes if-match as the server reads it: `*` or a list of entity tags of versions', () => {
    const put = (open.paths['/books/{id}'] as Json)['put'];
    const schema = put['parameters'].find((parameter: Json) => parameter['name'] === 'if-match')['schema'];
    const pattern = new RegExp(schema['pattern']);
    for (const value of ['*', '"3"', ' "3", W/"4" ', '"123456789012345"'])
      expect([value, pattern.test(value)]).toEqual([value, true]);
    for (const value of ['abc', '"0"', '3', '"3",', '"1234567890123456"', '**'])
      expect([value, pattern.test(value)]).toEqual([value, false]);
    expect(schema['maxLength']).toBe(1000);
  });

  it('describes select and orderBy as the server reads them: each field named once', () => {
    const list = (open.paths['/books'] as Json)['get'];
    for (const [name, once, twice] of [
      ['select', 'title,pages', 'title,pages,title'],
      ['orderBy', 'pages,title', 'pages,pages'],
    ] as const) {
      const schema = list['parameters'].find((parameter: Json) => parameter['name'] === name)['schema'];
      const valid = (text: string) =>
        new RegExp(schema['pattern'], 'u').test(text) && !new RegExp(schema['not']['pattern'], 'u').test(text);
      expect([name, valid(once), valid(twice)]).toEqual([name, true, false]);
    }
  });
});
