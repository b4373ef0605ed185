import { describe, expect, it } from 'vitest';
import * as root from '../src/index';

describe('pagelope', () => {
  it('exports exactly these runtime names from the root entry', async () => {
    const names = Object.keys(await import('../src/index')).sort();
    expect(names).toMatchInlineSnapshot(`
      [
        "BadRequestError",
        "CORRELATION_ID_HEADER",
        "CURSOR_DEFAULT_LIMIT",
        "ConflictError",
        "DEFAULT_BODY_LIMIT",
        "ForbiddenError",
        "HttpError",
        "InternalServerError",
        "MAX_LIST_VALUES",
        "NotFoundError",
        "OPERATORS",
        "OPERATOR_NAMES",
        "QUERY_LIMITS",
        "RESERVED_FIELD_NAMES",
        "ROUTE_TYPES",
        "STATUS_NAMES",
        "ServiceUnavailableError",
        "TooManyRequestsError",
        "UnauthorizedError",
        "UnprocessableEntityError",
        "bodyTooLargeError",
        "createHookBus",
        "createMemoryRepository",
        "createResourceService",
        "defineResource",
        "defineRoutes",
        "errorResponse",
        "hasBody",
        "isHttpError",
        "isJsonContentType",
        "isOperatorName",
        "isSafeCorrelationId",
        "malformedEncodingError",
        "methodNotAllowedError",
        "pageMeta",
        "parseContentEncoding",
        "parseCursorQuery",
        "parseJsonBody",
        "parseListQuery",
        "resolveCorrelationId",
        "routeNotFoundError",
        "statusName",
        "toErrorEnvelope",
        "toOpenApi",
        "toOpenApiRoute",
        "toPageResult",
      ]
    `);
  });

  it.each([
    'pageMeta',
    'toPageResult',
    'defineResource',
    'parseListQuery',
    'parseCursorQuery',
    'createMemoryRepository',
    'createHookBus',
    'createResourceService',
    'HttpError',
    'isHttpError',
    'resolveCorrelationId',
    'toErrorEnvelope',
    'errorResponse',
    'defineRoutes',
    'parseJsonBody',
    'isJsonContentType',
    'routeNotFoundError',
    'methodNotAllowedError',
    'bodyTooLargeError',
  ])('exports %s as a function', (name) => {
    expect(typeof (root as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports CORRELATION_ID_HEADER as x-correlation-id', () => {
    expect(root.CORRELATION_ID_HEADER).toBe('x-correlation-id');
  });

  it('does not export internals', () => {
    for (const name of [
      'encodeCursor',
      'decodeCursor',
      'compareCodePoints',
      'cloneRecord',
      'normalizeHeaders',
      'scanPage',
      'checkBody',
      'normalizeScope',
      'withRoutePagination',
      'validatePatch',
    ]) {
      expect(root).not.toHaveProperty(name);
    }
  });
});

/** The runtime names of each subpath entry, resolved as `pagelope/<name>` (the sources, or `dist/` in the dist project). */
describe('subpath entries', () => {
  it.each([
    [
      'pagelope/express',
      () => import('pagelope/express'),
      ['correlationId', 'errorHandler', 'notFound', 'resourceRouter'],
    ],
    ['pagelope/fastify', () => import('pagelope/fastify'), ['pagelope']],
    [
      'pagelope/hono',
      () => import('pagelope/hono'),
      ['correlationId', 'nodeErrorHandler', 'notFound', 'onError', 'resourceRoutes'],
    ],
    ['pagelope/nestjs', () => import('pagelope/nestjs'), ['PagelopeExceptionFilter', 'PagelopeModule']],
    ['pagelope/node', () => import('pagelope/node'), ['clientErrorListener']],
    ['pagelope/client', () => import('pagelope/client'), ['HttpError', 'createClient', 'isHttpError', 'toQueryString']],
    ['pagelope/refine', () => import('pagelope/refine'), ['dataProvider', 'toRefineHttpError']],
  ] as const)('%s exports exactly its names', async (_entry, load, names) => {
    const module = (await load()) as Record<string, unknown>;
    expect(Object.keys(module).sort()).toStrictEqual([...names]);
    for (const name of names) expect(module[name]).toBeDefined();
  });
});
