/** Types of pagelope/hono: resourceRoutes, the correlation-id middleware and the error and not-found handlers. */
import type { getRequestListener } from '@hono/node-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from 'pagelope';
import {
  correlationId,
  nodeErrorHandler,
  notFound,
  onError,
  resourceRoutes,
  type NodeErrorHandler,
  type NodeErrorHandlerOptions,
  type OnErrorOptions,
  type ResourceRoutesOptions,
} from 'pagelope/hono';
import type { ErrorReportInfo, ReportError } from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const books = defineResource({ name: 'books', schema: z.object({ id: z.string(), title: z.string() }) });
const routes = defineRoutes(createResourceService({ resource: books, repository: createMemoryRepository(books) }));

interface AppEnv {
  Variables: { tenant: string };
}

describe('resourceRoutes', () => {
  it("returns a Hono app of the app's Env, with locals typed by its Context", () => {
    expectTypeOf(resourceRoutes<AppEnv>(routes)).toEqualTypeOf<Hono<AppEnv>>();
    expectTypeOf(resourceRoutes(routes)).not.toBeAny();
    expectTypeOf<ResourceRoutesOptions<AppEnv>>().not.toBeAny();
    resourceRoutes<AppEnv>(routes, { locals: (c) => ({ tenant: c.get('tenant') }) });
    // @ts-expect-error locals returns an object
    resourceRoutes(routes, { locals: () => 'tenant' });
  });

  it("types locals as a function of the app's own Context, returning an object or a promise of one", () => {
    expectTypeOf<ResourceRoutesOptions<AppEnv>['locals']>().toEqualTypeOf<
      ((c: Context<AppEnv>) => object | Promise<object>) | undefined
    >();
    const options: ResourceRoutesOptions<AppEnv> = { locals: async (c) => ({ tenant: c.get('tenant') }) };
    expectTypeOf(options).not.toBeAny();
    // @ts-expect-error locals returns an object
    const wrong: ResourceRoutesOptions = { locals: () => 'tenant' };
    expectTypeOf(wrong).not.toBeAny();
  });
});

describe('correlationId, onError, notFound and nodeErrorHandler', () => {
  it('return middleware and handlers Hono takes', () => {
    expectTypeOf(correlationId()).toEqualTypeOf<MiddlewareHandler>();
    expectTypeOf(onError).toMatchTypeOf<(error: unknown, c: Context) => Response>();
    expectTypeOf(onError({})).toEqualTypeOf<(error: unknown, c: Context) => Response>();
    expectTypeOf(notFound).toEqualTypeOf<(c: Context) => Response>();
    expectTypeOf(nodeErrorHandler(new Error('x'))).toEqualTypeOf<Response>();
    new Hono().use(correlationId()).onError(onError).notFound(notFound);
    // @ts-expect-error correlationId is a factory: call it
    new Hono().use(correlationId);
  });

  it('gives c.get("correlationId") the type string', () => {
    new Hono<AppEnv>().use(correlationId()).get('/', (c) => {
      expectTypeOf(c.get('correlationId')).toEqualTypeOf<string>();
      return c.text(c.get('correlationId'));
    });
  });

  it("pass nodeErrorHandler, as it is or called with options, where @hono/node-server's getRequestListener takes it", () => {
    type ErrorHandler = NonNullable<NonNullable<Parameters<typeof getRequestListener>[1]>['errorHandler']>;
    expectTypeOf(nodeErrorHandler).toMatchTypeOf<ErrorHandler>();
    expectTypeOf(nodeErrorHandler({ reportError: false })).toMatchTypeOf<ErrorHandler>();
  });
});

describe('reportError on onError and nodeErrorHandler', () => {
  it('takes a ReportError or false, with info typed, and refuses anything else', () => {
    expectTypeOf<OnErrorOptions['reportError']>().toEqualTypeOf<ReportError | false | undefined>();
    expectTypeOf<NodeErrorHandlerOptions['reportError']>().toEqualTypeOf<ReportError | false>();
    new Hono().onError(
      onError({
        reportError: (error, info) => {
          expectTypeOf(error).toBeUnknown();
          expectTypeOf(info).toEqualTypeOf<ErrorReportInfo>();
          expectTypeOf(info.correlationId).toBeString();
        },
      }),
    );
    new Hono().onError(onError({ reportError: false })).onError(onError());
    // An async reporter is fine too.
    onError({ reportError: async () => undefined });
    expectTypeOf(nodeErrorHandler({ reportError: false })).toEqualTypeOf<NodeErrorHandler>();
    // @ts-expect-error reportError is a function or false
    onError({ reportError: true });
    // @ts-expect-error an unknown option
    onError({ report: false });
  });
});
