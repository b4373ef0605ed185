import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGunzip, createInflate } from 'node:zlib';
import { Controller, HttpCode, Inject, Module, Param, Req, RequestMapping, RequestMethod, Res } from '@nestjs/common';
import type { DynamicModule, MiddlewareConsumer, Type } from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost } from '@nestjs/core';
import type { ErrorReportingOptions, ResourceRoutes } from 'pagelope';
import { createEdge, handleExchange, methodNotAllowedError, type Edge, type MountableRoutes } from 'pagelope/http';
import type { OpenApiRouteOptions, Route } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';
import { readAdapterSetup } from '../../http/read-adapter-setup';
import { handOverEarlyBodies, readBodyEarly } from '../../http/read-body-early';
import { routeJsonBody } from '../../http/read-node-json-body';
import { largestBodyLimit } from '../../http/route-body';
import { correlationIdOf, toNodeExchange } from '../../http/to-node-exchange';
import { siblingIdMethods, toMountOrder } from '../../http/to-mount-order';
import { FILTER_OPTIONS, PagelopeExceptionFilter, rawRequestOf } from './pagelope-exception-filter';

/** What `locals` returns: what the service's hooks and scopes see as `locals`. */
type PagelopeLocals = Readonly<Record<string, unknown>>;

/**
 * Options of `PagelopeModule.forRoot`; `TRequest` is the platform's request type `locals` takes. `reportError` is
 * called once for each 5xx the filter answers, never a 4xx; default Nest's `Logger`, `false` reports nothing.
 *
 * @example
 * const options: PagelopeModuleOptions<FastifyRequest> = { routes: [users, orders], locals: (req) => ({ ip: req.ip }) };
 */
export interface PagelopeModuleOptions<TRequest = unknown> extends ErrorReportingOptions {
  /** The routes of one resource (`defineRoutes`), or of several. */
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
  /** Largest JSON request body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /** Deepest nesting of arrays and objects in a JSON request body (default `DEFAULT_DEPTH_LIMIT`, 64); deeper is a 400. */
  readonly depthLimit?: number;
  /** `locals` of the service's hooks and scopes, from the platform's request, after the guards (say, their user). */
  readonly locals?: (request: TRequest) => PagelopeLocals | Promise<PagelopeLocals>;
  /** Serve the routes' OpenAPI document (`toOpenApiRoute`) at `path` (default `/openapi.json`) below the prefix. */
  readonly openapi?: OpenApiRouteOptions;
}

/** The request Nest hands a route's handler, and the Node response under the platform's (Fastify's `reply.raw`). */
type Exchanged = readonly [req: object, res: ServerResponse];
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;

const KEYS = ['routes', 'bodyLimit', 'depthLimit', 'locals', 'openapi', 'reportError'];
/** A path holding characters Nest's routers read as syntax (path-to-regexp on Express, find-my-way on Fastify). */
const refusePath = (path: string) =>
  /[()[\]{}?+!*:\\]/.test(path) ? `the path ${path} holds characters Nest's routers read as syntax` : undefined;
const NAME = 'PagelopeModule.forRoot';
const MIDDLEWARE = Symbol('pagelope middleware');
const DECODERS = { gzip: createGunzip, deflate: createInflate };

/**
 * The NestJS module of pagelope's routes, on Nest's Express and Fastify platforms: a controller per resource (and
 * the OpenAPI document's), so guards, interceptors and pipes run on them, each route answered on the edge
 * (`handleExchange`); {@link PagelopeExceptionFilter} as global filter; a middleware resolving the correlation id and
 * parsing JSON bodies (`bodyParser: false`) up to `bodyLimit`, or to the largest route's own (`largestBodyLimit`),
 * before the route is known: each route then checks its own.
 *
 * @example
 * \@Module({ imports: [PagelopeModule.forRoot({ routes: defineRoutes(users), bodyLimit: 32_768 })] })
 * class AppModule {}
 * const app = await NestFactory.create(AppModule, { bodyParser: false });
 */
