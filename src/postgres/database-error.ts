import { toFaultError, type SqlFault } from '../sql/index';
import { isConnectionError } from './connection-error';

/**
 * SQLSTATEs of a statement that failed through no fault of the client and may succeed when tried again: cancelled or
 * timed out (57014), a lock not obtained in time (55P03), a serialization failure (40001), a deadlock (40P01), too
 * many connections (53300).
 */
const TRANSIENT_STATES = new Set(['57014', '55P03', '40001', '40P01', '53300']);

/** SQLSTATEs of a write aborted for a concurrent one: a serialization failure (40001), a deadlock (40P01). */
const CONFLICT_STATES = new Set(['40001', '40P01']);

/** The code of a PostgreSQL error, or `undefined`. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` is a PostgreSQL error a client should retry: see {@link TRANSIENT_STATES}. */
export function isTransientError(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && TRANSIENT_STATES.has(code);
}

/**
 * The fault a retry may clear that a PostgreSQL error reports: a serialization failure or a deadlock is a conflict, a
 * connection failure or another {@link isTransientError} the database unavailable.
 */
export function postgresFaultOf(error: unknown): SqlFault | undefined {
  if (!isConnectionError(error) && !isTransientError(error)) return undefined;
  const code = codeOf(error);
  return code !== undefined && CONFLICT_STATES.has(code) ? 'conflict' : 'unavailable';
}

/** Whether `error` is a failure a client should retry: a connection failure or a {@link isTransientError}. */
export const isRetryableError = (error: unknown): boolean => postgresFaultOf(error) !== undefined;

/**
 * A 503 `HttpError` (masked message, `retry-after: 1`, the original error as `cause`) for a connection failure, a
 * timeout, a serialization failure or a deadlock, the last two built by `toWriteConflictError` so that the resource
 * service may run the write again; `error` itself for any other failure (see `toFaultError`).
 */
export function toRetryableError(error: unknown): unknown {
  return toFaultError(error, { faultOf: postgresFaultOf });
}
