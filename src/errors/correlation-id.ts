import { randomUuid, readHeader } from '../internal/index';
import { TRACEPARENT_HEADER, traceIdOf } from './trace-id-of';

/** The request and response header that carries the correlation id. */
export const CORRELATION_ID_HEADER = 'x-correlation-id';

const MAX_LENGTH = 128;

/** Per ASCII code: 1 for a letter or digit (allowed anywhere), 2 for `.`, `_`, `:`, `-` (allowed after the first). */
const SAFE_CHARS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  if (/[A-Za-z0-9]/.test(char)) SAFE_CHARS[code] = 1;
  else if ('._:-'.includes(char)) SAFE_CHARS[code] = 2;
}

/**
 * Tells whether a value is a correlation id safe to echo: 1 to 128
 * characters of ASCII letters, digits, `.`, `_`, `:` and `-`, starting with a
 * letter or digit. UUIDs qualify. Never throws.
 *
 * @param value - any value
 * @returns `true` for a safe token
 * @example
 * ```ts
 * isSafeCorrelationId('req-42'); // true
 * isSafeCorrelationId('a\r\nSet-Cookie: x'); // false
 * ```
 */
export function isSafeCorrelationId(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const length = value.length;
  if (length === 0 || length > MAX_LENGTH) return false;
  const first = value.charCodeAt(0);
  if (first >= 128 || SAFE_CHARS[first] !== 1) return false;
  for (let i = 1; i < length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128 || SAFE_CHARS[code] === 0) return false;
  }
  return true;
}

/**
 * Returns a new uuid v4 from the platform's Web Crypto (`crypto.randomUUID()`, which Node has). Internal to the
 * errors module.
 */
export function newCorrelationId(): string {
  return randomUuid();
}

/**
 * Returns the request's correlation id: its `x-correlation-id` when that is a safe token; else, when the request
 * carries a valid W3C `traceparent`, its trace id written as a UUID (so the ids match the caller's tracing); else a
 * new uuid v4. An invalid `traceparent` (see the Trace Context rules in docs/errors.md) is ignored. Never throws.
 *
 * Accepts a Node header object, a Fetch `Headers` or a plain record (any key
 * case; of several values the first counts). A Fetch `Headers` joins repeated
 * values with `', '`, which is not safe, so a new id is generated then.
 *
 * @param headers - the request headers, or any value
 * @returns a safe correlation id
 * @example
 * ```ts
 * resolveCorrelationId({ 'X-Correlation-ID': 'abc-123' }); // 'abc-123'
 * resolveCorrelationId({ 'x-correlation-id': 'a\nb' }); // a new uuid v4
 * resolveCorrelationId({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
 * // '4bf92f35-77b3-4da6-a3ce-929d0e0e4736'
 * ```
 */
export function resolveCorrelationId(headers: unknown): string {
  const incoming = readHeader(headers, CORRELATION_ID_HEADER);
  if (isSafeCorrelationId(incoming)) return incoming;
  return traceIdOf(readHeader(headers, TRACEPARENT_HEADER)) ?? newCorrelationId();
}