export class PagelopeModule {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly middleware: Middleware,
  ) {}

  /**
   * The module for `routes` (one `defineRoutes` result or several). Import it once, in the root module.
   *
   * @throws TypeError for a bad option, two resources on one path, or a path with `( ) [ ] { } ? + ! * : \`.
   * @example
   * PagelopeModule.forRoot({ routes: [users, orders], openapi: { info: { title: 'Shop API', version: '1.0.0' } } });
   */
  static forRoot<TRequest = unknown>(options: PagelopeModuleOptions<TRequest>): DynamicModule {
    const rules = { keys: KEYS, someRoutes: true, refusePath };
    const { mounts, bodyLimit, depthLimit, locals, reportError } = readAdapterSetup(NAME, options, rules);
    const reading = { limit: largestBodyLimit(mounts, bodyLimit), depthLimit, decoders: DECODERS };
    const edge = createEdge<Exchanged>(mounts, {
      bodyLimit,
      depthLimit,
      readBody: ([req], limit) => routeJsonBody(rawRequestOf(req), limit, readBodyEarly(rawRequestOf(req), reading)),
      locals: locals && (([req]) => locals(req as TRequest)),
      write: ([, res], reply) => {
        // Set on the Node response, which both platforms keep (these are never `content-type`); Nest sends the body.
        for (const name in reply.headers) res.setHeader(name, reply.headers[name]!);
        res.statusCode = reply.status;
        return reply.body;
      },
    });
    // What runs after it (the app's later middleware, guards, interceptors, pipes, the handler) runs in the request's
    // context (`pagelope/node`), entered once the body is read (once per request, where the module is imported twice).
    const middleware: Middleware = (req, res, next) => {
      const context = { correlationId: correlationIdOf(req, res) };
      const run = () => runInRequestContext(context, next);
      const body = readBodyEarly(req, reading);
      return body instanceof Promise ? body.then(run) : run();
    };
    return {
      module: PagelopeModule,
      controllers: mounts.map((mount) => controllerOf(mount, edge)),
      providers: [
        { provide: MIDDLEWARE, useValue: middleware },
        // The filter reads only each one's `allow`.
        { provide: FILTER_OPTIONS, useValue: { routes: mounts as readonly ResourceRoutes[], reportError } },
        { provide: APP_FILTER, useClass: PagelopeExceptionFilter },
      ],
    };
  }

  /** Applies the middleware to every route; on Fastify, the JSON parser hands over the body the middleware read. */
  configure(consumer: MiddlewareConsumer): void {
    handOverEarlyBodies(this.adapterHost.httpAdapter?.getInstance());
    consumer.apply(this.middleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

Module({})(PagelopeModule);
Inject(HttpAdapterHost)(PagelopeModule, undefined, 0);
Inject(MIDDLEWARE)(PagelopeModule, undefined, 1);

/**
 * The Nest controller of one resource's routes (or the OpenAPI document's). Literal paths first, each with 405s for
 * the methods of `{path}/:id` it does not take (`siblingIdMethods`), so `/cursor` never falls through to `/:id`.
 */
function controllerOf({ path, routes, allow }: MountableRoutes, edge: Edge<Exchanged>): Type {
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its methods are defined below, at run time
  const controller = Object.defineProperty(class {}, 'name', { value: `PagelopeController(${path})` });
  Controller()(controller);
  const prototype = controller.prototype as object;
  for (const [pattern, allowed] of toMountOrder(allow)) {
    for (const route of routes.filter((each) => each.path === pattern))
      define(prototype, route.type, route.method, pattern, handlerOf(edge, route));
    for (const method of siblingIdMethods(allow, pattern))
      define(prototype, `405 ${method} ${pattern}`, method, pattern, () => {
        throw methodNotAllowedError(method, allowed);
      });
  }
  return controller;
}

/** A route's handler: the edge reads, runs and answers it in the request's context, its failures left to the filter. */
function handlerOf(edge: Edge<Exchanged>, route: Route) {
  return (req: object, response: object & { readonly raw?: ServerResponse }, id?: string) => {
    const res = response.raw ?? (response as ServerResponse);
    const exchange = toNodeExchange(rawRequestOf(req), res, { raw: [req, res] as const, route, id });
    return runInRequestContext(exchange, () => handleExchange(edge, exchange));
  };
}

/** Declares a handler on the controller, as `@Get(path)`, `@HttpCode`, `@Req()`, `@Res()`, `@Param('id')` would. */
function define(prototype: object, key: string, method: string, path: string, handler: object) {
  Object.defineProperty(handler, 'name', { value: key });
  const descriptor = { value: handler, writable: true, configurable: true };
  Object.defineProperty(prototype, key, descriptor);
  RequestMapping({ path, method: RequestMethod[method as Route['method']] })(prototype, key, descriptor);
  // The status of each route's success: Nest's default is 201 for every POST and 200 for the rest.
  HttpCode(method === 'DELETE' ? 204 : method === 'POST' ? 201 : 200)(prototype, key, descriptor);
  Req()(prototype, key, 0);
  Res({ passthrough: true })(prototype, key, 1);
  if (path.includes('/:id')) Param('id')(prototype, key, 2);
}
