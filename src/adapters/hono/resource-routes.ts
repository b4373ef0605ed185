import { Hono, type Context, type Env, type Handler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError, type ResourceRoutes } from 'pagelope';
import { DEFAULT_BODY_LIMIT, methodNotAllowedError, type OpenApiRouteOptions, type Route } from 'pagelope/http';
import { asError } from './as-error';
import { correlationIdOf } from './correlation-id-of';
import { pathOf } from './path-of';
import { readJsonBody } from './read-json-body';
import { openApiRouteOf, serveOpenApi } from './serve-open-api';
import { toRoutePath } from './to-route-path';

/** Options of {@link resourceRoutes}. */
export interface ResourceRoutesOptions<E extends Env = Env> {
  /** Largest JSON body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /**
   * What the service receives as `locals` (its scope and hooks read it), from the request's Hono context: for
   * example the authenticated user an earlier middleware put in `c.get('user')`. It may be async; what it throws is
   * answered like any route failure.
   */
  readonly locals?: (c: Context<E>) => object | Promise<object>;
  /**
   * Serve the routes' OpenAPI 3.1 document (`toOpenApi`): `{ info, servers?, path? }`. `GET path` (default
   * `/openapi.json`, below the prefix the app is mounted at) answers it as `application/json; charset=utf-8`, HEAD as
   * GET; another method there is a 405 with `allow: GET`. The document is built once, when the app is.
   */
  readonly openapi?: OpenApiRouteOptions;
}

/** The parts of a `ResourceRoutes` the adapter mounts (whatever the record type). */
type Mountable = Pick<ResourceRoutes, 'path' | 'routes' | 'allow'>;

const OPTIONS = new Set(['bodyLimit', 'locals', 'openapi']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * A Hono app with the routes of one or more resources (`defineRoutes`), to mount with `app.route('/', ...)` (or below
 * a prefix, which a create's `location` and a list's `link` targets then carry). Each route reads its JSON body
 * itself, up to `bodyLimit` bytes (a request of another content type is a 415, a larger body a 413, malformed JSON a
 * 400), and hands the service the raw query string, the path as the request URL holds it (the base of the `link`
 * targets), the id percent-decoded once, the request's correlation id and `locals`. Another method on a resource
 * path is a 405 with `allow` (`PATCH /users/cursor` never reaches `/users/:id`); HEAD is answered as GET. With the
 * `openapi` option, the app also serves the routes' OpenAPI document (`GET /openapi.json` unless its `path` says
 * otherwise). Failures are thrown for `app.onError(onError)` to answer with the envelope: mount `correlationId()`
 * before, and `app.notFound(notFound)` on the same app.
 *
 * Register your own routes below a resource path (`GET /users/export`) before mounting, or `/users/:id` takes them.
 *
 * @throws TypeError for an unknown option, a `bodyLimit` that is not a positive integer, a `locals` that is not a
 * function, an argument that is not `defineRoutes`' result, a path holding `*` (a wildcard to Hono), two
 * resources on the same path, or a bad `openapi` option (see `toOpenApiRoute`; a path with `*` too).
 * @example
 * const app = new Hono();
 * app.use(correlationId());
 * app.route(
 *   '/',
 *   resourceRoutes([users, orders], {
 *     locals: (c) => ({ user: c.get('user') }),
 *     openapi: { info: { title: 'Shop API', version: '1.0.0' } },
 *   }),
 * );
 * app.onError(onError);
 * app.notFound(notFound);
 */
