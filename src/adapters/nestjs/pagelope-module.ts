import {
  Inject,
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost } from '@nestjs/core';
import { createOpenApiController } from './create-open-api-controller';
import { createResourceController } from './create-resource-controller';
import { MORE_PATHS, PagelopeExceptionFilter, type ModuleExceptionFilterOptions } from './pagelope-exception-filter';
import { pagelopeMiddleware } from './pagelope-middleware';
import { resolveOptions, type PagelopeModuleOptions, type ResolvedOptions } from './pagelope-module-options';
import { takeOverJsonParsing } from './take-over-json-parsing';

const OPTIONS = Symbol('pagelope module options');

/**
 * The NestJS module of pagelope's routes, on `@nestjs/platform-express` and `@nestjs/platform-fastify` alike.
 * `forRoot` registers a controller per resource (each route type of `defineRoutes`, a 405 with `allow` for another
 * method on a resource path), {@link PagelopeExceptionFilter} as the global exception filter (the error envelope for
 * every failure, the app's own routes included, and the 404 of unknown routes; each 5xx reported once to
 * `reportError`, by default Nest's `Logger`), and a middleware for every route of
 * the app that resolves the correlation id first, sets `x-correlation-id` on every response, and parses JSON bodies
 * up to `bodyLimit` (for the app's own `@Body()` too). Create the app with `bodyParser: false`, so that this parsing
 * applies rather than Nest's. Nest's guards, interceptors and pipes run on the routes as on any other. With the
 * `openapi` option, a controller serves the routes' OpenAPI document (`GET /openapi.json` unless its `path` says
 * otherwise).
 *
 * @example
 * \@Module({ imports: [PagelopeModule.forRoot({ routes: defineRoutes(users), bodyLimit: 32_768 })] })
 * class AppModule {}
 * const app = await NestFactory.create(AppModule, { bodyParser: false });
 */
export class PagelopeModule implements NestModule {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly options: ResolvedOptions,
  ) {}

  /**
   * The module for `routes` (one `defineRoutes` result or several). Import it once, in the root module.
   *
   * @throws TypeError for an unknown option, routes that are not `defineRoutes`' results, two resources on one path,
   * a path holding characters Nest's routers read as syntax (`( ) [ ] { } ? + ! * : \`), a `bodyLimit` that is not
   * a positive integer, a `locals` that is not a function, a `reportError` that is neither a function nor `false`, or
   * a bad `openapi` option (see `toOpenApiRoute`).
   * @example
   * PagelopeModule.forRoot({
   *   routes: [users, orders],
   *   locals: (req: Request) => ({ user: req.user }),
   *   openapi: { info: { title: 'Shop API', version: '1.0.0' } },
   * });
   */
  static forRoot<TRequest = unknown>(options: PagelopeModuleOptions<TRequest>): DynamicModule {
    const resolved = resolveOptions(options as PagelopeModuleOptions<never>);
    const { openapi } = resolved;
    const controllers = resolved.routes.map((routes) => createResourceController(routes, resolved));
    const filterOptions: ModuleExceptionFilterOptions = {
      routes: resolved.routes,
      reportError: resolved.reportError,
      ...(openapi === undefined ? {} : { [MORE_PATHS]: new Map([[openapi.path, 'GET']]) }),
    };
    return {
      module: PagelopeModule,
      controllers: openapi === undefined ? controllers : [createOpenApiController(openapi), ...controllers],
      providers: [
        { provide: OPTIONS, useValue: resolved },
        {
          provide: APP_FILTER,
          useFactory: (adapterHost: HttpAdapterHost) => new PagelopeExceptionFilter(adapterHost, filterOptions),
          inject: [HttpAdapterHost],
        },
      ],
    };
  }

  /** Applies the middleware to every route of the app (Nest calls it while the app initialises). */
  configure(consumer: MiddlewareConsumer): void {
    takeOverJsonParsing(this.adapterHost);
    consumer
      .apply(pagelopeMiddleware(this.options.bodyLimit))
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

Module({})(PagelopeModule);
Inject(HttpAdapterHost)(PagelopeModule, undefined, 0);
Inject(OPTIONS)(PagelopeModule, undefined, 1);
