import type { ServerResponse } from 'node:http';
import { Catch, Inject, Logger, Optional, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CORRELATION_ID_HEADER, errorResponse, resolveCorrelationId, type ResourceRoutes } from 'pagelope';
import type { ErrorReportingOptions } from 'pagelope';
import { allowOf, createErrorReporter, errorTrace, type PathMatching } from 'pagelope/http';
import { methodNotAllowedError, routeNotFoundError, splitUrl, unsupportedMediaTypeError } from 'pagelope/http';
import { rawRequestOf, requestStateOf } from './request-state';

/**
 * Options of {@link PagelopeExceptionFilter}. `reportError` is called once for each 5xx the filter answers (the
 * masked 500, a 503 of an unavailable database, Nest's own 5xx exceptions), never for a 4xx; default Nest's `Logger`
 * (context `PagelopeExceptionFilter`, with the stack and its causes), `false` reports nothing.
 *
 * @example
 * app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost), { routes: [defineRoutes(users)] }));
 */
export interface PagelopeExceptionFilterOptions extends ErrorReportingOptions {
  /** Resources whose paths answer another method with a 405 and `allow`, rather than the 404 of an unknown route. */
  readonly routes?: readonly ResourceRoutes[];
}

/** Injection token of the filter's options, for a filter Nest constructs (`useClass`). */
const OPTIONS = Symbol('pagelope exception filter options');

/**
 * A catch-all Nest exception filter that answers every failure of an HTTP request with pagelope's error envelope
 * (`errorResponse`) on Express and on Fastify: the service's errors, Nest's `HttpException`s, the throttler's 429
 * (its `retry-after` kept), what middleware throws, and anything else as a masked 500, with the correlation id
 * pagelope's middleware resolved (else resolved from the headers). The router's 404 for an unknown route becomes
 * `Cannot GET /path`, or a 405 with `allow` on a path of `routes`. `PagelopeModule` registers it as a global filter;
 * it can be used alone.
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
    const rawRequest = rawRequestOf(request);
    const correlationId = requestStateOf(request)?.correlationId ?? resolveCorrelationId(rawRequest.headers);
    const { statusCode, headers, body } = errorResponse(this.fromPlatform(exception, request), {
      headers: { [CORRELATION_ID_HEADER]: correlationId },
    });
    const url = String((rawRequest as { originalUrl?: unknown }).originalUrl ?? rawRequest.url ?? '');
    this.report(exception, { correlationId, method: rawRequest.method ?? '', path: splitUrl(url).path, statusCode });
    // Fastify's response to a request its middleware refused is the Node response itself.
    const raw = response.raw ?? (response as ServerResponse);
    // The client is gone (it aborted, or a timeout answered it), or part of the reply is out (cut it short).
    if (raw.destroyed || raw.socket?.destroyed === true) return undefined;
    if (raw.headersSent) return raw.writableEnded ? undefined : void raw.destroy();
    const adapter = this.adapterHost.httpAdapter;
    for (const [name, value] of Object.entries(headers)) {
      // The platform sends an object as JSON with its own content-type (Fastify's adapter warns of any other).
      if (name === 'content-type') continue;
      if (!('status' in response)) raw.setHeader(name, value);
      else adapter.setHeader(response, name, value);
    }
    adapter.reply(response, body, statusCode);
    return undefined;
  }

  /**
   * What the platform threw before pagelope saw the request, as pagelope words it: the router's 404 (`Cannot GET
   * /path`, or a 405 on a resource path), and Fastify's 415 for a malformed content type on a resource path.
   */
  private fromPlatform(exception: unknown, request: object): unknown {
    const adapter = this.adapterHost.httpAdapter;
    const { getStatus, message } = (exception ?? {}) as { getStatus?: unknown; message?: unknown };
    // A Nest `HttpException` by shape (another copy of `@nestjs/common` has another class).
    const status = typeof getStatus === 'function' ? (getStatus as () => unknown).call(exception) : undefined;
    if ((status !== 404 && status !== 415) || adapter.getRequestUrl === undefined) return exception;
    const method = String(adapter.getRequestMethod?.(request));
    const url = String(adapter.getRequestUrl(request));
    const { path } = splitUrl(url);
    const matching = (adapter as { getRouteMatchingOptions?(): PathMatching }).getRouteMatchingOptions?.();
    const allow = allowOf(this.allows, path, matching);
    if (status === 415)
      return allow !== undefined && message === 'Unsupported Media Type' ? unsupportedMediaTypeError() : exception;
    if (message !== `Cannot ${method} ${url}`) return exception;
    return allow === undefined ? routeNotFoundError(method, path) : methodNotAllowedError(method, allow);
  }
}

Catch()(PagelopeExceptionFilter);
Inject(HttpAdapterHost)(PagelopeExceptionFilter, undefined, 0);
Inject(OPTIONS)(PagelopeExceptionFilter, undefined, 1);
Optional()(PagelopeExceptionFilter, undefined, 1);
