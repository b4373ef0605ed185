import express, { type Request, type Response, type Router } from 'express';
import { type ResourceRoutes } from 'pagelope';
import { DEFAULT_BODY_LIMIT, methodNotAllowedError, type OpenApiRouteOptions, type Route } from 'pagelope/http';
import { correlationIdOf } from './correlation-id';
import { jsonBodyReader, type JsonBodyReader } from './read-json-body';
import { openApiRouteOf, serveOpenApi } from './serve-open-api';
import { toRoutePath } from './to-route-path';

/** Options of {@link resourceRouter}. */
export interface ResourceRouterOptions {
  /** Largest request body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /**
   * What the service's hooks and scopes see as `locals`, from the request: for example the authenticated user that
   * an earlier middleware put on `res.locals`. Runs for every route request, after the body is read; what it throws
   * (or rejects with) is answered by {@link errorHandler}.
   */
  readonly locals?: (req: Request, res: Response) => object | Promise<object>;
  /**
   * Serve the routes' OpenAPI 3.1 document (`toOpenApi`): `{ info, servers?, path? }`. `GET path` (default
   * `/openapi.json`, below the router's mount point) answers it as `application/json; charset=utf-8`; another method
   * there is a 405 with `allow: GET`. The document is built once, when the router is.
   */
  readonly openapi?: OpenApiRouteOptions;
}

/** The parts of a `ResourceRoutes` the router mounts (any record type). */
type Mountable = Pick<ResourceRoutes, 'path' | 'routes' | 'allow'>;

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Returns an Express `Router` mounting every route of one or more resources (`defineRoutes`): each path answers
 * its methods, and any other method (HEAD aside, which Express answers as GET) with a 405 carrying the `allow`
 * header, so `{path}/cursor` never falls through to `{path}/:id`. Paths match exactly, as on Fastify and Hono
 * (case-sensitive, no trailing slash); mounted below a prefix, a create's `location` and a list's `link` targets
 * carry it. Every header of a route's reply is sent (`link`, `x-total-count`, `access-control-expose-headers`). JSON
 * bodies are read by the router itself, up to `bodyLimit` bytes: a request of another content type is a 415, a
 * larger body a 413, malformed JSON a 400. The raw query string goes to the library's parser, so the app's `query
 * parser` setting does not matter. With the `openapi` option, the router also serves the routes' OpenAPI document
 * (`GET /openapi.json` unless `path` says otherwise). Every failure is passed to `next`: install {@link correlationId}
 * before the router and {@link errorHandler} after it.
 *
 * @throws TypeError for a `bodyLimit` that is not a positive integer, an argument that is not `defineRoutes`' result,
 * two resources on the same path, or a bad `openapi` option (see `toOpenApiRoute`).
 * @example
 * const app = express();
 * app.use(correlationId());
 * app.use(
 *   resourceRouter([users, orders], {
 *     locals: (_req, res) => ({ user: res.locals.user }),
 *     openapi: { info: { title: 'Shop API', version: '1.0.0' } },
 *   }),
 * );
 * app.use(notFound());
 * app.use(errorHandler());
 */
export function resourceRouter(routes: Mountable | readonly Mountable[], options: ResourceRouterOptions = {}): Router {
  const { bodyLimit = DEFAULT_BODY_LIMIT, locals, openapi } = options;
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit <= 0)
    throw new TypeError(`resourceRouter: bodyLimit must be a positive integer, got ${String(bodyLimit)}`);
  if (locals !== undefined && typeof locals !== 'function')
    throw new TypeError('resourceRouter: locals must be a function');
  const list = toList(routes);
  const openApiRoute = openApiRouteOf(list as readonly ResourceRoutes[], openapi);
  const readBody = jsonBodyReader(bodyLimit);
  const router = express.Router({ caseSensitive: true, strict: true });
  const mounted = new Set<string>();
  if (openApiRoute !== undefined) serveOpenApi(router, openApiRoute);
  for (const resource of list) {
    for (const [pattern, allow] of resource.allow) {
      if (mounted.has(pattern)) throw new TypeError(`resourceRouter: two resources mount ${pattern}`);
      mounted.add(pattern);
      const route = router.route(toRoutePath(resource.path, pattern));
      for (const each of resource.routes) {
        if (each.path === pattern) route[toHandlerName(each.method)](handlerOf(each, readBody, locals));
      }
      route.all((req, _res, next) => {
        next(methodNotAllowedError(req.method, allow));
      });
    }
  }
  return router;
}

function toList(routes: Mountable | readonly Mountable[]): readonly Mountable[] {
  const list: readonly unknown[] = Array.isArray(routes) ? routes : [routes];
  for (const item of list) {
    const value = item as Partial<Mountable> | null;
    if (typeof value !== 'object' || value === null || !Array.isArray(value.routes) || !(value.allow instanceof Map))
      throw new TypeError('resourceRouter: routes must be what defineRoutes returns, or an array of them');
  }
  return list as readonly Mountable[];
}

function toHandlerName(method: Route['method']): 'get' | 'post' | 'put' | 'patch' | 'delete' {
  return method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
}

type Locals = ResourceRouterOptions['locals'];

function handlerOf(route: Route, readBody: JsonBodyReader, locals: Locals) {
  const withBody = WITH_BODY.has(route.method);
  return async (req: Request, res: Response): Promise<void> => {
    const correlationId = correlationIdOf(req, res);
    const body = withBody ? await readBody(req, res) : undefined;
    const context = locals === undefined ? undefined : ((await locals(req, res)) as Readonly<Record<string, unknown>>);
    if (res.headersSent) return;
    const id: unknown = req.params['id'];
    const reply = await route.handle({
      params: { id: typeof id === 'string' ? id : undefined },
      query: queryStringOf(req.url),
      path: pathOf(req.originalUrl),
      body,
      headers: req.headers,
      correlationId,
      locals: context,
    });
    res.status(reply.status).set(reply.headers);
    // Mounted below a prefix (`app.use('/v1', router)`), the new record's location carries it.
    const location = reply.headers['location'];
    if (location !== undefined && req.baseUrl !== '') res.setHeader('location', req.baseUrl + location);
    if (reply.body === undefined) res.end();
    else res.json(reply.body);
  };
}

/** The raw query string of a request URL, without the `?`: the library's own parser reads it. */
function queryStringOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/**
 * The path of the request as the client sent it (`req.originalUrl`, so with the prefix the router is mounted below),
 * percent-encoded, without the query: the base of the `link` header's targets.
 */
function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}
