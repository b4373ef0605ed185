import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGunzip, createInflate } from 'node:zlib';
import { Controller, Inject, Module, Param, RequestMapping, RequestMethod, Res } from '@nestjs/common';
import type { DynamicModule, MiddlewareConsumer, Type } from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost } from '@nestjs/core';
import type { ErrorReportingOptions, ResourceRoutes } from 'pagelope';
import { createEdge, handleExchange, methodNotAllowedError, type Edge, type MountableRoutes } from 'pagelope/http';
import type { OpenApiRouteOptions, Route } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';
import { hasBody } from '../../http/body-encoding';
import { readAdapterSetup } from '../../http/read-adapter-setup';
import { readNodeJsonBody, routeJsonBody, type JsonBody } from '../../http/read-node-json-body';
import { largestBodyLimit } from '../../http/route-body';
import { correlationIdOf, toNodeExchange } from '../../http/to-node-exchange';
import { toMountOrder } from '../../http/to-mount-order';
import { PagelopeExceptionFilter, rawOf, SETUP } from './pagelope-exception-filter';

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

const KEYS = ['routes', 'bodyLimit', 'depthLimit', 'locals', 'openapi', 'reportError'];
/** A path holding characters Nest's routers read as syntax (path-to-regexp on Express, find-my-way on Fastify). */
const refusePath = (path: string) =>
  /[()[\]{}?+!*:\\]/.test(path) ? `the path ${path} holds characters Nest's routers read as syntax` : undefined;
