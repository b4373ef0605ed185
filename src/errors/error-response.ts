import type { HeadersInput } from '../internal/index';
import { classifyThrown } from './classify-error';
import { resolveCorrelationId } from './correlation-id';
import { buildErrorEnvelope, readOption, type ErrorEnvelope } from './error-envelope';
import { FORBIDDEN_ERROR_HEADERS } from './safe-headers';
import { EMPTY_RECORD } from './trusted';

/** What a framework adapter sends: status, response headers, and the body to serialise. */
export interface ErrorResponse {
  readonly statusCode: number;
  /** `content-type`, `x-correlation-id` and the error's own headers (such as `retry-after`), names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: ErrorEnvelope;
}

/** Options of `errorResponse`. */
export interface ErrorResponseOptions {
  /** The request headers, read for `x-correlation-id`. */
  readonly headers?: HeadersInput | undefined;
  /** Clock in epoch milliseconds; defaults to `Date.now`. */
  readonly now?: (() => number) | undefined;
}

const CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Turns any thrown value into the frozen response every framework adapter
 * sends: `{ statusCode, headers, body }`. The correlation id is the request's
 * `x-correlation-id` when it is a safe token, else a new uuid v4, and is the
 * same in the `x-correlation-id` response header and in `body.correlationID`.
 * Pure and total: it never throws.
 *
 * @param error - any thrown value
 * @param options - the request headers and an optional clock
 * @returns a frozen response; `headers` and `body` are frozen too
 * @example
 * ```ts
 * const { statusCode, headers, body } = errorResponse(error, { headers: req.headers });
 * res.writeHead(statusCode, headers).end(JSON.stringify(body));
 * ```
 */
export function errorResponse(error: unknown, options: ErrorResponseOptions = {}): ErrorResponse {
  const classified = classifyThrown(error);
  const correlationId = resolveCorrelationId(readOption(options, 'headers'));
  const body = buildErrorEnvelope(classified, correlationId, readOption(options, 'now'));
  // 'x-correlation-id' is CORRELATION_ID_HEADER, written as a literal key: a computed key makes a slower literal.
  const headers: Record<string, string> = { 'content-type': CONTENT_TYPE, 'x-correlation-id': body.correlationID };
  const own = classified.headers;
  if (own !== EMPTY_RECORD) {
    for (const name of Object.keys(own)) {
      if (FORBIDDEN_ERROR_HEADERS.has(name)) continue;
      // defineProperty, not assignment: a name such as `__proto__` must stay an own data property.
      Object.defineProperty(headers, name, { value: own[name], enumerable: true, writable: true, configurable: true });
    }
  }
  return Object.freeze({ statusCode: body.statusCode, headers: Object.freeze(headers), body });
}
