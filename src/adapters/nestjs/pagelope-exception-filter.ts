import type { IncomingMessage, ServerResponse } from 'node:http';
import { Catch, Inject, Logger, Optional, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { ErrorReportingOptions, ResourceRoutes } from 'pagelope';
import { createErrorReporter, methodNotAllowedError, routeNotFoundError, splitUrl } from 'pagelope/http';
import { unsupportedMediaTypeError } from 'pagelope/http';
import type { ErrorReporter } from '../../http/reply-to-error';
import { allowOf, type PathMatching } from '../../http/allow-of';
import { replyToNodeError } from '../../http/to-node-exchange';
import { errorTrace } from '../../http/error-trace';

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

type Matching = { getRouteMatchingOptions?(): PathMatching };
/** Injection token of the filter's options, for a filter Nest constructs (`useClass`). Internal to the adapter. */
export const FILTER_OPTIONS = Symbol('pagelope exception filter options');

/**
 * A catch-all exception filter answering every failure of an HTTP request, on Express and Fastify, with pagelope's
 * envelope (`toErrorReply`; Nest's `HttpException`s by shape, `retry-after` kept; anything else a masked 500); the
 * router's 404 becomes `Cannot GET /path`, or a 405 with `allow` on a path of `routes`. `PagelopeModule` registers it.
 *
 * @example
 * app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost)));
 */
export class PagelopeExceptionFilter implements ExceptionFilter {
  private readonly report: ErrorReporter;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly options: PagelopeExceptionFilterOptions = {},
  ) {
    const logger = new Logger('PagelopeExceptionFilter');
    this.report = createErrorReporter(options.reportError, (error, { correlationId: id, method, path, statusCode }) => {
      logger.error(`${method ?? ''} ${path ?? ''} answered ${statusCode} (x-correlation-id ${id})`, errorTrace(error));
    });
  }

  /** Sends the envelope of `exception` (outside HTTP, such as in a microservice, it gives the exception back). */
  catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') return exception;
    const [request, response] = host.getArgs<[object, object & { readonly raw?: ServerResponse }]>();
    const req = rawRequestOf(request);
    // Fastify's response to a request its middleware refused is the Node response itself.
    const res = response.raw ?? (response as ServerResponse);
    const { statusCode, headers, body } = replyToNodeError(this.worded(exception, request), req, res, this.report);
    // The client is gone (it aborted, or a timeout answered it), or part of the reply is out (cut it short).
    if (res.destroyed || res.socket?.destroyed === true) return undefined;
    if (res.headersSent) return res.writableEnded ? undefined : void res.destroy();
    // The platform sends an object as JSON with its own content-type (Fastify's adapter warns of any other).
    for (const [name, value] of Object.entries(headers)) if (name !== 'content-type') res.setHeader(name, value);
    this.adapterHost.httpAdapter.reply(response, body, statusCode);
    return undefined;
  }

  /** What the platform threw before pagelope saw the request, worded as pagelope's: its 404s, Fastify's 415. */
  private worded(exception: unknown, request: object): unknown {
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] & Matching;
    const { getStatus, message } = (exception ?? {}) as { getStatus?: unknown; message?: unknown };
    // A Nest `HttpException` by shape (another copy of `@nestjs/common` has another class).
    const status = typeof getStatus === 'function' ? (getStatus as () => unknown).call(exception) : undefined;
    if ((status !== 404 && status !== 415) || adapter.getRequestUrl === undefined) return exception;
    const [method, url] = [String(adapter.getRequestMethod?.(request)), String(adapter.getRequestUrl(request))];
    const { path } = splitUrl(url);
    const allows = (this.options.routes ?? []).map((routes) => routes.allow);
    const allow = allowOf(allows, path, adapter.getRouteMatchingOptions?.());
    if (status === 415)
      return allow !== undefined && message === 'Unsupported Media Type' ? unsupportedMediaTypeError() : exception;
    if (message !== `Cannot ${method} ${url}`) return exception;
    return allow === undefined ? routeNotFoundError(method, path) : methodNotAllowedError(method, allow);
  }
}

Catch()(PagelopeExceptionFilter);

Inject(HttpAdapterHost)(PagelopeExceptionFilter, undefined, 0);
Inject(FILTER_OPTIONS)(PagelopeExceptionFilter, undefined, 1);
Optional()(PagelopeExceptionFilter, undefined, 1);

/** The Node request behind a platform's request object (Fastify's `request.raw`; Express's is one). Internal. */
export function rawRequestOf(request: object): IncomingMessage & { readonly originalUrl?: string } {
  const raw = (request as { readonly raw?: unknown }).raw;
  return (typeof raw === 'object' && raw !== null ? raw : request) as IncomingMessage;
}
