import { resolveCorrelationId, type ReportError } from '../errors/index';
import type { OpenApiRouteOptions } from '../openapi/index';
import { createWebEdge } from './create-web-edge';
import type { MountableRoutes } from './mountable-routes';
import { belowPrefix } from './read-prefix';
import { readServerOptions } from './read-server-options';

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
  const answer = createWebEdge<Request>(mounts, { bodyLimit, depthLimit, locals, report });
  const routePath = (path: string): string => belowPrefix(path, prefix);
  return async (request) => {
    const correlationId = resolveCorrelationId(request.headers);
    const response = await answer(request, { context: request, correlationId, routePath });
    return response ?? new Response(null, { status: 500 });
  };
}
