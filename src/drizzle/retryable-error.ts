import { HttpError, toWriteConflictError } from 'pagelope/kit';
import { driverError } from './driver-error';

/** The fields of a driver's error that tell a retryable fault: `errno` (mysql2), `code` (SQLite drivers). */
interface DriverFault {
  readonly errno?: unknown;
  readonly code?: unknown;
  readonly errcode?: unknown;
  readonly message?: unknown;
}

/**
 * A driver's error (or the `DrizzleQueryError` wrapping it) as the answer a client gets when it is a fault a retry
 * may clear: MariaDB's deadlock (1213, its transaction rolled back) and SQLite's busy database (`SQLITE_BUSY`,
 * node:sqlite's 5, sql.js's `database is locked`) are `toWriteConflictError` 503s the service may run again;
 * MariaDB's lock wait timeout (1205, only the statement rolled back) a plain 503 with `retry-after: 1`. Any other
 * error is returned as the driver's (unwrapped).
 */
export function toRetryableError(error: unknown): unknown {
  const cause = driverError(error);
  if (typeof cause !== 'object' || cause === null) return cause;
  const { errno, code, errcode, message } = cause as DriverFault;
  if (errno === 1213) return toWriteConflictError(cause);
  if (errno === 1205) return new HttpError(503, 'Service Unavailable', { cause, headers: { 'retry-after': 1 } });
  const busy =
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) ||
    (typeof errcode === 'number' && (errcode & 0xff) === 5) ||
    (typeof message === 'string' && /^database is locked/.test(message) && errno === undefined);
  return busy ? toWriteConflictError(cause) : cause;
}
