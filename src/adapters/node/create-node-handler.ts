import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGunzip, createInflate } from 'node:zlib';
import { resolveCorrelationId, type ReportError } from 'pagelope';
import { createEdge, handleExchange, splitUrl, type MountableRoutes, type OpenApiRouteOptions } from 'pagelope/http';
import { readNodeJsonBody, routeJsonBody } from '../../http/read-node-json-body';
import { routeReplyHeaders } from '../../http/route-reply-headers';
import { toJsonText } from '../../http/to-json-text';
import { runInRequestContext } from './request-context';
import { belowPrefix } from '../../http/read-prefix';
import { readServerOptions } from '../../http/read-server-options';

/** Options of {@link createNodeHandler}. */
export interface NodeHandlerOptions {
  /** Largest JSON body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /** Deepest nesting of arrays and objects in a JSON body (default `DEFAULT_DEPTH_LIMIT`, 64); deeper is a 400. */
  readonly depthLimit?: number;
  /** What the service's scope and hooks see as `locals`, from the request. */
  readonly locals?: (req: IncomingMessage) => object | Promise<object>;
  /** Serve the routes' OpenAPI 3.1 document at `GET path` (default `/openapi.json`). */
  readonly openapi?: OpenApiRouteOptions;
  /** The path the routes are served below (`/api`): a path outside it is a 404. Default: none. */
  readonly prefix?: string;
  /** Called once for each 5xx answered (default `console.error`; `false` reports nothing). */
  readonly reportError?: ReportError | false;
}

/** A `node:http` request listener. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

interface NodeExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
}

const decoders = { gzip: createGunzip, deflate: createInflate };

/**
 * Returns a `node:http` request listener serving the routes of one or more resources (`defineRoutes`) on the edge
 * (`handleExchange` of `pagelope/http`): paths matched exactly (a 404 envelope for any other, a 405 with `allow` for
 * another method), JSON bodies read up to `bodyLimit` (gzip and deflate undone), every failure answered with the
 * error envelope under the request's correlation id (each 5xx reported), the route run in the request's context
 * (`currentCorrelationId()`).
 *
 * @throws TypeError (prefixed `createNodeHandler: `) for bad options or routes.
 * @example
 * createServer(createNodeHandler([users])).listen(3000);
 */
export function createNodeHandler(
  routes: MountableRoutes | readonly MountableRoutes[],
  options: NodeHandlerOptions = {},
): NodeHandler {
  const { mounts, bodyLimit, depthLimit, prefix, locals, report } = readServerOptions(
    'createNodeHandler',
    routes,
    options,
  );
  const edge = createEdge<NodeExchange>(mounts, {
    bodyLimit,
    depthLimit,
    readBody: ({ req }, limit) => routeJsonBody(req, limit, readNodeJsonBody(req, { limit, depthLimit, decoders })),
    locals: locals === undefined ? undefined : ({ req }) => locals(req),
    write: ({ res }, reply, route, path) => {
      res.writeHead(reply.status, route === undefined ? reply.headers : routeReplyHeaders(route, reply, path));
      res.end(reply.body === undefined ? undefined : toJsonText(reply.body));
    },
    report,
  });
  return (req, res) => {
    const { path, query } = splitUrl(req.url ?? '/');
    const correlationId = resolveCorrelationId(req.headers);
    const method = req.method ?? 'GET';
    const raw = { req, res };
    void runInRequestContext({ correlationId }, () =>
      handleExchange(edge, {
        method,
        path,
        routePath: belowPrefix(path, prefix),
        query,
        headers: req.headers,
        correlationId,
        raw,
      }),
    );
  };
}