const RULES = { keys: KEYS, someRoutes: true, refusePath };
const DECODERS = { gzip: createGunzip, deflate: createInflate };
/** The JSON body the middleware read of each request (`undefined` for none). */
const BODIES = new WeakMap<object, JsonBody | undefined>();

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
@Module({})
export class PagelopeModule {
  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(SETUP) private readonly setup: { readonly middleware: (...args: never[]) => unknown },
  ) {}

  /**
   * The module for `routes` (one `defineRoutes` result or several). Import it once, in the root module.
   *
   * @throws TypeError for a bad option, two resources on one path, or a path with `( ) [ ] { } ? + ! * : \`.
   * @example
   * PagelopeModule.forRoot({ routes: [users, orders], openapi: { info: { title: 'Shop API', version: '1.0.0' } } });
   */
  static forRoot<TRequest = unknown>(options: PagelopeModuleOptions<TRequest>): DynamicModule {
    const { mounts, bodyLimit, depthLimit, locals } = readAdapterSetup('PagelopeModule.forRoot', options, RULES);
    const reading = { limit: largestBodyLimit(mounts, bodyLimit), depthLimit, decoders: DECODERS };
    const edge = createEdge<Exchanged>(mounts, {
      bodyLimit,
      depthLimit,
      // What the middleware read (it runs before every route).
      readBody: ([req], limit) => routeJsonBody(rawOf(req), limit, BODIES.get(rawOf(req))),
      locals: locals && (([req]) => locals(req as TRequest)),
      write: ([, res], reply) => {
        // Set on the Node response, which both platforms keep (these are never `content-type`); Nest sends the body.
        for (const name in reply.headers) res.setHeader(name, reply.headers[name]!);
        res.statusCode = reply.status;
        return reply.body;
      },
    });
    // The body is read once, before the route is known, so that guards and the app's own `@Body()` see it (`req.body`).
    // What runs after (the app's later middleware, guards, interceptors, pipes, the handler) runs in the request's
    // context (`pagelope/node`), entered once the body is read (once per request, where the module is imported twice).
    const middleware = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse, next: () => void) => {
      const read = BODIES.has(req) || !hasBody(req.headers) ? undefined : await readNodeJsonBody(req, reading);
      if (read !== undefined) {
        // Kept for the route's handler, and as `req.body` for the app's own routes.
        BODIES.set(req, read);
        req.body = read.value;
      }
      return runInRequestContext({ correlationId: correlationIdOf(req, res) }, next);
    };
    return {
      module: PagelopeModule,
      controllers: mounts.map((mount) => controllerOf(mount, edge)),
      providers: [
        // The filter's options (it reads each one's `allow`, for Fastify's 415), and the middleware `configure` applies.
        { provide: SETUP, useValue: { routes: mounts, middleware, reportError: options.reportError } },
        { provide: APP_FILTER, useClass: PagelopeExceptionFilter },
      ],
    };
  }

  /** Applies the middleware to every route; on Fastify, the JSON parser gives way to the body the middleware read. */
  configure(consumer: MiddlewareConsumer): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<Parsers | undefined>();
    if (typeof fastify?.addContentTypeParser === 'function') {
      if (fastify.hasContentTypeParser!('application/json')) fastify.removeContentTypeParser!('application/json');
      if (!fastify.hasContentTypeParser!('*')) fastify.addContentTypeParser('*', handOver);
    }
    consumer.apply(this.setup.middleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

/** A Fastify instance's content-type parsers, by shape (anything else is left alone). */
type Parsers = { [K in `${'has' | 'remove' | 'add'}ContentTypeParser`]?: (...args: unknown[]) => unknown };
/** A Fastify parser for any content type (unless the app has one): the `req.body` of the Node request, read before. */
const handOver = (request: { raw?: { body?: unknown } }, _: unknown, done: (error: null, body: unknown) => void) =>
  done(null, request.raw?.body);

/**
 * The Nest controller of one resource's routes (or the OpenAPI document's): a handler for every method of each path
 * pattern, so the router (its global prefix and versions, its case and trailing-slash rules) matches a 405 as it
 * matches a route. Literal paths first, so `/cursor` never falls through to `/:id`.
 */
function controllerOf({ path, routes, allow }: MountableRoutes, edge: Edge<Exchanged>): Type {
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its methods are defined below, at run time
  const controller = Object.defineProperty(class {}, 'name', { value: `PagelopeController(${path})` });
  const { prototype } = controller;
  for (const [pattern, allowed] of toMountOrder(allow)) {
    // What `@All(pattern)`, `@Res({ passthrough: true })` and `@Param('id')` would declare on a method named `pattern`.
    const handler = handlerOf(
      edge,
      routes.filter((route) => route.path === pattern),
      allowed,
    );
    const descriptor = { value: Object.defineProperty(handler, 'name', { value: pattern }), configurable: true };
    Object.defineProperty(prototype, pattern, descriptor);
    RequestMapping({ path: pattern, method: RequestMethod.ALL })(prototype, pattern, descriptor);
    Res({ passthrough: true })(prototype, pattern, 0);
    if (pattern.includes('/:id')) Param('id')(prototype, pattern, 1);
  }
  Controller()(controller);
  return controller;
}

/**
 * The handler of a path pattern: the edge reads, runs and answers the pattern's route of the request's method (HEAD
 * as GET) in the request's context, its failures left to the filter; another method is the 405 with `allow`.
 */
function handlerOf(edge: Edge<Exchanged>, routes: readonly Route[], allow: string) {
  const byMethod = new Map<string, Route>(routes.map((route) => [route.method, route]));
  // The platform's request is the response's (Fastify's `reply.request`, Express's `res.req`): one parameter less.
  return (response: { readonly request?: object; readonly req?: object }, id?: string) => {
    const [req, res] = [response.request ?? response.req ?? {}, rawOf<ServerResponse>(response)];
    const method = rawOf<IncomingMessage>(req).method ?? '';
    const route = byMethod.get(method === 'HEAD' ? 'GET' : method);
    if (route === undefined) return Promise.reject(methodNotAllowedError(method, allow));
    const exchange = toNodeExchange(rawOf<IncomingMessage>(req), res, { raw: [req, res] as const, route, id });
    return runInRequestContext(exchange, () => handleExchange(edge, exchange));
  };
}
