import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Module, RequestMethod, type DynamicModule, type MiddlewareConsumer } from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost } from '@nestjs/core';
import { CORRELATION_ID_HEADER, type ResourceRoutes } from 'pagelope';
import { largestBodyLimit } from '../../http/route-body';
import { runInRequestContext } from 'pagelope/node';
import { createResourceController } from './create-resource-controller';
import { FILTER_OPTIONS, PagelopeExceptionFilter } from './pagelope-exception-filter';
import { resolveOptions, type PagelopeModuleOptions, type ResolvedOptions } from './pagelope-module-options';
import { readRequestState, requestStateOf } from './request-state';

const OPTIONS = Symbol('pagelope module options');
type Parse = (request: object, payload: unknown, done: (error: null, body: unknown) => void) => void;
/** Fastify's content-type parser registry, by shape. */
interface ContentTypeParsers {
  hasContentTypeParser(contentType: string): boolean;
  removeContentTypeParser(contentType: string): void;
  addContentTypeParser(type: string, parse: Parse): void;
}

/**
 * The NestJS module of pagelope's routes, on Nest's Express and Fastify platforms: a controller per resource (and
 * the OpenAPI document's), so guards, interceptors and pipes run on them; {@link PagelopeExceptionFilter} as global
 * filter; a middleware resolving the correlation id and parsing JSON bodies (`bodyParser: false`) up to `bodyLimit`,
 * or to the largest route's own (`largestBodyLimit`), before the route is known: each route's handler checks its own.
 *
 * @example
 * \@Module({ imports: [PagelopeModule.forRoot({ routes: defineRoutes(users), bodyLimit: 32_768 })] })
 * class AppModule {}
 * const app = await NestFactory.create(AppModule, { bodyParser: false });
 */
export class PagelopeModule {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly options: ResolvedOptions,
  ) {}

  /**
   * The module for `routes` (one `defineRoutes` result or several). Import it once, in the root module.
   *
   * @throws TypeError for a bad option, two resources on one path, or a path with `( ) [ ] { } ? + ! * : \`.
   * @example
   * PagelopeModule.forRoot({ routes: [users, orders], openapi: { info: { title: 'Shop API', version: '1.0.0' } } });
   */
  static forRoot<TRequest = unknown>(options: PagelopeModuleOptions<TRequest>): DynamicModule {
    const resolved = resolveOptions(options as PagelopeModuleOptions<never>);
    // The filter reads only each one's `allow`.
    const filter = { routes: resolved.mounted as readonly ResourceRoutes[], reportError: resolved.reportError };
    return {
      module: PagelopeModule,
      controllers: resolved.mounted.map((routes) => createResourceController(routes, resolved)),
      providers: [
        { provide: OPTIONS, useValue: resolved },
        { provide: FILTER_OPTIONS, useValue: filter },
        { provide: APP_FILTER, useClass: PagelopeExceptionFilter },
      ],
    };
  }

  /** Applies the middleware to every route; on Fastify, the JSON parser hands over the body the middleware read. */
  configure(consumer: MiddlewareConsumer): void {
    const instance = this.adapterHost.httpAdapter?.getInstance() as Partial<ContentTypeParsers> | undefined;
    if (typeof instance?.addContentTypeParser === 'function') {
      const parsers = instance as ContentTypeParsers;
      if (parsers.hasContentTypeParser('application/json')) parsers.removeContentTypeParser('application/json');
      if (!parsers.hasContentTypeParser('*'))
        parsers.addContentTypeParser('*', (request, _, done) => done(null, requestStateOf(request)?.body?.value));
    }
    const bodyLimit = largestBodyLimit(this.options.mounted, this.options.bodyLimit);
    // What runs after it (the app's later middleware, guards, interceptors, pipes, the handler) runs in the request's
    // context (`pagelope/node`), entered once the body is read.
    const middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
      // Once per request, even where the module is imported twice.
      if (requestStateOf(req) !== undefined) return next();
      const state = readRequestState(req, { limit: bodyLimit, depthLimit: this.options.depthLimit });
      const { correlationId } = requestStateOf(req)!;
      if (!res.headersSent) res.setHeader(CORRELATION_ID_HEADER, correlationId);
      if (!(state instanceof Promise)) return runInRequestContext({ correlationId }, next);
      return state.then(({ body }) => {
        if (body !== undefined) (req as { body?: unknown }).body = body.value;
        runInRequestContext({ correlationId }, next);
      });
    };
    consumer.apply(middleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

Module({})(PagelopeModule);
Inject(HttpAdapterHost)(PagelopeModule, undefined, 0);
Inject(OPTIONS)(PagelopeModule, undefined, 1);
