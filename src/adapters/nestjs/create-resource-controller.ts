import type { ServerResponse } from 'node:http';
import { Controller, createParamDecorator, HttpCode, Param, Req, RequestMapping, RequestMethod } from '@nestjs/common';
import type { ExecutionContext, Type } from '@nestjs/common';
import { hasBody, methodNotAllowedError, parseJsonBody, splitUrl, type MountableRoutes } from 'pagelope/http';
import { bodyTooLargeError, routeBodyLimit, toMountOrder, type Route } from 'pagelope/http';
import { createEdge, handleExchange, type Edge } from 'pagelope/http';
import { siblingIdMethods } from '../../http/to-mount-order';
import { runInRequestContext } from 'pagelope/node';
import type { ResolvedOptions } from './pagelope-module-options';
import { rawRequestOf, readRequestState, requestStateOf, type RequestState as State } from './request-state';

/** The status of each route's success: Nest's default is 201 for every POST and 200 for the rest. */
const STATUS: Readonly<Record<Route['method'], number>> = { GET: 200, POST: 201, PUT: 200, PATCH: 200, DELETE: 204 };
/** The Node response under the platform's (Fastify's `reply.raw`), Nest still sending it (unlike `@Res()`). */
const NodeResponse = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const response = context.switchToHttp().getResponse<ServerResponse & { readonly raw?: ServerResponse }>();
  return response.raw ?? response;
});

type Handler = (req: object, res: ServerResponse, id?: string) => unknown;

/**
 * The Nest controller of one resource's routes (or the OpenAPI document's): a handler per route returns the body for
 * Nest to send, so guards, interceptors and pipes run. Literal paths are declared first, each with 405s for the methods
 * of `{path}/:id` it does not take (`siblingIdMethods`), so that `/cursor` or `/batch` never falls through to `/:id`.
 */
export function createResourceController(resource: MountableRoutes, options: ResolvedOptions): Type<unknown> {
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its methods are defined below, at run time
  class PagelopeResourceController {}
  Object.defineProperty(PagelopeResourceController, 'name', { value: `PagelopeController(${resource.path})` });
  Controller()(PagelopeResourceController);
  const prototype = PagelopeResourceController.prototype as object;
  const edge = edgeOf(resource, options);
  for (const [pattern, allow] of toMountOrder(resource.allow)) {
    for (const route of resource.routes.filter((each) => each.path === pattern))
      define(prototype, route.type, route.method, route.path, handlerOf(edge, route, options), STATUS[route.method]);
    for (const method of siblingIdMethods(resource.allow, pattern))
      define(prototype, `405 ${method} ${pattern}`, method, pattern, () => {
        throw methodNotAllowedError(method, allow);
      });
  }
  return PagelopeResourceController;
}

/** Declares one route handler on the controller's prototype, as the decorators `@Get(path)` and so on would. */
function define(prototype: object, key: string, method: string, path: string, handler: Handler, status?: number) {
  Object.defineProperty(handler, 'name', { value: key });
  const descriptor = { value: handler, writable: true, configurable: true };
  Object.defineProperty(prototype, key, descriptor);
  RequestMapping({ path, method: RequestMethod[method as Route['method']] })(prototype, key, descriptor);
  if (status !== undefined) HttpCode(status)(prototype, key, descriptor);
  Req()(prototype, key, 0);
  NodeResponse()(prototype, key, 1);
  if (path.includes('/:id')) Param('id')(prototype, key, 2);
}

/** What the edge hands a NestJS route: the platform's request, the Node response, the state the middleware read. */
interface Raw {
  readonly req: object;
  readonly res: ServerResponse;
  readonly state: State;
}

/** The edge of a resource's controller: failures go on to Nest's filters; the reply's body goes back to Nest. */
function edgeOf(resource: MountableRoutes, options: ResolvedOptions): Edge<Raw> {
  const { bodyLimit, depthLimit, locals } = options;
  return createEdge<Raw>([resource], {
    bodyLimit,
    depthLimit,
    readBody: ({ req, state }, limit) => {
      const { headers } = rawRequestOf(req);
      const { body: read } = state;
      if ((read?.size ?? 0) > limit) throw bodyTooLargeError(limit);
      if (read !== undefined) return read.value;
      // Another content type: 415; an empty JSON body: 400.
      if (headers['content-type'] !== undefined || hasBody(headers)) return parseJsonBody('', headers['content-type']);
      return undefined;
    },
    locals: locals === undefined ? undefined : ({ req }) => locals(req),
    // Set on the Node response, which both platforms keep (these are never `content-type`); Nest sends the body.
    write: ({ res }, reply) => {
      for (const name in reply.headers) res.setHeader(name, reply.headers[name]!);
      res.statusCode = reply.status;
      return reply.body;
    },
  });
}

/** A route's handler on the edge: the raw query, the body read (413 over the route's limit), `locals`, the call. */
function handlerOf(edge: Edge<Raw>, route: Route, options: ResolvedOptions): Handler {
  const limit = routeBodyLimit(route, options.bodyLimit);
  return function handle(req, res, id) {
    const raw = rawRequestOf(req);
    // A request pagelope's middleware did not see (excluded from it) is read here, in the context it did not enter.
    const state = requestStateOf(raw) ?? readRequestState(raw, { limit, depthLimit: options.depthLimit });
    const { correlationId } = requestStateOf(raw)!;
    const { method, headers } = raw;
    const { path, query } = splitUrl((raw as { originalUrl?: string }).originalUrl ?? raw.url ?? '');
    const at = { method: method ?? '', path, query, headers, correlationId, route, id };
    // The body awaited first, whether or not the route reads it (a faulty one is answered all the same).
    const answer = (read: State) => handleExchange(edge, { ...at, raw: { req, res, state: read } });
    return runInRequestContext({ correlationId }, () =>
      state instanceof Promise ? state.then(answer) : answer(state),
    );
  };
}
