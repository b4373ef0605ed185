/** Types of the openapi module: toOpenApi and toOpenApiRoute (root entry). */
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  toOpenApi,
  toOpenApiRoute,
  type OpenApiDocument,
  type OpenApiOptions,
  type OpenApiRoute,
  type OpenApiRouteOptions,
  type ResourceRoutes,
} from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const books = defineResource({ name: 'books', schema: z.object({ id: z.string(), title: z.string() }) });
const routes = defineRoutes(createResourceService({ resource: books, repository: createMemoryRepository(books) }));
const info = { title: 'Books', version: '1.0.0' };

describe('toOpenApi', () => {
  it('takes routes of any record type, one or a list, and returns an OpenApiDocument', () => {
    expectTypeOf(toOpenApi(routes, { info })).toEqualTypeOf<OpenApiDocument>();
    expectTypeOf(
      toOpenApi([routes], { info, servers: [{ url: 'http://127.0.0.1' }] }),
    ).toEqualTypeOf<OpenApiDocument>();
    expectTypeOf(toOpenApi).parameter(0).toEqualTypeOf<ResourceRoutes | readonly ResourceRoutes[]>();
    expectTypeOf(toOpenApi).parameter(1).toEqualTypeOf<OpenApiOptions>();
    expectTypeOf<OpenApiDocument['openapi']>().toEqualTypeOf<'3.1.0'>();
    expectTypeOf(toOpenApi(routes, { info })).not.toBeAny();
  });

  it('rejects a document without info at compile time', () => {
    // @ts-expect-error info is required
    toOpenApi(routes, {});
    // @ts-expect-error info needs a version
    toOpenApi(routes, { info: { title: 'Books' } });
  });
});

describe('toOpenApiRoute', () => {
  it('returns the path and the document', () => {
    const route = toOpenApiRoute(routes, { info, path: '/docs.json' });
    expectTypeOf(route).toEqualTypeOf<OpenApiRoute>();
    expectTypeOf(route.path).toEqualTypeOf<string>();
    expectTypeOf(route.document).toEqualTypeOf<OpenApiDocument>();
    expectTypeOf(toOpenApiRoute).parameter(1).toEqualTypeOf<OpenApiRouteOptions>();
    // @ts-expect-error the path is a string
    toOpenApiRoute(routes, { info, path: 42 });
  });
});
