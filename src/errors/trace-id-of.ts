/** The request header of W3C Trace Context that carries the trace id (`version-traceid-parentid-flags`). */
export const TRACEPARENT_HEADER = 'traceparent';

/** A version 00 `traceparent` is exactly this long; a higher version at least, with `-` after it when longer. */
const VERSION_00_LENGTH = 55;

/** Whether `value[from, from + length)` is lower-case hexadecimal, and not all zeros when `nonZero`. */
function isLowerHex(value: string, from: number, length: number, nonZero: boolean): boolean {
  let zeros = true;
  for (let i = from; i < from + length; i++) {
    const code = value.charCodeAt(i);
    const digit = code >= 48 && code <= 57;
    if (!digit && !(code >= 97 && code <= 102)) return false;
    if (code !== 48) zeros = false;
  }
  return !(nonZero && zeros);
}

/**
 * The trace id of a W3C `traceparent` header value, written as a UUID (8-4-4-4-12 of its 32 hexadecimal digits), or
 * `undefined` when the value is not a valid `traceparent` (Trace Context, section 3.2): a version of two lower-case
 * hexadecimal digits other than `ff`; a trace id of 32 and a parent id of 16 lower-case hexadecimal digits, neither
 * all zeros; two of flags. A version 00 value is exactly 55 characters; a higher version may carry more fields after
 * a `-`. Never throws. Internal to the errors module: {@link resolveCorrelationId} reads it.
 *
 * @example
 * traceIdOf('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'); // '4bf92f35-77b3-4da6-a3ce-929d0e0e4736'
 * traceIdOf('00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01'); // undefined (upper case)
 */
export function traceIdOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length < VERSION_00_LENGTH) return undefined;
  if (!isLowerHex(value, 0, 2, false) || value.startsWith('ff')) return undefined;
  const longer = value.length > VERSION_00_LENGTH;
  if (longer && (value.startsWith('00') || value[VERSION_00_LENGTH] !== '-')) return undefined;
  if (value[2] !== '-' || value[35] !== '-' || value[52] !== '-') return undefined;
  if (!isLowerHex(value, 3, 32, true) || !isLowerHex(value, 36, 16, true) || !isLowerHex(value, 53, 2, false))
    return undefined;
  const hex = value.slice(3, 35);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
