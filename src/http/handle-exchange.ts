import type { Route, RouteInput } from '../routes/index';
import { matchRoute, toRouteTable, type RouteTable } from './match-route';
import type { MountableRoutes } from './mountable-routes';
import { replyToError, type ErrorReporter } from './reply-to-error';
import { routeBodyLimit, routeReadsBody } from './route-body';
import { methodNotAllowedError, routeNotFoundError } from './route-errors';

/** A reply an edge writes: a route's (`RouteReply`), or the error envelope of a failure it answers. */
export interface ExchangeReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON value to send; `undefined` for a bare reply (204, 304). */
  readonly body?: unknown;
}

/** How an edge reads, runs and writes the requests of one server or framework, `TRaw` being its request/response. */
export interface EdgeSetup<TRaw> {
  /** Largest JSON body read, in bytes, unless a route sets its own `bodyLimit`. */
  readonly bodyLimit: number;
  /** The deepest nesting of arrays and objects a JSON body may have. */
  readonly depthLimit: number;
  /** Reads and parses the request's JSON body (`undefined` for none) up to `limit` bytes and `depthLimit` levels. */
  readonly readBody: (raw: TRaw, limit: number, depthLimit: number) => unknown;
  /** What the service's hooks and scopes see as `locals` (not run for the OpenAPI document's route). */
  readonly locals?: ((raw: TRaw) => object | PromiseLike<object>) | undefined;
  /**
   * Writes a reply: the route's own (with `route`), or, with `report`, an error's envelope (without); `path` is the
   * exchange's, as the client sent it (what `routeReplyHeaders` reads a mount's prefix from). What it returns for a
   * route's reply is what the promise of `handleExchange` resolves to (Fastify's `reply`, a thenable).
   */
  readonly write: (raw: TRaw, reply: ExchangeReply, route: Route | undefined, path: string) => unknown;
  /**
   * The record id of a `/:id` route the framework matched without reading it (`exchange.id` absent): read after the
   * body and before `locals`, so a body's fault is answered before the id's.
   */
  readonly readId?: ((raw: TRaw, route: Route) => string | undefined) | undefined;
  /** Whether something (`locals`, say) already answered the request: the route then does not run. */
  readonly answered?: ((raw: TRaw) => boolean) | undefined;
  /**
   * With a reporter, the edge answers every failure with the error envelope (`replyToError`), each 5xx reported;
   * without, the promise of `handleExchange` rejects with it, for the framework's own error handler.
   */
  readonly report?: ErrorReporter | undefined;
}

/** The routes of an adapter and how it reads and writes them, made once by {@link createEdge}. */
export interface Edge<TRaw> extends EdgeSetup<TRaw> {
  readonly table: RouteTable;
}

/** One request as an edge takes it, whatever the server. */
export interface Exchange<TRaw> {
  readonly method: string;
  /** The path as the client sent it, without the query: the base of a list's `link` targets. */
  readonly path: string;
  /** The raw query string, without the `?`. */
  readonly query: string;
  readonly headers: unknown;
  /** The correlation id already resolved for the request. */
  readonly correlationId: string;
  /** The framework's request and response, handed to the edge's `readBody`, `locals` and `write`. */
  readonly raw: TRaw;
  /** The path matched against the routes (below the mount point); default `path`. Unused with `route`. */
  readonly routePath?: string | undefined;
  /** The route the framework's router matched: the edge then matches nothing itself. */
  readonly route?: Route | undefined;
  /** The record id the framework's router read for `route`. */
  readonly id?: string | undefined;
}

/**
 * Makes the edge of an adapter: its mounts (`toMountableRoutes`' or `readRouteOptions`' list) compiled for matching,
 * with how its server reads bodies, gives `locals` and writes replies.
 *
 * @example
 * const edge = createEdge(mounts, { bodyLimit, depthLimit, readBody, write, report: createErrorReporter(undefined) });
 */
export function createEdge<TRaw>(mounts: readonly MountableRoutes[], setup: EdgeSetup<TRaw>): Edge<TRaw> {
  return { ...setup, table: toRouteTable(mounts) };
}

