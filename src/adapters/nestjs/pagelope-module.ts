import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { createGunzip, createInflate } from 'node:zlib';
import { Catch, Controller, Inject, Logger, Module, Optional, Param, RequestMapping } from '@nestjs/common';
import { RequestMethod, Res, type ArgumentsHost, type DynamicModule, type ExceptionFilter } from '@nestjs/common';
import type { MiddlewareConsumer, Type } from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost, type AbstractHttpAdapter } from '@nestjs/core';
import type { DefaultLocals, ErrorReportingOptions, ReportError, ResourceRoutes } from 'pagelope';
import { createEdge, createErrorReporter, handleExchange, methodNotAllowedError, splitUrl } from 'pagelope/http';
import { routeNotFoundError, unsupportedMediaTypeError, type Edge, type MountableRoutes } from 'pagelope/http';
import type { Route } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';
import { hasBody } from '../../http/body-encoding';
import { readAdapterSetup, type AdapterSetupInput } from '../../http/read-adapter-setup';
import { readNodeJsonBody, routeJsonBody, type JsonBody } from '../../http/read-node-json-body';
import { largestBodyLimit } from '../../http/route-body';
import { routeReplyHeaders } from '../../http/route-reply-headers';
import { correlationIdOf, replyToNodeError, toNodeExchange } from '../../http/to-node-exchange';
import { toMountOrder } from '../../http/to-mount-order';
import { allowOf, type PathMatching } from './allow-of';

/**
 * Options of `PagelopeModule.forRoot`; `TRequest` is the platform's request type `locals` takes. Beside `routes` and
 * `locals`, the options the adapters share (as the Fastify plugin's): `bodyLimit` (the largest JSON request body
 * read, in bytes, default `DEFAULT_BODY_LIMIT`, 16384; a larger one is a 413), `depthLimit` (the deepest nesting of
 * arrays and objects in a JSON request body, default `DEFAULT_DEPTH_LIMIT`, 64; deeper is a 400), `openapi` (serve
 * the routes' OpenAPI document, `toOpenApiRoute`, at `path`, default `/openapi.json`, below the global prefix) and
 * `reportError` (called once for each 5xx the filter answers, never a 4xx; default Nest's `Logger`, `false` reports
 * nothing).
 *
 * @example
 * const options: PagelopeModuleOptions<FastifyRequest> = { routes: [users, orders], locals: (req) => ({ ip: req.ip }) };
 */
export interface PagelopeModuleOptions<TRequest = unknown> extends ErrorReportingOptions, AdapterSetupInput<unknown> {
  /** The routes of one resource (`defineRoutes`), or of several. */
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
  /** `locals` of the service's hooks and scopes, from the platform's request, after the guards (say, their user). */
  readonly locals?: (request: TRequest) => DefaultLocals | Promise<DefaultLocals>;
}

/**
 * Options of {@link PagelopeExceptionFilter}; `reportError` as `PagelopeModule.forRoot`'s (by default Nest's `Logger`).
 *
 * @example
 * app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost), { routes: [defineRoutes(users)] }));
 */
export interface PagelopeExceptionFilterOptions extends ErrorReportingOptions {
  /** Resources whose paths answer another method with a 405 and `allow`, rather than the 404 of an unknown route. */
  readonly routes?: readonly ResourceRoutes[];
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
/** Injection token of a `PagelopeModule`'s set-up: the options of the filter Nest constructs, and the middleware. */
const SETUP = Symbol('pagelope setup');

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
      write: ([, res], reply, route, path) => {
        // Only a route's reply (the edge has no reporter: failures go to the filter). A create's `location` carries
        // what the path holds before the route's (a global prefix); no `content-type`.
        const headers = routeReplyHeaders(route!, { headers: reply.headers, body: undefined }, path);
        // Set on the Node response, which both platforms keep (these are never `content-type`); Nest sends the body.
        for (const name in headers) res.setHeader(name, headers[name]!);
        res.statusCode = reply.status;
        return reply.body;
      },
    });
    // The body is read once, before the route is known, so that guards and the app's own `@Body()` see it (`req.body`).
    // What runs after (the app's later middleware, guards, interceptors, pipes, the handler) runs in the request's
    // context (`pagelope/node`), entered once the body is read (once per request, where the module is imported twice).
    const middleware = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse, next: () => void) => {
      // A request without a body (most: GET) is not awaited, one promise less per request.
      const read = BODIES.has(req) || !hasBody(req.headers) ? undefined : await readNodeJsonBody(req, reading);
      // Kept for the route's handler, and as `req.body` for the app's own routes.
      if (read !== undefined) BODIES.set(req, read);
      if (read !== undefined) req.body = read.value;
      return runInRequestContext({ correlationId: correlationIdOf(req, res) }, next);
    };
    return {
      module: PagelopeModule,
      controllers: mounts.map((mount) => controllerOf(mount, edge)),
      providers: [
        // The filter's options (its routes word Fastify's 415), and the middleware `configure` applies.
        { provide: SETUP, useValue: { routes: mounts, middleware, reportError: options.reportError } },
        { provide: APP_FILTER, useClass: PagelopeExceptionFilter },
      ],
    };
  }

  /** Applies the middleware to every route; on Fastify, the JSON parser gives way to the body the middleware read. */
  configure(consumer: MiddlewareConsumer): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<Parsers | undefined>();
    fastify?.removeContentTypeParser?.('application/json');
    if (fastify?.hasContentTypeParser?.('*') === false) fastify.addContentTypeParser?.('*', handOver);
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
 * pattern (`@All(pattern)`), so the router matches a 405 as it matches a route (below a global prefix, in any case
 * on Express). Literal paths first, so `/cursor` never falls through to `/:id`.
 */
