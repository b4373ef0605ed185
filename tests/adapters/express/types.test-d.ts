/** Types of pagelope/express: resourceRouter and the correlation-id, not-found and error middleware. */
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type ResourceRoutes,
} from 'pagelope';
import {
  correlationId,
  errorHandler,
  notFound,
  resourceRouter,
  type ErrorHandlerOptions,
  type ResourceRouterOptions,
} from 'pagelope/express';
import type { ErrorReportInfo, ReportError } from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const books = defineResource({ name: 'books', schema: z.object({ id: z.string(), title: z.string() }) });
const routes = defineRoutes(createResourceService({ resource: books, repository: createMemoryRepository(books) }));

describe('resourceRouter', () => {
  it('takes the routes of any record type, one or a list, and returns an Express Router', () => {
    expectTypeOf(resourceRouter(routes)).toEqualTypeOf<Router>();
    expectTypeOf(resourceRouter([routes, routes as ResourceRoutes], { bodyLimit: 1024 })).toEqualTypeOf<Router>();
    expectTypeOf(resourceRouter).parameter(1).toEqualTypeOf<ResourceRouterOptions | undefined>();
    expectTypeOf<ResourceRouterOptions['locals']>().toEqualTypeOf<
      ((req: Request, res: Response) => object | Promise<object>) | undefined
    >();
    expectTypeOf(resourceRouter(routes)).not.toBeAny();
    express().use(resourceRouter(routes, { locals: async (req) => ({ user: req.get('x-user') }) }));
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error locals returns an object
    resourceRouter(routes, { locals: () => 'tenant' });
    // @ts-expect-error bodyLimit is a number of bytes
    resourceRouter(routes, { bodyLimit: '16kb' });
    // @ts-expect-error it takes routes from defineRoutes, not a resource
    resourceRouter(books);
  });
});

describe('correlationId, notFound and errorHandler', () => {
  it('return Express middleware and an error handler', () => {
    expectTypeOf(correlationId()).toEqualTypeOf<RequestHandler>();
    expectTypeOf(notFound()).toEqualTypeOf<RequestHandler>();
    expectTypeOf(errorHandler()).toEqualTypeOf<ErrorRequestHandler>();
    express().use(correlationId()).use(notFound()).use(errorHandler());
    // @ts-expect-error the factories take no options
    express().use(correlationId({ header: 'x-request-id' }));
  });
});

describe('errorHandler reportError', () => {
  it('takes a ReportError or false, the info typed, and refuses anything else', () => {
    expectTypeOf<ErrorHandlerOptions['reportError']>().toEqualTypeOf<ReportError | false | undefined>();
    expectTypeOf(errorHandler).parameter(0).toEqualTypeOf<ErrorHandlerOptions | undefined>();
    errorHandler({
      reportError: (error, info) => {
        expectTypeOf(error).toBeUnknown();
        expectTypeOf(info).toEqualTypeOf<ErrorReportInfo>();
        expectTypeOf(info.correlationId).toBeString();
        expectTypeOf(info.statusCode).toBeNumber();
      },
    });
    errorHandler({ reportError: async () => undefined });
    errorHandler({ reportError: false });
    // @ts-expect-error reportError is a function or false
    errorHandler({ reportError: true });
    // @ts-expect-error reportError is a function or false
    errorHandler({ reportError: 'console' });
  });
});
