/**
 * The total modes in the OpenAPI document and the Fastify response schema: the `total` query parameter where
 * `clientTotal` enables it, nullable totals and `totalRelation` in the page schema, and a serializer that writes them.
 */
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  toOpenApi,
  type RouteOptions,
} from '../../src/index';
import { responseSchemaOf } from '../../src/openapi/index';

const things = defineResource({ name: 'things', schema: z.object({ id: z.string(), n: z.number() }) });

function documentOf(options: RouteOptions) {
  const service = createResourceService({ resource: things, repository: createMemoryRepository(things) });
  return toOpenApi([defineRoutes(service, { routes: { GET_LIST: options } })], {
    info: { title: 'things', version: '1' },
  }) as unknown as {
    paths: Record<string, { get: { parameters: { name: string; schema?: { enum?: string[] } }[] } }>;
    components: { schemas: Record<string, { properties: Record<string, { type: unknown; enum?: string[] }> }> };
  };
}

describe('toOpenApi and the total modes', () => {
  it('describes the total parameter with the modes clientTotal lists, and only there', () => {
    const parameter = (options: RouteOptions) =>
      documentOf(options).paths['/things']?.get.parameters.find((one) => one.name === 'total');
    expect(parameter({ clientTotal: ['none', 'estimated'] })?.schema?.enum).toStrictEqual(['none', 'estimated']);
    expect(parameter({ total: 'none' })).toBeUndefined();
    expect(parameter({})).toBeUndefined();
  });

  it.each([
    ['no total option', {}, 'integer', false],
    ["total 'exact'", { total: 'exact' }, 'integer', false],
    ["total 'none'", { total: 'none' }, ['integer', 'null'], false],
    ["total 'estimated'", { total: 'estimated' }, 'integer', true],
    ["clientTotal ['none']", { clientTotal: ['none'] }, ['integer', 'null'], false],
    ["clientTotal ['estimated']", { clientTotal: ['estimated'] }, 'integer', true],
    ["total 'none' with clientTotal ['exact']", { total: 'none', clientTotal: ['exact'] }, ['integer', 'null'], false],
    ["clientTotal ['none', 'estimated']", { clientTotal: ['none', 'estimated'] }, ['integer', 'null'], true],
  ] as const)(
    'types the page totals of a route with %s by the modes it may answer in',
    (_name, options, type, relation) => {
      const page = documentOf(options).components.schemas['ThingPage'];
      expect(page?.properties['total']?.type).toStrictEqual(type);
      expect(page?.properties['totalPages']?.type).toStrictEqual(type);
      expect(page?.properties['totalRelation']?.enum).toStrictEqual(relation ? ['eq', 'approx'] : undefined);
      expect(Object.keys(page?.properties ?? {}).includes('totalRelation')).toBe(relation);
    },
  );

  it.each([
    { items: [], total: null, page: 2, limit: 5, totalPages: null, hasNextPage: false, hasPreviousPage: true },
    {
      items: [],
      total: 1001,
      page: 1,
      limit: 5,
      totalPages: 201,
      hasNextPage: true,
      hasPreviousPage: false,
      totalRelation: 'approx',
    },
  ])('lets the Fastify serializer write a page of any mode as JSON.stringify does (%#)', (page) => {
    const schema = responseSchemaOf({ type: 'GET_LIST' }, things as never)[200];
    expect(fastJson(schema as never)(page)).toBe(JSON.stringify(page));
  });
});