function controllerOf({ path, routes, allow }: MountableRoutes, edge: Edge<Exchanged>): Type {
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its methods are defined below, at run time
  const controller = Object.defineProperty(class {}, 'name', { value: `PagelopeController(${path})` });
  for (const [pattern, allowed] of toMountOrder(allow)) {
    const byMethod = new Map<string, Route>(routes.filter((r) => r.path === pattern).map((r) => [r.method, r]));
    // The edge reads, runs and answers the route of the method in the request's context, its failures left to the
    // filter; the platform's request is the response's (Fastify's `reply.request`, Express's `res.req`).
    const handler = (response: { readonly request?: object; readonly req?: object }, id?: string) => {
      const [req, res] = [response.request ?? response.req ?? {}, rawOf<ServerResponse>(response)];
      const method = rawOf<IncomingMessage>(req).method ?? '';
      const asked = method === 'HEAD' ? 'GET' : method; // HEAD is answered as GET
      const route = byMethod.get(asked);
      if (route === undefined) return Promise.reject(methodNotAllowedError(method, allowed));
      const exchange = toNodeExchange(rawOf<IncomingMessage>(req), res, { raw: [req, res] as const, route, id });
      return runInRequestContext(exchange, () => handleExchange(edge, exchange));
    };
    // What `@All(pattern)`, `@Res({ passthrough: true })` and `@Param('id')` declare on a method named `pattern`.
    const descriptor = { value: Object.defineProperty(handler, 'name', { value: pattern }), configurable: true };
    Object.defineProperty(controller.prototype, pattern, descriptor);
    RequestMapping({ path: pattern, method: RequestMethod.ALL })(controller.prototype, pattern, descriptor);
    Res({ passthrough: true })(controller.prototype, pattern, 0);
    if (pattern.includes('/:id')) Param('id')(controller.prototype, pattern, 1);
  }
  Controller()(controller);
  return controller;
}

const logger = new Logger('PagelopeExceptionFilter');
/** The default reporter: Nest's `Logger`, the request in the message and the stack and its causes as the trace. */
const logError: ReportError = (error, { correlationId: id, method = '', path = '', statusCode }) =>
  logger.error(`${method} ${path} answered ${statusCode} (x-correlation-id ${id})`, inspect(error));

/**
 * A catch-all exception filter answering every failure of an HTTP request, on Express and Fastify, with pagelope's
 * envelope (`toErrorReply`; Nest's `HttpException`s by shape, `retry-after` kept; anything else a masked 500); the
 * router's 404 becomes `Cannot GET /path`, or a 405 with `allow` on a path of `routes`. `PagelopeModule` registers it.
 *
 * @example
 * app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost)));
 */
@Catch()
export class PagelopeExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Optional() @Inject(SETUP) private readonly options: PagelopeExceptionFilterOptions = {},
  ) {}

  /** Sends the envelope of `exception` (outside HTTP, such as in a microservice, it gives the exception back). */
  catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') return exception;
    const [request, response] = host.getArgs<[object, object]>();
    const [req, res] = [rawOf<IncomingMessage>(request), rawOf<ServerResponse>(response)];
    const report = createErrorReporter(this.options.reportError, logError);
    const { statusCode, headers, body } = replyToNodeError(this.worded(exception, request), req, res, report);
    // The client is gone (it aborted, or a timeout answered it), or part of the reply is out (cut it short).
    if (res.destroyed || res.socket?.destroyed === true) return undefined;
    if (res.headersSent) return res.writableEnded ? undefined : void res.destroy();
    // The platform sends an object as JSON with its own content-type (Fastify's adapter warns of any other).
    for (const [name, value] of Object.entries(headers)) if (name !== 'content-type') res.setHeader(name, value);
    return void this.adapterHost.httpAdapter.reply(response, body, statusCode);
  }

  /** What the platform threw before pagelope saw the request, worded as pagelope's: its 404s, Fastify's 415. */
  private worded(exception: unknown, request: object): unknown {
    const adapter = this.adapterHost.httpAdapter as AbstractHttpAdapter & { getRouteMatchingOptions?(): PathMatching };
    const { getStatus, message } = (exception ?? {}) as { getStatus?: unknown; message?: unknown };
    // A Nest `HttpException` by shape (another copy of `@nestjs/common` has another class).
    const status = typeof getStatus === 'function' ? (getStatus as () => unknown).call(exception) : undefined;
    if (status !== 404 && status !== 415) return exception;
    const [method, url] = [String(adapter.getRequestMethod?.(request)), String(adapter.getRequestUrl?.(request))];
    const { path } = splitUrl(url);
    const allow = allowOf(this.options.routes ?? [], path, adapter.getRouteMatchingOptions?.());
    if (status === 415 && message === 'Unsupported Media Type' && allow !== undefined)
      return unsupportedMediaTypeError();
    if (status !== 404 || message !== `Cannot ${method} ${url}`) return exception;
    // Below the module (its set-up holds the middleware), the router answers another method of a route path itself.
    if (allow === undefined || 'middleware' in this.options) return routeNotFoundError(method, path);
    return methodNotAllowedError(method, allow);
  }
}

/** The Node request or response under a platform's own (Fastify's `raw`; Express's are Node's). */
const rawOf = <T extends object>(value: object): T => ((value as { readonly raw?: T }).raw ?? value) as T;
