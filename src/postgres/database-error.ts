import { HttpError, toWriteConflictError } from 'pagelope/kit';
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

/** SQLSTATEs of a write aborted for a concurrent one: a serialization failure (40001), a deadlock (40P01). */
const CONFLICT_STATES = new Set(['40001', '40P01']);

/** Whether `error` is a failure a client should retry: a connection failure or a {@link isTransientError}. */
export const isRetryableError = (error: unknown): boolean => isConnectionError(error) || isTransientError(error);

/**
 * A 503 `HttpError` (masked message, `retry-after: 1`, the original error as `cause`) for a connection failure, a
 * timeout, a serialization failure or a deadlock, the last two built by `toWriteConflictError` so that the resource
 * service may run the write again; `error` itself for any other failure.
 */
export function toRetryableError(error: unknown): unknown {
  if (!isRetryableError(error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONFLICT_STATES.has(code)) return toWriteConflictError(error);
  return new HttpError(503, 'Service Unavailable', { cause: error, headers: { 'retry-after': 1 } });
}
