import { createEdge, handleExchange, type EdgeSetup, type ExchangeReply } from './handle-exchange';
import type { MountableRoutes } from './mountable-routes';
import { readWebJsonBody } from './read-web-json-body';
import { routeReplyHeaders } from './route-reply-headers';
import { splitRequestUrl } from './split-request-url';
import { toJsonText } from './to-json-text';

/** One Fetch API request on its way through the edge: the request, its server's context, the reply. */
interface WebExchange<TContext> {
  readonly request: Request;
  readonly context: TContext;
  response: Response | undefined;
}

/** How {@link createWebEdge} reads, runs and answers the requests of one Fetch API server, `TContext` its context. */
export interface WebEdgeSetup<TContext> extends Pick<EdgeSetup<unknown>, 'bodyLimit' | 'depthLimit' | 'report'> {
  /** What the service's hooks and scopes see as `locals`, from the server's context. */
  readonly locals?: ((context: TContext) => object | PromiseLike<object>) | undefined;
  /** The text of a body that other code already read (Hono's `c.req.text()`): see `readWebJsonBody`. */
  readonly consumed?: (context: TContext) => Promise<string>;
  /**
   * Makes the `Response` of a reply (its headers final, `text` its body as JSON text or `null`): default `new Response`;
   * Hono's `c.newResponse` keeps the headers its middleware prepared.
   */
  readonly respond?: (context: TContext, reply: ExchangeReply, text: string | null) => Response;
}

/** What one request needs besides its `Request`: the server's context, its correlation id, the path the routes see. */
export interface WebRequest<TContext> {
  readonly context: TContext;
  readonly correlationId: string;
  /** The path the routes match (below the mount point), from the path as sent; `''` matches nothing (a 404). */
  readonly routePath: (path: string) => string;
}

/** Answers a Fetch API request: its reply's `Response`, `undefined` where nothing was written. */
export type WebEdge<TContext> = (request: Request, at: WebRequest<TContext>) => Promise<Response | undefined>;

/**
 * Makes the edge of a Fetch API server (`createFetchHandler`, Hono's `resourceRoutes`): JSON bodies read with
 * `readWebJsonBody`, a route's reply written with `routeReplyHeaders` as a `Response`, and, with `report`, every failure
 * answered with the envelope (else the promise rejects with it, for the framework's error handler).
 *
 * @example
 * const answer = createWebEdge<Request>(mounts, { bodyLimit, depthLimit, report });
 * const response = await answer(request, { context: request, correlationId, routePath: (path) => path });
 */
export function createWebEdge<TContext>(
  mounts: readonly MountableRoutes[],
  setup: WebEdgeSetup<TContext>,
): WebEdge<TContext> {
  const { bodyLimit, depthLimit, report, locals, consumed, respond = newResponse } = setup;
  const edge = createEdge<WebExchange<TContext>>(mounts, {
    bodyLimit,
    depthLimit,
    report,
    readBody: ({ request, context }, limit) =>
      readWebJsonBody(request, { limit, depthLimit, consumed: consumed && (() => consumed(context)) }),
    locals: locals === undefined ? undefined : ({ context }) => locals(context),
    write: (raw, reply, route, path) => {
      const { status, body } = reply;
      const headers = route === undefined ? reply.headers : routeReplyHeaders(route, reply, path);
      raw.response = respond(raw.context, { status, headers, body }, body === undefined ? null : toJsonText(body));
      return raw.response;
    },
  });
  return (request, { context, correlationId, routePath }) => {
    const { path, query } = splitRequestUrl(request.url);
    const raw: WebExchange<TContext> = { request, context, response: undefined };
    const { method, headers } = request;
    const exchange = { method, path, routePath: routePath(path), query, headers, correlationId, raw };
    const done = handleExchange(edge, exchange);
    // Without a reporter the promise resolves to what `write` returned for the route's reply: its `Response`, with no
    // promise more (each costs the promise hooks of a request context); with one, an error's reply was written too.
    return report === undefined ? (done as Promise<Response>) : done.then(() => raw.response);
  };
}

const newResponse = (_context: unknown, { status, headers }: ExchangeReply, text: string | null) =>
  new Response(text, { status, headers });
