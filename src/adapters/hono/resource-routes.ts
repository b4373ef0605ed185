import { Hono, type Context, type Env, type Handler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
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
import { readRouteOptions } from '../../http/read-route-options';
import { readWebJsonBody } from '../../http/read-web-json-body';
import { runInRequestContext } from 'pagelope/node';
import { asError, correlationIdOf } from './correlation-id';
import { decodeRecordId, routeReplyHeaders } from '../../http/route-reply-headers';
import { splitRequestUrl } from '../../http/split-request-url';

/** Options of {@link resourceRoutes}. */
export interface ResourceRoutesOptions<E extends Env = Env> {
  /** Largest JSON body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /** Deepest nesting of arrays and objects in a JSON body (default `DEFAULT_DEPTH_LIMIT`, 64); deeper is a 400. */
  readonly depthLimit?: number;
  /**
   * What the service's scope and hooks see as `locals`, from the request's Hono context (the user an earlier
   * middleware put in `c.get('user')`, ...). It may be async; what it throws is answered like any route failure.
   */
  readonly locals?: (c: Context<E>) => object | Promise<object>;
  /**
   * Serve the routes' OpenAPI 3.1 document (`toOpenApiRoute`): `{ info, servers?, path? }`, at `GET path` (default
   * `/openapi.json`, below the app's prefix) as `application/json; charset=utf-8`; another method there is a 405.
   */
  readonly openapi?: OpenApiRouteOptions;
}

/**
 * A Hono app with the routes of one or more resources (`defineRoutes`), to mount with `app.route('/', ...)` or below a
 * prefix (which a create's `location` and a list's `link` then carry). Each route reads its JSON body itself (a
 * DELETE's where its row takes one) up to `bodyLimit` bytes or its own (`readWebJsonBody`), and hands the service the
 * raw query, the path as the URL holds it, the id percent-decoded once, the correlation id and `locals`. Another method on a resource path is a 405 with `allow`
 * (`PATCH /users/cursor` never reaches `/users/:id`); HEAD is answered as GET. With `openapi`, the document is one
 * more route. Failures are thrown for `app.onError(onError)`: mount `correlationId()` before, and
 * `app.notFound(notFound)`. Register your own routes below a resource path (`GET /users/export`) before mounting.
 *
 * @throws TypeError (`readRouteOptions`) for an unknown option, a `bodyLimit` or `depthLimit` that is not a positive integer, a
 * `locals` that is not a function, routes that are not `defineRoutes`' result, a path holding `*` (a wildcard to
 * Hono), two resources on one path, or a bad `openapi` option (see `toOpenApiRoute`).
 * @example
 * const app = new Hono();
 * app.use(correlationId());
 * app.route('/', resourceRoutes([users, orders], { locals: (c) => ({ user: c.get('user') }) }));
 * app.onError(onError);
 * app.notFound(notFound);
 */
export function resourceRoutes<E extends Env = Env>(
  routes: MountableRoutes | readonly MountableRoutes[],
  options: ResourceRoutesOptions<E> = {},
): Hono<E> {
  const { mounts, bodyLimit, depthLimit } = readRouteOptions(routes, options, {
    adapter: 'resourceRoutes',
    wildcard: 'Hono',
  });
  const { locals } = options;
  const edge = createEdge<HonoExchange<E>>(mounts, {
    bodyLimit,
    depthLimit,
    readBody: ({ c }, limit) => readWebJsonBody(c.req.raw, { limit, depthLimit, consumed: () => c.req.text() }),
    locals: locals === undefined ? undefined : ({ c }) => locals(c),
    // The id's segment is the last once the pattern's tail after it (`/restore`) is cut.
    readId: ({ path }, { path: at }) => decodeRecordId(path.slice(0, path.length - at.length + at.indexOf('/:id') + 4)),
    write: (raw, reply, route) => {
      raw.response = toResponse(raw, reply, route);
    },
  });
  const app = new Hono<E>();
  const paths = new Map<string, Handler<E>>();
  for (const mount of mounts) {
    for (const [pattern, allow] of mount.allow) {
      const byMethod = new Map<string, Handler<E>>();
      for (const route of mount.routes) if (route.path === pattern) byMethod.set(route.method, handlerOf(edge, route));
      const get = byMethod.get('GET');
      if (get !== undefined) byMethod.set('HEAD', get);
      // One handler for every method of the path; a method the path does not take is its 405.
      paths.set(toRoutePath(pattern), (c, next) => {
        const handler = byMethod.get(c.req.method);
        if (handler === undefined) throw methodNotAllowedError(c.req.method, allow);
        return handler(c, next);
      });
    }
  }
  // A static path beside a `:id` one (`/users/cursor` beside `/users/:id`) is served through it, by its last
  // segment: Hono's RegExpRouter, its fastest, refuses the two as ambiguous (its TrieRouter takes 3 µs a request).
  const besideId = new Map<string, Map<string, Handler<E>>>();
  for (const [path, handler] of paths) {
    const byId = `${path.slice(0, path.lastIndexOf('/'))}/:id`;
    if (path === byId || !paths.has(byId)) continue;
    besideId.set(byId, (besideId.get(byId) ?? new Map()).set(path.slice(path.lastIndexOf('/') + 1), handler));
    paths.delete(path);
  }
  for (const [path, handler] of paths) {
    const statics = besideId.get(path);
    app.all(
      path,
      statics === undefined ? handler : (c, next) => (statics.get(c.req.param('id') ?? '') ?? handler)(c, next),
    );
  }
  return app;
}

/** One request on its way through the edge: Hono's context, the path as sent, the `Response` written. */
interface HonoExchange<E extends Env> {
  readonly c: Context<E>;
  readonly path: string;
  response: Response | undefined;
}

/**
 * The route's handler, matched by Hono: the edge reads its input from the request (in the request's context, already
 * below `correlationId()`; without it, the route makes one) and writes its reply as a `Response`. Failures are thrown
 * for `onError`, as `Error`s (Hono's onError takes only those: anything else thrown becomes one, answered as a 500).
 */
function handlerOf<E extends Env>(edge: Edge<HonoExchange<E>>, route: Route): Handler<E> {
  return (c) => {
    const correlationId = correlationIdOf(c);
    return runInRequestContext({ correlationId }, () => {
      const { path, query } = splitRequestUrl(c.req.url);
      const raw: HonoExchange<E> = { c, path, response: undefined };
      const exchange = { method: c.req.method, path, query, headers: c.req.raw.headers, correlationId, raw, route };
      return handleExchange(edge, exchange).then(
        () => raw.response,
        (thrown: unknown) => {
          throw asError(thrown);
        },
      );
    });
  };
}

/** A route's reply as Hono's `Response`, with `routeReplyHeaders`. */
function toResponse<E extends Env>({ c, path }: HonoExchange<E>, reply: ExchangeReply, route: Route | undefined) {
  const headers = route === undefined ? reply.headers : routeReplyHeaders(route, reply, path);
  if (reply.body === undefined) return c.body(null, reply.status as StatusCode, headers);
  return c.body(JSON.stringify(reply.body), reply.status as ContentfulStatusCode, headers);
}

/**
 * The path Hono matches a pattern as: percent-decoded as Hono decodes request paths (`%25`, and the reserved
 * characters such as `%2F`, kept), so that `/caf%C3%A9` matches a request for `/caf%C3%A9`.
 */
function toRoutePath(pattern: string): string {
  try {
    return decodeURI(pattern.replace(/%25/g, '%2525'));
  } catch {
    return pattern;
  }
}