/**
 * Answers one request: the route the framework matched, or the one its path and method match (a 404
 * `routeNotFoundError`, a 405 `methodNotAllowedError` with `allow`; HEAD as GET), its JSON body read where the route
 * takes one (up to the route's `bodyLimit` or the edge's), `locals`, the route's call and its reply written. A
 * failure is answered with the envelope when the edge has a reporter, else the promise rejects with it. A route
 * without a body or `locals` is called without an `await`.
 *
 * @example
 * void handleExchange(edge, { method, path, query, headers, correlationId, raw: { req, res } });
 */
export function handleExchange<TRaw>(edge: Edge<TRaw>, exchange: Exchange<TRaw>): Promise<unknown> {
  let done: Promise<unknown>;
  try {
    done = start(edge, exchange);
  } catch (error) {
    if (edge.report === undefined) return Promise.reject(error);
    fail(edge, exchange, error);
    return Promise.resolve();
  }
  return edge.report === undefined ? done : done.then(undefined, (error: unknown) => fail(edge, exchange, error));
}

/** The route matched (or the framework's), then its call: at once for a route without a body or `locals`. */
function start<TRaw>(edge: Edge<TRaw>, exchange: Exchange<TRaw>): Promise<unknown> {
  let { route, id } = exchange;
  if (route === undefined) {
    const match = matchRoute(edge.table, exchange.method, exchange.routePath ?? exchange.path);
    if (match === undefined) throw routeNotFoundError(exchange.method, exchange.path);
    if (match.route === undefined) throw methodNotAllowedError(exchange.method, match.allow);
    route = match.route;
    id = match.id;
  }
  const locals = route.type === 'OPENAPI' ? undefined : edge.locals;
  const reads = routeReadsBody(route);
  if (!reads && locals === undefined)
    return call(edge, exchange, route, idOf(edge, exchange.raw, route, id), undefined);
  const { raw } = exchange;
  const body = reads ? edge.readBody(raw, routeBodyLimit(route, edge.bodyLimit), edge.depthLimit) : undefined;
  // A body the framework already parsed, and no locals: called without an await, as the route without a body.
  if (locals === undefined && !isPromiseLike(body)) {
    if (edge.answered?.(raw) === true) return Promise.resolve();
    return call(edge, exchange, route, idOf(edge, raw, route, id), body);
  }
  return readThenCall(edge, exchange, route, id, body, locals);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** The route's input and call, its reply written. */
function call<TRaw>(
  edge: Edge<TRaw>,
  exchange: Exchange<TRaw>,
  route: Route,
  id: string | undefined,
  body: unknown,
  locals?: RouteInput['locals'],
): Promise<unknown> {
  const { path, query, headers, correlationId, raw } = exchange;
  const params = route.path.includes('/:id') ? { id } : NO_PARAMS;
  const input: RouteInput = { params, query, path, body, headers, correlationId, locals };
  return route.handle(input).then((reply) => edge.write(raw, reply, route, path));
}

const NO_PARAMS = Object.freeze({});

/** The body awaited (a reader's promise), then the id, then `locals`, then the call, unless already answered. */
async function readThenCall<TRaw>(
  edge: Edge<TRaw>,
  exchange: Exchange<TRaw>,
  route: Route,
  id: string | undefined,
  reading: unknown,
  locals: EdgeSetup<TRaw>['locals'],
): Promise<unknown> {
  const { raw } = exchange;
  const body: unknown = isPromiseLike(reading) ? await reading : reading;
  const recordId = idOf(edge, raw, route, id);
  const context = locals === undefined ? undefined : ((await locals(raw)) as RouteInput['locals']);
  return edge.answered?.(raw) === true ? undefined : call(edge, exchange, route, recordId, body, context);
}

/** The record id matched, else the one `readId` reads for a `/:id` route. */
function idOf<TRaw>(edge: Edge<TRaw>, raw: TRaw, route: Route, id: string | undefined): string | undefined {
  if (id !== undefined || edge.readId === undefined || !route.path.includes('/:id')) return id;
  return edge.readId(raw, route);
}

/** Answers a failure with the envelope (and reports a 5xx) where the edge has a reporter, else throws it on. */
function fail<TRaw>(edge: Edge<TRaw>, exchange: Exchange<TRaw>, error: unknown): void {
  const { report } = edge;
  if (report === undefined) throw error;
  const { correlationId, method, path, raw } = exchange;
  const { statusCode, headers, body } = replyToError(error, { correlationId, method, path }, report);
  edge.write(raw, { status: statusCode, headers, body }, undefined, path);
}
