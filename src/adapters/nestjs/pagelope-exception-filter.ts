import type { ServerResponse } from 'node:http';
import { Catch, Inject, Logger, Optional, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  CORRELATION_ID_HEADER,
  errorResponse,
  resolveCorrelationId,
  type ErrorReportInfo,
  type ErrorReportingOptions,
  type ResourceRoutes,
} from 'pagelope';
import { createErrorReporter, methodNotAllowedError, parseJsonBody, routeNotFoundError } from 'pagelope/http';
import { rawRequestOf, requestStateOf } from './request-state';

/**
 * Options of {@link PagelopeExceptionFilter}.
 *
 * @example
 * app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost), { routes: [defineRoutes(users)] }));
 */
export interface PagelopeExceptionFilterOptions extends ErrorReportingOptions {
  /** Resources whose paths answer another method with a 405 and `allow`, rather than the 404 of an unknown route. */
  readonly routes?: readonly ResourceRoutes[];
  /**
   * Called once for each 5xx the filter answers (the masked 500, a 503 of an unavailable database, Nest's own 5xx
   * exceptions), with the exception and `{ correlationId, method, path, statusCode }`; never for a 4xx. Default:
   * Nest's `Logger` (context `PagelopeExceptionFilter`, with the stack and its causes); `false` reports nothing. What
   * it throws never reaches the client (the `Logger` reports the exception instead).
   */
  readonly reportError?: ErrorReportingOptions['reportError'];
}

/** Injection token of the filter's options, for `PagelopeModule`. Internal to the adapter. */
export const EXCEPTION_FILTER_OPTIONS = Symbol('pagelope exception filter options');

/**
 * Option key of more paths whose other methods are 405s, each with its `allow` value: `PagelopeModule` passes its
 * OpenAPI document's path (`GET`). Not exported from the entry. Internal to the adapter.
 */
export const MORE_PATHS = Symbol('pagelope exception filter paths');

/** The filter's options as `PagelopeModule` gives them. Internal to the adapter. */
export interface ModuleExceptionFilterOptions extends PagelopeExceptionFilterOptions {
  readonly [MORE_PATHS]?: ReadonlyMap<string, string>;
}

type PlatformResponse = object & { readonly raw?: ServerResponse };

/** How the router matches paths: an optional method of Nest's `HttpServer`, absent from older versions. */
interface RouteMatching {
  getRouteMatchingOptions?(): { readonly caseSensitive: boolean; readonly ignoreTrailingSlash: boolean };
}

/**
 * A catch-all Nest exception filter that answers every failure of an HTTP request with pagelope's error envelope
 * (`errorResponse`) on Express and on Fastify: the service's errors, Nest's `HttpException`s, the throttler's 429
 * (its `retry-after` kept), what middleware throws, and anything else as a masked 500. Each 5xx is reported once, with
 * the original exception and the correlation id the client received, to `reportError` (default: Nest's `Logger`).
 * The `x-correlation-id` is the one pagelope's middleware resolved for the request, else resolved from its headers.
 * The 404 Nest's router throws for an unknown route becomes `routeNotFoundError` (`Cannot GET /path`), or a 405 with
 * `allow` when the path is one of `routes`' with another method. `PagelopeModule` registers it as a global filter;
 * it can be used alone, without the module.
 *
 * @example
 * const app = await NestFactory.create(AppModule);
 * app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost)));
 */
