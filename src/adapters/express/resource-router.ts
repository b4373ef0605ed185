import { createGunzip, createInflate } from 'node:zlib';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { CORRELATION_ID_HEADER } from 'pagelope';
import {
  createEdge,
  handleExchange,
  methodNotAllowedError,
  type MountableRoutes,
  type OpenApiRouteOptions,
  type Edge,
  type ExchangeReply,
  type Route,
} from 'pagelope/http';
import { readAdapterSetup } from '../../http/read-adapter-setup';
import { readNodeJsonBody, routeJsonBody } from '../../http/read-node-json-body';
import { toMountOrder } from '../../http/to-mount-order';
import { runInRequestContext } from 'pagelope/node';
import { toNodeExchange } from '../../http/to-node-exchange';
import { toJsonText } from '../../http/to-json-text';

/** Options of {@link resourceRouter}. */
export interface ResourceRouterOptions {
  /** Largest request body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /** Deepest nesting of arrays and objects in a JSON request body (default `DEFAULT_DEPTH_LIMIT`, 64); deeper is a 400. */
  readonly depthLimit?: number;
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

/**
 * Returns an Express `Router` mounting every route of one or more resources (`defineRoutes`): each path answers
 * its methods, and any other method (HEAD aside, which Express answers as GET) with a 405 carrying the `allow`
 * header, so `{path}/cursor` never falls through to `{path}/:id`. Paths match exactly, as on Fastify and Hono
 * (case-sensitive, no trailing slash); mounted below a prefix, a create's `location` and a list's `link` targets
 * carry it. Every header of a route's reply is sent (`link`, `x-total-count`, `access-control-expose-headers`). JSON
 * bodies are read by the router itself (a DELETE's too where its route takes one), up to `bodyLimit` bytes or the
 * route's own `bodyLimit`: a request of another content type is a 415, a
 * larger body a 413, malformed JSON a 400. The raw query string goes to the library's parser, so the app's `query
 * parser` setting does not matter. With the `openapi` option, the router also serves the routes' OpenAPI document
 * (`GET /openapi.json` unless `path` says otherwise) as one more route. Every failure is passed to `next`: install
 * {@link correlationId} before the router and {@link errorHandler} after it.
 *
 * @throws TypeError (its message prefixed with `resourceRouter: `) for a `bodyLimit` that is not a positive integer,
 * `locals` that is not a function, an argument that is not `defineRoutes`' result, two resources on the same path,
 * or a bad `openapi` option (see `toOpenApiRoute`).
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
export function resourceRouter(
  routes: MountableRoutes | readonly MountableRoutes[],
  options: ResourceRouterOptions = {},
): Router {
  const { mounts: list, bodyLimit, depthLimit, locals } = readAdapterSetup('resourceRouter', options, { routes });
  const edge = createEdge<Exchanged>(list, {
    bodyLimit,
    depthLimit,
    readBody: ({ req }, limit) => routeJsonBody(req, limit, readNodeJsonBody(req, { limit, depthLimit, decoders })),
    locals: locals === undefined ? undefined : ({ req, res }) => locals(req, res),
    write: ({ req, res }, reply) => send(req, res, reply),
    answered: ({ res }) => res.headersSent,
  });
  const router = express.Router({ caseSensitive: true, strict: true });
  for (const resource of list) {
    // Express matches in registration order: a literal segment (`/cursor`) before the `/:id` it would match.
    for (const [pattern, allow] of toMountOrder(resource.allow)) {
      const route = router.route(toRoutePath(resource.path, pattern));
      for (const each of resource.routes)
        if (each.path === pattern)
          route[each.method.toLowerCase() as Lowercase<Route['method']>](handlerOf(edge, each));
      route.all((req, _res, next) => next(methodNotAllowedError(req.method, allow)));
    }
  }
  return router;
}

/** The request and response of one exchange. */
interface Exchanged {
  readonly req: Request;
  readonly res: Response;
}

const decoders = { gzip: createGunzip, deflate: createInflate };

/**
 * The Express handler of one route, matched by Express: the edge reads, runs and writes it in the request's context
 * (already below `correlationId()`; without it, the route makes one), its failures passed to `next` (Express 5 takes
 * the rejected promise).
 */
function handlerOf(edge: Edge<Exchanged>, route: Route): RequestHandler {
  return (req, res) => {
    const exchange = toNodeExchange(req, res, { raw: { req, res }, route, id: (req.params as { id?: string }).id });
    return runInRequestContext({ correlationId: exchange.correlationId }, () => handleExchange(edge, exchange));
  };
}

/**
 * Writes a route's reply: status, each header once (the correlation id is already set, `etag` among the others), the
 * JSON body; a 304 or 204 bare.
 */
function send(req: Request, res: Response, reply: ExchangeReply): void {
  res.statusCode = reply.status;
  const { headers } = reply;
  for (const [name, value] of Object.entries(headers)) if (name !== CORRELATION_ID_HEADER) res.setHeader(name, value);
  // Mounted below a prefix (`app.use('/v1', router)`), the new record's location carries it.
  const { location } = headers;
  if (location !== undefined && req.baseUrl !== '') res.setHeader('location', req.baseUrl + location);
  if (reply.body === undefined) res.end();
  else if (!writesPlainJson(res)) res.json(reply.body);
  else {
    // What `res.json` does after `JSON.stringify`.
    if (res.get('content-type') === undefined) res.set('content-type', 'application/json');
    res.send(toJsonText(reply.body));
  }
}

/**
 * Whether `res.json` would write `JSON.stringify`'s text: no `json replacer`, `json spaces` or `json escape` set on
 * the app, so that {@link toJsonText} (the same text, its Dates written faster) may write it instead.
 */
function writesPlainJson({ app }: Response): boolean {
  return app.get('json replacer') === undefined && app.get('json spaces') === undefined && !app.get('json escape');
}

/** Characters `path-to-regexp` (Express 5's route syntax) reads as syntax. */
const ROUTE_SYNTAX = /[()[\]{}?+!*:\\]/g;

/**
 * The Express route path of a path pattern below `base`: the base path with its syntax characters escaped, then the
 * pattern's suffix (`:id` kept as a parameter). With `base` equal to `pattern`, the whole path is matched literally.
 *
 * @example
 * toRoutePath('/files(v1)', '/files(v1)/:id'); // '/files\\(v1\\)/:id'
 */
function toRoutePath(base: string, pattern: string): string {
  const prefix = base === '/' ? '' : base;
  return prefix.replace(ROUTE_SYNTAX, '\\$&') + pattern.slice(prefix.length);
}
