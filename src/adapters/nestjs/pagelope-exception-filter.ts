import type { ServerResponse } from 'node:http';
import { Catch, Inject, Logger, Optional, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { resolveCorrelationId, type ErrorReportingOptions, type ResourceRoutes } from 'pagelope';
import { createErrorReporter, splitUrl, toErrorReply } from 'pagelope/http';
import { methodNotAllowedError, routeNotFoundError, unsupportedMediaTypeError } from 'pagelope/http';
import { allowOf, type PathMatching } from '../../http/allow-of';
import { rawRequestOf, requestStateOf } from './request-state';
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
  private readonly logger = new Logger('PagelopeExceptionFilter');
  private readonly allows: readonly ReadonlyMap<string, string>[];
  private readonly report: ReturnType<typeof createErrorReporter>;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    options: PagelopeExceptionFilterOptions = {},
  ) {
    this.allows = (options.routes ?? []).map((routes) => routes.allow);
    this.report = createErrorReporter(options.reportError, (error, { correlationId, method, path, statusCode }) => {
      const line = `${method ?? ''} ${path ?? ''} answered ${statusCode} (x-correlation-id ${correlationId})`;
      this.logger.error(line, errorTrace(error));
    });
  }

  /** Sends the envelope of `exception` (outside HTTP, such as in a microservice, it gives the exception back). */
  catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') return exception;
    const request = host.switchToHttp().getRequest<object>();
    const response = host.switchToHttp().getResponse<object & { readonly raw?: ServerResponse }>();
    const req = rawRequestOf(request);
    const correlationId = requestStateOf(request)?.correlationId ?? resolveCorrelationId(req.headers);
    const url = String((req as { originalUrl?: unknown }).originalUrl ?? req.url ?? '');
    const error = this.fromPlatform(exception, request);
    const { statusCode, headers, body, info } = toErrorReply(error, { correlationId, method: req.method ?? '', url });
    this.report(exception, info);
    // Fastify's response to a request its middleware refused is the Node response itself.
    const res = response.raw ?? (response as ServerResponse);
    // The client is gone (it aborted, or a timeout answered it), or part of the reply is out (cut it short).
    if (res.destroyed || res.socket?.destroyed === true) return undefined;
    if (res.headersSent) return res.writableEnded ? undefined : void res.destroy();
    const adapter = this.adapterHost.httpAdapter;
    // The platform sends an object as JSON with its own content-type (Fastify's adapter warns of any other).
    for (const [name, value] of Object.entries(headers)) if (name !== 'content-type') res.setHeader(name, value);
    adapter.reply(response, body, statusCode);
    return undefined;
  }

  /** What the platform threw before pagelope saw the request, worded as pagelope's: its 404s, Fastify's 415. */
  private fromPlatform(exception: unknown, request: object): unknown {
    const adapter = this.adapterHost.httpAdapter;
    const { getStatus, message } = (exception ?? {}) as { getStatus?: unknown; message?: unknown };
    // A Nest `HttpException` by shape (another copy of `@nestjs/common` has another class).
    const status = typeof getStatus === 'function' ? (getStatus as () => unknown).call(exception) : undefined;
    if ((status !== 404 && status !== 415) || adapter.getRequestUrl === undefined) return exception;
    const method = String(adapter.getRequestMethod?.(request));
    const url = String(adapter.getRequestUrl(request));
    const { path } = splitUrl(url);
    const allow = allowOf(this.allows, path, (adapter as Matching).getRouteMatchingOptions?.());
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
