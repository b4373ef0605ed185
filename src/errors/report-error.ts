/**
 * What a framework adapter tells a {@link ReportError} of one 5xx it answered.
 *
 * @example
 * ```ts
 * const info: ErrorReportInfo = { correlationId: 'req-42', method: 'GET', path: '/users/7', statusCode: 500 };
 * ```
 */
export interface ErrorReportInfo {
  /** The correlation id the client received: the response's `x-correlation-id` and the envelope's `correlationID`. */
  readonly correlationId: string;
  /**
   * The request method (`GET`, `POST`, ...); `undefined` only where no request was ever read (pagelope/hono's
   * `nodeErrorHandler`, for a failure that escaped the app).
   */
  readonly method: string | undefined;
  /** The request path as the client sent it, without the query string; `undefined` where `method` is. */
  readonly path: string | undefined;
  /** The status answered: 500 to 599. */
  readonly statusCode: number;
}

/**
 * The `reportError` option of every framework adapter: called once for each 5xx the adapter answers, with the
 * original error (its stack and `cause` intact; never the envelope) and {@link ErrorReportInfo}. It may return a
 * promise; what it throws, or a promise it returns rejects with, never reaches the client.
 *
 * @example
 * ```ts
 * const reportError: ReportError = (error, { correlationId, method, path, statusCode }) => {
 *   logger.error({ err: error, correlationId, method, path, statusCode }, 'request failed');
 * };
 * ```
 */
export type ReportError = (error: unknown, info: ErrorReportInfo) => void | PromiseLike<void>;

/**
 * The reporting option every framework adapter's error-writing piece takes (Express `errorHandler`, Hono `onError`
 * and `nodeErrorHandler`, the Fastify plugin, NestJS `PagelopeModule.forRoot`).
 *
 * @example
 * ```ts
 * app.use(errorHandler({ reportError: (error, info) => sentry.captureException(error, { tags: { ...info } }) }));
 * ```
 */
export interface ErrorReportingOptions {
  /**
   * Called for each 5xx answered (never for a 4xx), once per request. Default: the framework's own logger where it
   * has one (Fastify's `request.log.error`, NestJS's `Logger`), else `console.error`; `false` reports nothing.
   */
  readonly reportError?: ReportError | false | undefined;
}

/** The default reporter: one `console.error` line naming the request, then the error (Node prints its cause). */
function reportToConsole(error: unknown, info: ErrorReportInfo): void {
  const request = info.method === undefined ? '' : ` ${info.method} ${info.path ?? ''}`;
  console.error(`pagelope:${request} answered ${info.statusCode} (x-correlation-id ${info.correlationId})`, error);
}

/**
 * Returns the function a framework adapter calls for each error response it writes: it passes a 5xx, and only a
 * 5xx, to `reportError` (or to `fallback` when `reportError` is `undefined`; to nobody when it is `false`). It never
 * throws: when `reportError` throws or rejects, `fallback` reports the same error instead, and what `fallback` throws
 * is ignored. `fallback` defaults to one `console.error` line per error.
 *
 * @param reportError - the adapter's `reportError` option
 * @param fallback - the framework's own logger, as a {@link ReportError}
 * @returns `(error, info) => void`, total
 * @throws TypeError when `reportError` is neither a function, `false` nor `undefined`
 * @example
 * ```ts
 * const report = createErrorReporter(options.reportError);
 * const { statusCode, headers, body } = errorResponse(error, { headers: { [CORRELATION_ID_HEADER]: id } });
 * report(error, { correlationId: id, method: req.method, path, statusCode });
 * ```
 */
export function createErrorReporter(
  reportError: ReportError | false | undefined,
  fallback: ReportError = reportToConsole,
): (error: unknown, info: ErrorReportInfo) => void {
  if (reportError !== undefined && reportError !== false && typeof reportError !== 'function')
    throw new TypeError('reportError must be a function or false');
  if (reportError === false) return () => undefined;
  const primary = reportError ?? fallback;
  return (error, info) => {
    if (!(info.statusCode >= 500)) return;
    const fallBack = () => {
      if (primary !== fallback) call(fallback, error, info, () => undefined);
    };
    call(primary, error, info, fallBack);
  };
}

/** Calls `report`, turning a throw or a rejection into `onFailure()`; never throws. */
function call(report: ReportError, error: unknown, info: ErrorReportInfo, onFailure: () => void): void {
  try {
    const result = report(error, info);
    if (typeof result === 'object' && result !== null && typeof result.then === 'function')
      result.then(undefined, () => {
        onFailure();
      });
  } catch {
    try {
      onFailure();
    } catch {
      // Nothing more to try: the response goes out as it is.
    }
  }
}
