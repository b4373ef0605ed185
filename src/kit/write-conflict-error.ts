import { HttpError } from '../errors/index';

/** The 503s built by {@link toWriteConflictError}: a WeakSet, so the mark cannot be forged by a thrown object's fields. */
const CONFLICTS = new WeakSet<HttpError>();

/**
 * The error a repository throws when the database aborted a write because of a concurrent one (a deadlock, a
 * serialization failure): a 503 `Service Unavailable` with `retry-after: 1` and the driver's error as `cause`, marked
 * so that the resource service may run the write again ({@link isWriteConflictError}) before answering the 503.
 *
 * @param cause - the driver's error (PostgreSQL 40P01/40001, MariaDB 1213, SQLite `SQLITE_BUSY`).
 */
export function toWriteConflictError(cause: unknown): HttpError {
  const error = new HttpError(503, 'Service Unavailable', { cause, headers: { 'retry-after': 1 } });
  CONFLICTS.add(error);
  return error;
}

/** Whether `error` was built by {@link toWriteConflictError}: a write the database aborted for a concurrent one. */
export function isWriteConflictError(error: unknown): error is HttpError {
  return error instanceof HttpError && CONFLICTS.has(error);
}