export class PagelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('PagelopeExceptionFilter');
  /** The `allow` value of each path pattern that answers another method with a 405. */
  private readonly allows: readonly ReadonlyMap<string, string>[];
  private readonly report: (error: unknown, info: ErrorReportInfo) => void;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    options: PagelopeExceptionFilterOptions = {},
  ) {
    const more = (options as ModuleExceptionFilterOptions)[MORE_PATHS];
    this.allows = [...(options.routes ?? []).map((routes) => routes.allow), ...(more === undefined ? [] : [more])];
    this.report = createErrorReporter(options.reportError, (error, info) => {
      this.log(error, info);
    });
  }

  /** Sends the envelope of `exception` (outside HTTP, such as in a microservice, it gives the exception back). */
  catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') return exception;
    const http = host.switchToHttp();
    const request = http.getRequest<object>();
    const response = http.getResponse<PlatformResponse>();
    // Fastify's response to a request its middleware refused is the Node response itself.
    const native = !('status' in response);
    const raw = response.raw ?? (response as ServerResponse);
    const correlationId = requestStateOf(request)?.correlationId ?? resolveCorrelationId(rawRequestOf(request).headers);
    const { statusCode, headers, body } = errorResponse(this.fromPlatform(exception, request), {
      headers: { [CORRELATION_ID_HEADER]: correlationId },
    });
    if (statusCode >= 500) {
      const rawRequest = rawRequestOf(request);
      this.report(exception, {
        correlationId,
        method: rawRequest.method ?? '',
        path: pathOf(String((rawRequest as { originalUrl?: unknown }).originalUrl ?? rawRequest.url ?? '')),
        statusCode,
      });
    }
    // The client is gone (it aborted, or a timeout answered it): there is no one to answer.
    if (raw.destroyed || raw.socket?.destroyed === true) return undefined;
    if (raw.headersSent) {
      // Part of the reply is out: cut it short rather than end it as if it were whole.
      if (!raw.writableEnded) raw.destroy();
      return undefined;
    }
    const adapter = this.adapterHost.httpAdapter;
    for (const [name, value] of Object.entries(headers)) {
      // The platform sends an object as JSON with its own content-type (Fastify's adapter warns of any other).
      if (name === 'content-type') continue;
      if (native) raw.setHeader(name, value);
      else adapter.setHeader(response, name, value);
    }
    adapter.reply(response, body, statusCode);
    return undefined;
  }

  /**
   * What the platform threw before pagelope saw the request, as pagelope words it: the router's 404 for a request no
   * route matched (`Cannot GET /path`, or a 405 on a resource path), and Fastify's 415 for a malformed content type
   * on a resource path (`Content-Type must be application/json`, as for any other type that is not JSON).
   */
  private fromPlatform(exception: unknown, request: object): unknown {
    const adapter = this.adapterHost.httpAdapter;
    const status = statusOf(exception);
    if ((status !== 404 && status !== 415) || adapter.getRequestUrl === undefined) return exception;
    const method = String(adapter.getRequestMethod?.(request));
    const url = String(adapter.getRequestUrl(request));
    const path = pathOf(url);
    const allow = allowOf(this.allows, path, (adapter as RouteMatching).getRouteMatchingOptions?.());
    if (status === 415)
      return allow !== undefined && (exception as { message?: unknown }).message === 'Unsupported Media Type'
        ? unsupportedMediaType(exception)
        : exception;
    if ((exception as { message?: unknown }).message !== `Cannot ${method} ${url}`) return exception;
    return allow === undefined ? routeNotFoundError(method, path) : methodNotAllowedError(method, allow);
  }

  private log(exception: unknown, { correlationId, method, path, statusCode }: ErrorReportInfo): void {
    const line = `${method ?? ''} ${path ?? ''} answered ${statusCode} (x-correlation-id ${correlationId})`;
    this.logger.error(line, traceOf(exception));
  }
}

Catch()(PagelopeExceptionFilter);
Inject(HttpAdapterHost)(PagelopeExceptionFilter, undefined, 0);
Inject(EXCEPTION_FILTER_OPTIONS)(PagelopeExceptionFilter, undefined, 1);
Optional()(PagelopeExceptionFilter, undefined, 1);

/** The status of a Nest `HttpException`, by shape (another copy of `@nestjs/common` has another class). */
function statusOf(exception: unknown): unknown {
  const candidate = exception as { getStatus?: unknown } | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.getStatus !== 'function')
    return undefined;
  return (candidate.getStatus as () => unknown).call(candidate);
}

/** `parseJsonBody`'s own 415, so that the message is the library's. */
function unsupportedMediaType(cause: unknown): unknown {
  try {
    return parseJsonBody('', undefined);
  } catch (error) {
    return error ?? cause;
  }
}

/** The stack of an exception and of each of its causes (at most 8 deep), or the value as text. */
function traceOf(exception: unknown): string {
  const lines: string[] = [];
  let current = exception;
  for (let depth = 0; depth < 8 && current !== undefined; depth++) {
    const text = current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current);
    lines.push(depth === 0 ? text : `[cause]: ${text}`);
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\n');
}

/** The path of a request target: an absolute-form target (`http://host/path`) gives its path. */
function pathOf(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith('/') && /^https?:\/\//i.test(path) && URL.canParse(path)) return new URL(path).pathname;
  return path;
}

/**
 * The `allow` value of the resource path `path` matches (a fixed path such as `/users/cursor` before `/users/:id`),
 * matched as the platform's router matches paths when it says how (Express: any case, an optional trailing slash).
 */
function allowOf(
  allows: readonly ReadonlyMap<string, string>[],
  path: string,
  matching: { readonly caseSensitive: boolean; readonly ignoreTrailingSlash: boolean } | undefined,
): string | undefined {
  const fold = (text: string) => (matching?.caseSensitive === false ? text.toLowerCase() : text);
  const trimmed = matching?.ignoreTrailingSlash === true && path.length > 1 ? path.replace(/\/$/, '') : path;
  const target = fold(trimmed);
  const at = target.lastIndexOf('/');
  const byId = at === -1 || at === target.length - 1 ? undefined : `${target.slice(0, at)}/:id`;
  let found: string | undefined;
  for (const each of allows) {
    for (const [pattern, allow] of each) {
      const key = fold(pattern);
      if (key === target && !pattern.endsWith('/:id')) return allow;
      if (key === byId) found ??= allow;
    }
  }
  return found;
}
