/** Types of pagelope/nestjs: PagelopeModule.forRoot and PagelopeExceptionFilter (the detailed checks are in tests/adapters/nestjs-types.test.ts). */
import type { DynamicModule, ExceptionFilter } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from 'pagelope';
import {
  PagelopeExceptionFilter,
  PagelopeModule,
  type PagelopeExceptionFilterOptions,
  type PagelopeModuleOptions,
} from 'pagelope/nestjs';
import type { ErrorReportInfo, ReportError } from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const books = defineResource({ name: 'books', schema: z.object({ id: z.string(), title: z.string() }) });
const routes = defineRoutes(createResourceService({ resource: books, repository: createMemoryRepository(books) }));

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
