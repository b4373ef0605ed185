import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { Catch, Inject, Logger, Optional, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { ErrorReportingOptions, ReportError, ResourceRoutes } from 'pagelope';
import { createErrorReporter, methodNotAllowedError, routeNotFoundError, splitUrl } from 'pagelope/http';
import { unsupportedMediaTypeError } from 'pagelope/http';
import { matchRoute, toRouteTable } from '../../http/match-route';
import { replyToNodeError } from '../../http/to-node-exchange';

/**
 * Options of {@link PagelopeExceptionFilter}; `reportError` as `PagelopeModule.forRoot`'s (by default Nest's `Logger`).
 *
 * @example
 * app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost), { routes: [defineRoutes(users)] }));
 */
export interface PagelopeExceptionFilterOptions extends ErrorReportingOptions {
  /** Resources whose paths answer another method with a 405 and `allow`, rather than the 404 of an unknown route. */
  readonly routes?: readonly ResourceRoutes[];
}

/**
 * Injection token of a `PagelopeModule`'s set-up: the options of the filter Nest constructs (`useClass`), and the
 * module's middleware. Internal to the adapter.
 */
export const SETUP = Symbol('pagelope setup');

const logger = new Logger('PagelopeExceptionFilter');
/** The default reporter: Nest's `Logger`, the request in the message and the stack and its causes as the trace. */
const logError: ReportError = (error, { correlationId: id, method = '', path = '', statusCode }) =>
  logger.error(`${method} ${path} answered ${statusCode} (x-correlation-id ${id})`, inspect(error));

/**
 * A catch-all exception filter answering every failure of an HTTP request, on Express and Fastify, with pagelope's
 * envelope (`toErrorReply`; Nest's `HttpException`s by shape, `retry-after` kept; anything else a masked 500); the
 * router's 404 becomes `Cannot GET /path`, or a 405 with `allow` on a path of `routes`. `PagelopeModule` registers it.
 *
 * @example
 * app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost)));
 */
@Catch()
export class PagelopeExceptionFilter implements ExceptionFilter {
  private readonly report: ReturnType<typeof createErrorReporter>;

  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Optional() @Inject(SETUP) private readonly options: PagelopeExceptionFilterOptions = {},
  ) {
    this.report = createErrorReporter(options.reportError, logError);
  }

  /** Sends the envelope of `exception` (outside HTTP, such as in a microservice, it gives the exception back). */
  catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') return exception;
    const [request, response] = host.getArgs<[object, object]>();
    const res = rawOf<ServerResponse>(response);
    const worded = this.worded(exception, request);
    const { statusCode, headers, body } = replyToNodeError(worded, rawOf<IncomingMessage>(request), res, this.report);
    // The client is gone (it aborted, or a timeout answered it), or part of the reply is out (cut it short).
    if (res.destroyed || res.socket?.destroyed === true) return undefined;
    if (res.headersSent) return res.writableEnded ? undefined : void res.destroy();
    // The platform sends an object as JSON with its own content-type (Fastify's adapter warns of any other).
    for (const [name, value] of Object.entries(headers)) if (name !== 'content-type') res.setHeader(name, value);
    return void this.adapterHost.httpAdapter.reply(response, body, statusCode);
  }

  /** What the platform threw before pagelope saw the request, worded as pagelope's: its 404s, Fastify's 415. */
  private worded(exception: unknown, request: object): unknown {
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] & Matching;
    const { getStatus, message } = (exception ?? {}) as { getStatus?: unknown; message?: unknown };
    // A Nest `HttpException` by shape (another copy of `@nestjs/common` has another class).
    const status = typeof getStatus === 'function' ? (getStatus as () => unknown).call(exception) : undefined;
    if (status !== 404 && status !== 415) return exception;
    const [method, url] = [String(adapter.getRequestMethod?.(request)), String(adapter.getRequestUrl?.(request))];
    const { path } = splitUrl(url);
    const allows = (this.options.routes ?? []).map((routes) => routes.allow);
    const allow = allowOf(allows, path, adapter.getRouteMatchingOptions?.());
    if (status === 415)
      return allow !== undefined && message === 'Unsupported Media Type' ? unsupportedMediaTypeError() : exception;
    if (message !== `Cannot ${method} ${url}`) return exception;
    // Below the module (its set-up holds the middleware), the router answers another method of a route path itself.
    if (allow === undefined || 'middleware' in this.options) return routeNotFoundError(method, path);
    return methodNotAllowedError(method, allow);
  }
}

/** How a platform's router matches paths, when it says (Express: `caseSensitive: false`, `ignoreTrailingSlash: true`). */
export type PathMatching = { readonly caseSensitive: boolean; readonly ignoreTrailingSlash: boolean };
type Matching = { getRouteMatchingOptions?(): PathMatching };

/**
 * The `allow` value of the route path (of the `allow` maps of `allows`) that a request path matches, as the router
 * matches it when `matching` says how, with the edge's matcher (`matchRoute`: a fixed segment before `:id`).
 * `undefined` for a path no route has. Internal to the adapter.
 *
 * @example
 * allowOf([users.allow], '/users/7'); // 'GET, PUT, PATCH, DELETE'
 */
export function allowOf(allows: readonly ReadonlyMap<string, string>[], path: string, matching?: PathMatching) {
  const fold = (text: string) => (matching?.caseSensitive === false ? text.toLowerCase() : text);
  const trimmed = matching?.ignoreTrailingSlash === true && path.length > 1 ? path.replace(/\/$/, '') : path;
  const folded = (allow: ReadonlyMap<string, string>) => new Map([...allow].map(([key, value]) => [fold(key), value]));
  // No route takes the empty method: only `allow` is read.
  const table = toRouteTable(allows.map((allow) => ({ path: '', routes: [], allow: folded(allow) })));
  return matchRoute(table, '', fold(trimmed))?.allow;
}

/** The Node request or response under a platform's own (Fastify's `raw`; Express's are Node's). Internal. */
export const rawOf = <T extends object>(value: object): T => ((value as { readonly raw?: T }).raw ?? value) as T;
