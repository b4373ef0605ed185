import { resolveCorrelationId, type ReportError } from '../errors/index';
import type { OpenApiRouteOptions } from '../openapi/index';
import type { Route } from '../routes/index';
import { createEdge, handleExchange, type ExchangeReply } from './handle-exchange';
import type { MountableRoutes } from './mountable-routes';
import { belowPrefix } from './read-prefix';
import { readWebJsonBody } from './read-web-json-body';
import { readServerOptions } from './read-server-options';
import { routeReplyHeaders } from './route-reply-headers';
import { splitRequestUrl } from './split-request-url';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** Largest JSON body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /** Deepest nesting of arrays and objects in a JSON body (default `DEFAULT_DEPTH_LIMIT`, 64); deeper is a 400. */
  readonly depthLimit?: number;
  /** What the service's scope and hooks see as `locals`, from the request. */
  readonly locals?: (request: Request) => object | Promise<object>;
  /** Serve the routes' OpenAPI 3.1 document at `GET path` (default `/openapi.json`). */
  readonly openapi?: OpenApiRouteOptions;
  /** The path the routes are served below (`/api`): a path outside it is a 404. Default: none. */
  readonly prefix?: string;
  /** Called once for each 5xx answered (default `console.error`; `false` reports nothing). */
  readonly reportError?: ReportError | false;
}

/** A Fetch API handler: `(request) => Promise<Response>` (Bun, Deno, Workers, `@hono/node-server`'s listener). */
export type FetchHandler = (request: Request) => Promise<Response>;

interface FetchExchange {
  readonly request: Request;
  readonly path: string;
  response: Response | undefined;
}

/**
 * Returns a Fetch API handler serving the routes of one or more resources (`defineRoutes`) on the edge
 * (`handleExchange`): paths matched exactly (a 404 envelope for any other, a 405 with `allow` for another method),
 * JSON bodies read with `readWebJsonBody`, every failure answered with the error envelope under the request's
 * correlation id, each 5xx reported.
 *
 * @throws TypeError (`readRouteOptions`, prefixed `createFetchHandler: `) for bad options or routes.
 * @example
 * Bun.serve({ fetch: createFetchHandler([users]) });
 */
export function createFetchHandler(
  routes: MountableRoutes | readonly MountableRoutes[],
  options: FetchHandlerOptions = {},
): FetchHandler {
  const { mounts, bodyLimit, depthLimit, prefix, locals, report } = readServerOptions(
    'createFetchHandler',
    routes,
    options,
  );
  const edge = createEdge<FetchExchange>(mounts, {
    bodyLimit,
    depthLimit,
    readBody: ({ request }, limit) => readWebJsonBody(request, { limit, depthLimit }),
    locals: locals === undefined ? undefined : ({ request }) => locals(request),
    write: (raw, reply, route) => {
      raw.response = toResponse(reply, route, raw.path);
    },
    report,
  });
  return async (request) => {
    const { path, query } = splitRequestUrl(request.url);
    const correlationId = resolveCorrelationId(request.headers);
    const raw: FetchExchange = { request, path, response: undefined };
    const { method, headers } = request;
    await handleExchange(edge, {
      method,
      path,
      routePath: belowPrefix(path, prefix),
      query,
      headers,
      correlationId,
      raw,
    });
    return raw.response ?? new Response(null, { status: 500 });
  };
}

function toResponse(reply: ExchangeReply, route: Route | undefined, path: string): Response {
  const headers = route === undefined ? reply.headers : routeReplyHeaders(route, reply, path);
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers });
}
