/** Types of pagelope/fastify: the pagelope plugin and its options. */
import Fastify, { type FastifyPluginCallback, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type ResourceRoutes,
} from 'pagelope';
import { pagelope, type PagelopeFastifyOptions } from 'pagelope/fastify';
import type { ErrorReportInfo, ReportError } from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const books = defineResource({ name: 'books', schema: z.object({ id: z.string(), title: z.string() }) });
const routes = defineRoutes(createResourceService({ resource: books, repository: createMemoryRepository(books) }));

describe('pagelope', () => {
  it('is a Fastify plugin of PagelopeFastifyOptions, registered with routes of any record type', () => {
    expectTypeOf(pagelope).toEqualTypeOf<FastifyPluginCallback<PagelopeFastifyOptions>>();
    expectTypeOf(pagelope).not.toBeAny();
    expectTypeOf<PagelopeFastifyOptions['routes']>().toEqualTypeOf<ResourceRoutes | readonly ResourceRoutes[]>();
    expectTypeOf<PagelopeFastifyOptions['locals']>().toEqualTypeOf<
      ((request: FastifyRequest, reply: FastifyReply) => object | Promise<object>) | undefined
    >();
    void Fastify().register(pagelope, { routes, locals: (request) => ({ ip: request.ip }) });
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error routes are required
    void Fastify().register(pagelope, { bodyLimit: 1024 });
    // @ts-expect-error locals returns an object
    void Fastify().register(pagelope, { routes, locals: () => 'tenant' });
  });
});

describe('pagelope reportError', () => {
  it('takes a ReportError or false, the info typed, and refuses anything else', () => {
    expectTypeOf<PagelopeFastifyOptions['reportError']>().toEqualTypeOf<ReportError | false | undefined>();
    void Fastify().register(pagelope, {
      routes,
      reportError: (error, info) => {
        expectTypeOf(error).toBeUnknown();
        expectTypeOf(info).toEqualTypeOf<ErrorReportInfo>();
      },
    });
    void Fastify().register(pagelope, { routes, reportError: false });
    // @ts-expect-error reportError is a function or false
    void Fastify().register(pagelope, { routes, reportError: true });
  });
});
