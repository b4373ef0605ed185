/** Types of the openapi module: toOpenApi and toOpenApiRoute (root entry). */
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  toOpenApi,
  type OpenApiDocument,
  type OpenApiOptions,
  type ResourceRoutes,
} from 'pagelope';
import { toOpenApiRoute, type OpenApiRouteOptions } from 'pagelope/http';
import { type OpenApiRoute } from '../../src/openapi/index';
import {
  type OpenApiHeader,
  type OpenApiSecurityRequirement,
  type OpenApiSecurityScheme,
} from '../../src/openapi/index';
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

describe('the securitySchemes, security and headers options', () => {
  it('takes the five scheme types, requirements by scheme name and headers by name', () => {
    const options = {
      info,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        key: { type: 'apiKey', name: 'x-api-key', in: 'header' },
        oauth: { type: 'oauth2', flows: {} },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com' },
        mtls: { type: 'mutualTLS' },
      },
      security: [{ bearer: [] }, { oauth: ['read'] }],
      headers: { 'x-tenant-id': { required: true, schema: { type: 'string' } } },
    } satisfies OpenApiOptions;
    expectTypeOf(toOpenApi(routes, options).security).toEqualTypeOf<
      readonly OpenApiSecurityRequirement[] | undefined
    >();
    expectTypeOf(toOpenApiRoute(routes, { ...options, path: '/spec.json' })).toEqualTypeOf<OpenApiRoute>();
    expectTypeOf<OpenApiSecurityScheme['type']>().toEqualTypeOf<
      'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS'
    >();
    expectTypeOf<OpenApiHeader['required']>().toEqualTypeOf<boolean | undefined>();
  });

  it('refuses malformed schemes and headers at compile time', () => {
    // @ts-expect-error not an OpenAPI scheme type
    toOpenApi(routes, { info, securitySchemes: { a: { type: 'magic' } } });
    // @ts-expect-error an apiKey scheme needs in
    toOpenApi(routes, { info, securitySchemes: { a: { type: 'apiKey', name: 'k' } } });
    // @ts-expect-error scopes are a list of strings
    toOpenApi(routes, { info, security: [{ bearer: 'read' }] });
    // @ts-expect-error required is a boolean
    toOpenApi(routes, { info, headers: { 'x-tenant-id': { required: 'yes' } } });
  });
});

describe('defineRoutes filledOnCreate', () => {
  it('takes field names, and gives them back on the routes', () => {
    const service = createResourceService({ resource: books, repository: createMemoryRepository(books) });
    expectTypeOf(defineRoutes(service, { filledOnCreate: ['title'] }).filledOnCreate).toEqualTypeOf<
      readonly string[]
    >();
    // @ts-expect-error a list of names, not one
    defineRoutes(service, { filledOnCreate: 'title' });
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
