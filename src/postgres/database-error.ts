import { HttpError } from 'pagelope/kit';
import { isConnectionError } from './connection-error';

/**
 * SQLSTATEs of a statement that failed through no fault of the client and may succeed when tried again: cancelled or
 * timed out (57014), a lock not obtained in time (55P03), a serialization failure (40001), a deadlock (40P01), too
 * many connections (53300).
 */
const TRANSIENT_STATES = new Set(['57014', '55P03', '40001', '40P01', '53300']);

/** Whether `error` is a PostgreSQL error a client should retry: see {@link TRANSIENT_STATES}. */
export function isTransientError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && TRANSIENT_STATES.has(code);
}

/**
 * A 503 `HttpError` (masked message, `retry-after: 1`, the original error as `cause`) for a connection failure, a
 * timeout, a serialization failure or a deadlock; `error` itself for any other failure.
 */
export function toRetryableError(error: unknown): unknown {
  if (!isConnectionError(error) && !isTransientError(error)) return error;
  return new HttpError(503, 'Service Unavailable', { cause: error, headers: { 'retry-after': 1 } });
}
