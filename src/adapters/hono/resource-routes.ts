import { Hono, type Context, type Env } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import type { ExchangeReply, MountableRoutes, OpenApiRouteOptions } from 'pagelope/http';
import { runInRequestContext } from 'pagelope/node';
import { createWebEdge } from '../../http/create-web-edge';
import { readRouteOptions } from '../../http/read-route-options';
import { correlationIdOf, rethrowAsError } from './correlation-id';

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
  const { mounts, ...limits } = readRouteOptions(routes, options, { adapter: 'resourceRoutes', wildcard: 'Hono' });
  const answer = createWebEdge<Context<E>>(mounts, {
    ...limits,
    locals: options.locals,
    consumed: (c) => c.req.text(),
    respond,
  });
  const app = new Hono<E>();
  const patterns = new Set(mounts.flatMap(({ allow }) => [...allow.keys()]));
  for (const pattern of patterns) {
    const [head = '', tail] = pattern.split('/:id');
    // A static path beside a `:id` one (`/users/cursor` beside `/users/:id`) is left to the edge through it: Hono's
    // RegExpRouter, its fastest, refuses the two as ambiguous (its TrieRouter takes 3 µs a request).
    if (tail === undefined && patterns.has(`${pattern.slice(0, pattern.lastIndexOf('/'))}/:id`)) continue;
    // The path the edge matches: the pattern, its `:id` filled with the segment of the request's path Hono matched.
    const routePath = (path: string): string => {
      if (tail === undefined) return pattern;
      const end = path.length - tail.length;
      return head + path.slice(path.lastIndexOf('/', end - 1), end) + tail;
    };
    app.all(toRoutePath(pattern), (c) => {
      const correlationId = correlationIdOf(c);
      return runInRequestContext({ correlationId }, () =>
        answer(c.req.raw, { context: c, correlationId, routePath }).then(undefined, rethrowAsError),
      );
    });
  }
  return app;
}

/** A reply as Hono's `Response`: `c.newResponse`, which keeps the headers middleware prepared with `c.header`. */
function respond<E extends Env>(c: Context<E>, reply: ExchangeReply, text: string | null): Response {
  return c.newResponse(text, reply.status as StatusCode, reply.headers);
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
