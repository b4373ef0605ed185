import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Controller, HttpCode, Inject, Param, Req, RequestMapping, RequestMethod, type Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { resolveCorrelationId, type ResourceRoutes } from 'pagelope';
import { hasBody, methodNotAllowedError, parseJsonBody, type Route, type RouteMethod } from 'pagelope/http';
import type { ResolvedOptions } from './pagelope-module-options';
import { PlatformResponse, type ResponseHolder } from './platform-response';
import { readJsonBody } from './read-json-body';
import { keepRequestState, rawRequestOf, requestStateOf, type RequestState } from './request-state';

/** The status of each route's success: Nest's default is 201 for every POST and 200 for the rest. */
const STATUS: Readonly<Record<RouteMethod, number>> = { GET: 200, POST: 201, PUT: 200, PATCH: 200, DELETE: 204 };
const WITH_BODY = new Set<RouteMethod>(['POST', 'PUT', 'PATCH']);

interface ResourceController {
  readonly adapterHost: HttpAdapterHost;
}

type Handler = (this: ResourceController, req: object, res: ResponseHolder, id?: string) => unknown;

/**
 * Builds the Nest controller of one resource's routes, its route decorators applied at run time: one handler per
 * route (the raw query string to the library's parser, the JSON body the middleware read, `locals` from the
 * request), returning the reply's body for Nest to send with the route's status, so that Nest's guards, interceptors
 * and pipes run as for any route. The methods of `{path}/:id` that `{path}/cursor` does not take are 405s declared on
 * `{path}/cursor` first, so that they never fall through to `{path}/:id`. Internal to the adapter.
 *
 * @example
 * const controllers = options.routes.map((routes) => createResourceController(routes, options));
 */
export function createResourceController(resource: ResourceRoutes, options: ResolvedOptions): Type<unknown> {
  class PagelopeResourceController implements ResourceController {
    constructor(readonly adapterHost: HttpAdapterHost) {}
  }
  Object.defineProperty(PagelopeResourceController, 'name', { value: `PagelopeController(${resource.path})` });
  Inject(HttpAdapterHost)(PagelopeResourceController, undefined, 0);
  Controller()(PagelopeResourceController);
  const prototype = PagelopeResourceController.prototype as object;
  const byId = resource.routes.filter((route) => route.path.endsWith('/:id'));
  for (const route of resource.routes.filter((each) => !byId.includes(each))) {
    define(prototype, route.type, route.method, route.path, handlerOf(route, options), STATUS[route.method]);
  }
  for (const [name, method, path, allow] of cursorGuards(resource)) {
    define(prototype, name, method, path, () => {
      throw methodNotAllowedError(method, allow);
    });
  }
  for (const route of byId) {
    define(prototype, route.type, route.method, route.path, handlerOf(route, options), STATUS[route.method]);
  }
  return PagelopeResourceController;
}

/** Declares one route handler on the controller's prototype, as the decorators `@Get(path)` and so on would. */
function define(prototype: object, key: string, method: string, path: string, handler: Handler, status?: number) {
  Object.defineProperty(handler, 'name', { value: key });
  let descriptor: PropertyDescriptor = { value: handler, writable: true, configurable: true, enumerable: false };
  descriptor =
    RequestMapping({ path, method: RequestMethod[method as keyof typeof RequestMethod] })(prototype, key, descriptor) ??
    descriptor;
  if (status !== undefined) descriptor = HttpCode(status)(prototype, key, descriptor) ?? descriptor;
  Object.defineProperty(prototype, key, descriptor);
  Req()(prototype, key, 0);
  PlatformResponse()(prototype, key, 1);
  if (path.endsWith('/:id')) Param('id')(prototype, key, 2);
}

/** The 405 routes on `{path}/cursor` for each method `{path}/:id` takes and the cursor route does not. */
function cursorGuards(resource: ResourceRoutes): [name: string, method: string, path: string, allow: string][] {
  const base = resource.path === '/' ? '' : resource.path;
  const cursor = resource.allow.get(`${base}/cursor`);
  const byId = resource.allow.get(`${base}/:id`);
  if (cursor === undefined || byId === undefined) return [];
  const taken = new Set(cursor.split(', '));
  return byId
    .split(', ')
    .filter((method) => !taken.has(method))
    .map((method) => [`CURSOR_${method}`, method, `${base}/cursor`, cursor]);
}

function handlerOf(route: Route, options: ResolvedOptions): Handler {
  const withBody = WITH_BODY.has(route.method);
  return async function handle(this: ResourceController, req, res, id) {
    const raw = rawRequestOf(req);
    const state = requestStateOf(raw) ?? (await stateWithoutMiddleware(raw, options.bodyLimit));
    const body = withBody ? bodyOf(state, raw.headers) : undefined;
    const locals = options.locals === undefined ? undefined : await options.locals(req);
    const reply = await route.handle({
      params: id === undefined ? {} : { id },
      query: queryStringOf(raw),
      path: pathOf(raw),
      body,
      headers: raw.headers,
      correlationId: state.correlationId,
      locals,
    });
    const adapter = this.adapterHost.httpAdapter;
    for (const [name, value] of Object.entries(reply.headers)) adapter.setHeader(res.response, name, value);
    return reply.body;
  };
}

/** The state of a request pagelope's middleware did not see (excluded from it): made here, the body read now. */
async function stateWithoutMiddleware(raw: IncomingMessage, bodyLimit: number): Promise<RequestState> {
  const state = keepRequestState(raw, { correlationId: resolveCorrelationId(raw.headers) });
  const body = await readJsonBody(raw, bodyLimit);
  if (body !== undefined) state.body = body;
  return state;
}

/**
 * The body a write route hands the service: the JSON the middleware parsed; `undefined` for a request with neither
 * a body nor a content type (the service refuses it); else `parseJsonBody`'s 415 (another content type) or 400 (an
 * empty JSON body).
 */
function bodyOf(state: RequestState, headers: IncomingHttpHeaders): unknown {
  if (state.body !== undefined) return state.body.value;
  const contentType = headers['content-type'];
  if (contentType === undefined && !hasBody(headers)) return undefined;
  return parseJsonBody('', contentType);
}

/** The request URL as the client sent it: Express's `originalUrl`, else the Node request's `url`. */
function urlOf(raw: IncomingMessage): string {
  return (raw as { originalUrl?: string }).originalUrl ?? raw.url ?? '';
}

/** The raw query string of the request URL, without the `?`: the library's own parser reads it. */
function queryStringOf(raw: IncomingMessage): string {
  const url = urlOf(raw);
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/**
 * The path of the request as the client sent it, percent-encoded, without the query (with Nest's global prefix):
 * the base of the `link` header's targets.
 */
function pathOf(raw: IncomingMessage): string {
  const url = urlOf(raw);
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}
