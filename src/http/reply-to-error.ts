import {
  CORRELATION_ID_HEADER,
  createErrorReporter,
  errorResponse,
  type ErrorReportInfo,
  type ErrorResponse,
} from '../errors/index';

/** What `createErrorReporter` returns: it gives a 5xx to the reporter, and nothing else; it never throws. */
export type ErrorReporter = (error: unknown, info: ErrorReportInfo) => void;

/**
 * The reporter of an adapter's error handler, from its options (`{ reportError? }`, default `{}`): see
 * `createErrorReporter`.
 *
 * @throws TypeError, prefixed with `adapter`, for options that are not an object, or a `reportError` that is neither
 * a function nor `false`.
 * @example
 * const report = readErrorReporter('onError', options);
 */
export function readErrorReporter(adapter: string, options: unknown = {}): ErrorReporter {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${adapter}: options must be an object`);
  const { reportError } = options as { readonly reportError?: unknown };
  if (reportError !== undefined && reportError !== false && typeof reportError !== 'function')
    throw new TypeError(`${adapter}: reportError must be a function or false`);
  return createErrorReporter(reportError as Parameters<typeof createErrorReporter>[0]);
}

/** What an error handler knows of the request it answers (nothing, where no request was read). */
export interface ErrorReplyContext {
  /** The request's correlation id; a new uuid v4 when absent. */
  readonly correlationId?: string;
  readonly method?: string;
  /** The path as the client sent it, without the query string. */
  readonly path?: string;
  /** Headers to send below the envelope's own (those of a framework error's own response, for example). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Answers anything thrown: the envelope `errorResponse` builds, under the request's correlation id and with its
 * `headers` below the envelope's own, after giving a 5xx to `report` with the correlation id the client receives and
 * the request's method and path. Never throws.
 *
 * @example
 * const { statusCode, headers, body } = replyToError(error, { correlationId, method, path }, report);
 */
export function replyToError(thrown: unknown, request: ErrorReplyContext, report: ErrorReporter): ErrorResponse {
  const { correlationId, method, path } = request;
  const reply = errorResponse(
    thrown,
    correlationId === undefined ? {} : { headers: { [CORRELATION_ID_HEADER]: correlationId } },
  );
  const { statusCode, body } = reply;
  report(thrown, { correlationId: body.correlationID, method, path, statusCode });
  return request.headers === undefined
    ? reply
    : { statusCode, body, headers: { ...request.headers, ...reply.headers } };
}

/** Never copied from a thrown error's own response: framing, state, and the envelope's own headers. */
const SKIPPED: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'set-cookie',
  CORRELATION_ID_HEADER,
]);

/**
 * The headers of the Fetch API `Response` a thrown error carries as `res` (Hono's `HTTPException`, recognised by
 * shape), to send below the envelope's own (`www-authenticate` from `basicAuth`, ...): framing, state and the
 * correlation id left out. `undefined` for anything else; never throws.
 *
 * @example
 * replyToError(error, { correlationId, headers: errorResponseHeaders(error) }, report);
 */
export function errorResponseHeaders(thrown: unknown): Record<string, string> | undefined {
  if (!(thrown instanceof Error) || !('res' in thrown)) return undefined;
  const own = Object.create(null) as Record<string, string>;
  try {
    const headers = (thrown.res as { readonly headers?: unknown } | undefined)?.headers;
    if (typeof Headers === 'function' && headers instanceof Headers)
      headers.forEach((value, name) => {
        if (!SKIPPED.has(name)) own[name] = value;
      });
  } catch {
    // A hostile getter: the envelope alone.
  }
  return own;
}