export function resourceRoutes<E extends Env = Env>(
  routes: Mountable | readonly Mountable[],
  options: ResourceRoutesOptions<E> = {},
): Hono<E> {
  const { bodyLimit = DEFAULT_BODY_LIMIT, locals, openapi } = checkOptions(options);
  const list = toList(routes);
  const openApiRoute = openApiRouteOf(list as readonly ResourceRoutes[], openapi);
  const app = new Hono<E>();
  const seen = new Set<string>();
  if (openApiRoute !== undefined) serveOpenApi(app, openApiRoute);
  for (const resource of list) {
    if (resource.path.includes('*'))
      throw new TypeError(`resourceRoutes: Hono reads "*" as a wildcard, so it cannot serve the path ${resource.path}`);
    for (const [pattern, allow] of resource.allow) {
      if (seen.has(pattern)) throw new TypeError(`resourceRoutes: the path ${pattern} is mounted twice`);
      seen.add(pattern);
      const path = toRoutePath(pattern);
      for (const route of resource.routes) {
        if (route.path === pattern) app.on(route.method, path, handlerOf(route, bodyLimit, locals));
      }
      // After the path's own routes: any other method there is a 405, before a later pattern can match it.
      app.all(path, (c) => {
        throw methodNotAllowedError(c.req.method, allow);
      });
    }
  }
  return app;
}

function toList(routes: Mountable | readonly Mountable[]): readonly Mountable[] {
  const list: readonly unknown[] = Array.isArray(routes) ? routes : [routes];
  for (const item of list) {
    const value = item as Partial<Mountable> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof value.path !== 'string' ||
      !Array.isArray(value.routes) ||
      !(value.allow instanceof Map)
    )
      throw new TypeError('resourceRoutes: routes must be what defineRoutes returns, or an array of them');
  }
  return list as readonly Mountable[];
}

function handlerOf<E extends Env>(
  route: Route,
  bodyLimit: number,
  locals: ResourceRoutesOptions<E>['locals'],
): Handler<E> {
  const withBody = WITH_BODY.has(route.method);
  const withId = route.path.endsWith('/:id');
  return async (c) => {
    try {
      const correlationId = correlationIdOf(c);
      const path = pathOf(c.req.url);
      const body = withBody ? await readJsonBody(c, bodyLimit) : undefined;
      const reply = await route.handle({
        params: withId ? { id: idOf(path) } : {},
        query: queryStringOf(c.req.url),
        path,
        body,
        headers: c.req.raw.headers,
        correlationId,
        locals: locals === undefined ? undefined : ((await locals(c)) as Readonly<Record<string, unknown>>),
      });
      const headers = withPrefix(reply.headers, path, route.path);
      if (reply.body === undefined) return c.body(null, reply.status, headers);
      return c.json(reply.body, reply.status as ContentfulStatusCode, headers);
    } catch (thrown) {
      // Hono's onError takes only Errors: anything else thrown becomes one (answered as a 500).
      throw asError(thrown);
    }
  };
}

/** The record id: the last segment of the raw path, percent-decoded once. */
function idOf(path: string): string {
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch (cause) {
    throw new HttpError(400, 'Malformed percent-encoding in the record id', { cause });
  }
}

/** The reply's headers, its `location` carrying the prefix the app was mounted below (`app.route('/v1', ...)`). */
function withPrefix(headers: Readonly<Record<string, string>>, path: string, pattern: string) {
  const location = headers['location'];
  if (location === undefined || path === pattern || !path.endsWith(pattern)) return headers;
  return { ...headers, location: path.slice(0, -pattern.length) + location };
}

/** The raw query string of a request URL: the part after `?`, for the library's own query parser. */
function queryStringOf(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return '';
  const end = url.indexOf('#', start);
  return url.slice(start + 1, end === -1 ? undefined : end);
}

function checkOptions<E extends Env>(options: ResourceRoutesOptions<E>): ResourceRoutesOptions<E> {
  if (typeof options !== 'object' || options === null) throw new TypeError('resourceRoutes: options must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTIONS.has(key)) throw new TypeError(`resourceRoutes: unknown option "${key}"`);
  }
  const { bodyLimit, locals } = options;
  if (bodyLimit !== undefined && (!Number.isSafeInteger(bodyLimit) || bodyLimit <= 0))
    throw new TypeError(`resourceRoutes: bodyLimit must be a positive integer, got ${String(bodyLimit)}`);
  if (locals !== undefined && typeof locals !== 'function')
    throw new TypeError('resourceRoutes: locals must be a function of the Hono context');
  return options;
}
