/** Types of pagelope/nestjs: PagelopeModule.forRoot, its options and PagelopeExceptionFilter. */
import type { DynamicModule, ExceptionFilter } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import type { Request } from 'express';
import type { FastifyRequest } from 'fastify';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type ErrorReportInfo,
  type ReportError,
  type ResourceRoutes,
} from 'pagelope';
import {
  PagelopeExceptionFilter,
  PagelopeModule,
  type PagelopeExceptionFilterOptions,
  type PagelopeModuleOptions,
} from 'pagelope/nestjs';

const things = defineResource({ name: 'things', schema: z.object({ id: z.string(), name: z.string() }) });
const routes = defineRoutes(createResourceService({ resource: things, repository: createMemoryRepository(things) }));

describe('pagelope/nestjs types', () => {
  it('takes one ResourceRoutes or an array of them, of any record type', () => {
    expectTypeOf<PagelopeModuleOptions['routes']>().toEqualTypeOf<ResourceRoutes | readonly ResourceRoutes[]>();
    expectTypeOf(PagelopeModule.forRoot({ routes })).toEqualTypeOf<DynamicModule>();
    const other = defineRoutes(
      createResourceService({ resource: things, repository: createMemoryRepository(things) }),
      {
        path: '/other',
      },
    );
    expectTypeOf(PagelopeModule.forRoot({ routes: [routes, other] as const })).not.toBeAny();
    // Misuse, type-checked only: forRoot would throw its TypeErrors at run time.
    const misuse = () => {
      // @ts-expect-error routes are required
      PagelopeModule.forRoot({ bodyLimit: 1024 });
      // @ts-expect-error bodyLimit is a number of bytes
      PagelopeModule.forRoot({ routes, bodyLimit: '16kb' });
    };
    expectTypeOf(misuse).toBeFunction();
  });

  it("types locals' request as the platform request it is annotated with, returning an object or a promise of one", () => {
    expectTypeOf<PagelopeModuleOptions<FastifyRequest>['locals']>().toEqualTypeOf<
      | ((request: FastifyRequest) => Readonly<Record<string, unknown>> | Promise<Readonly<Record<string, unknown>>>)
      | undefined
    >();
    PagelopeModule.forRoot({ routes, locals: (request: Request) => ({ user: request.get('x-user') }) });
    PagelopeModule.forRoot({ routes, locals: async (request: FastifyRequest) => ({ ip: request.ip }) });
    // @ts-expect-error locals returns an object
    PagelopeModule.forRoot({ routes, locals: () => 'tenant' });
    expectTypeOf<PagelopeModuleOptions>().not.toBeAny();
  });

  it('builds the filter from the HttpAdapterHost and optional routes', () => {
    expectTypeOf(PagelopeExceptionFilter).constructorParameters.toEqualTypeOf<
      [adapterHost: HttpAdapterHost, options?: PagelopeExceptionFilterOptions]
    >();
    expectTypeOf<PagelopeExceptionFilterOptions['routes']>().toEqualTypeOf<readonly ResourceRoutes[] | undefined>();
  });
});

describe('PagelopeModule.forRoot', () => {
  it('takes PagelopeModuleOptions and returns a DynamicModule', () => {
    expectTypeOf(PagelopeModule.forRoot({ routes })).toEqualTypeOf<DynamicModule>();
    expectTypeOf(PagelopeModule.forRoot<{ ip: string }>)
      .parameter(0)
      .toEqualTypeOf<PagelopeModuleOptions<{ ip: string }>>();
    expectTypeOf<PagelopeModuleOptions<{ ip: string }>>().not.toBeAny();
    // @ts-expect-error routes are required
    PagelopeModule.forRoot({});
  });
});

describe('PagelopeExceptionFilter', () => {
  it('is an ExceptionFilter built from the HttpAdapterHost and optional routes', () => {
    expectTypeOf(PagelopeExceptionFilter).instance.toExtend<ExceptionFilter>();
    expectTypeOf(PagelopeExceptionFilter).constructorParameters.toEqualTypeOf<
      [adapterHost: HttpAdapterHost, options?: PagelopeExceptionFilterOptions]
    >();
    // @ts-expect-error the filter needs the HttpAdapterHost
    new PagelopeExceptionFilter();
  });
});

describe('reportError', () => {
  it('is a ReportError or false on forRoot and on the filter alone, the info typed', () => {
    expectTypeOf<PagelopeModuleOptions['reportError']>().toEqualTypeOf<ReportError | false | undefined>();
    expectTypeOf<PagelopeExceptionFilterOptions['reportError']>().toEqualTypeOf<ReportError | false | undefined>();
    PagelopeModule.forRoot({
      routes,
      reportError: (error, info) => {
        expectTypeOf(error).toBeUnknown();
        expectTypeOf(info).toEqualTypeOf<ErrorReportInfo>();
      },
    });
    PagelopeModule.forRoot({ routes, reportError: false });
    // @ts-expect-error reportError is a function or false
    PagelopeModule.forRoot({ routes, reportError: 'logger' });
  });
});
