import { v4 as uuidv4 } from 'uuid';
import { readHeader } from '../internal/headers';

/** The request and response header that carries the correlation id. */
export const CORRELATION_ID_HEADER = 'x-correlation-id';

const SAFE_CORRELATION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

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
  return typeof value === 'string' && value.length <= 128 && SAFE_CORRELATION_ID.test(value);
}

/**
 * Returns the request's correlation id when it is a safe token, else a new
 * uuid v4. Never throws.
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
 * ```
 */
export function resolveCorrelationId(headers: unknown): string {
  const incoming = readHeader(headers, CORRELATION_ID_HEADER);
  return isSafeCorrelationId(incoming) ? incoming : uuidv4();
}
