import type { ServerResponse } from 'node:http';
import { Controller, createParamDecorator, HttpCode, Param, Req, RequestMapping, RequestMethod } from '@nestjs/common';
import type { ExecutionContext, Type } from '@nestjs/common';
import { bodyTooLargeError, methodNotAllowedError, parseJsonBody, splitUrl, type MountableRoutes } from 'pagelope/http';
import type { Route } from 'pagelope/http';
import { readsJsonBody } from '../../http/body-encoding';
import { routeBodyLimit, routeReadsBody } from '../../http/route-body';
import { siblingIdMethods, toMountOrder } from '../../http/to-mount-order';
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
  for (const [pattern, allow] of toMountOrder(resource.allow)) {
    for (const route of resource.routes.filter((each) => each.path === pattern))
      define(prototype, route.type, route.method, route.path, handlerOf(route, options), STATUS[route.method]);
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

/** A route's handler: the raw query, the body read (413 over the route's limit), `locals`; the reply's own status. */
function handlerOf(route: Route, options: ResolvedOptions): Handler {
  const [withBody, limit] = [routeReadsBody(route), routeBodyLimit(route, options.bodyLimit)];
  return function handle(req, res, id) {
    const raw = rawRequestOf(req);
    // A request pagelope's middleware did not see (excluded from it) is read here, in the context it did not enter.
    const state = requestStateOf(raw) ?? readRequestState(raw, { limit, depthLimit: options.depthLimit });
    const { correlationId } = requestStateOf(raw)!;
    return runInRequestContext({ correlationId }, () => run(req, res, id, state));
  };
  async function run(req: object, res: ServerResponse, id: string | undefined, state: Promise<State> | State) {
    const raw = rawRequestOf(req);
    const { correlationId, body: read } = state instanceof Promise ? await state : state;
    if (withBody && (read?.size ?? 0) > limit) throw bodyTooLargeError(limit);
    let body: unknown;
    if (withBody && read !== undefined) body = read.value;
    else if (withBody && readsJsonBody(raw.headers)) body = parseJsonBody('', raw.headers['content-type']); // empty: 400
    const locals = options.locals === undefined ? undefined : await options.locals(req);
    const { path, query } = splitUrl((raw as { originalUrl?: string }).originalUrl ?? raw.url ?? '');
    const params = id === undefined ? {} : { id };
    const reply = await route.handle({ params, query, path, body, headers: raw.headers, correlationId, locals });
    // Set on the Node response, which both platforms keep (these are never `content-type`).
    for (const name in reply.headers) res.setHeader(name, reply.headers[name]!);
    res.statusCode = reply.status;
    return reply.body;
  }
}
