import { HttpError } from 'pagelope/kit';
import { readFault, toFaultError, type SqlFault, type SqlFaultCodes } from '../sql/index';
import { codeOf } from './constraint-error';

/**
 * PostgreSQL's faults a retry may clear, by SQLSTATE: a serialization failure (40001) or a deadlock (40P01) is a
 * conflict; a statement cancelled or timed out (57014), a lock not obtained in time (55P03), too many connections
 * (53300), a connection terminated by the server, a server shutting down or starting up (57P01, 57P02, 57P03), a
 * connection exception (class 08) and node-postgres's messages of a connection it lost or could not get from its
 * pool are the database unavailable, and so is the refusal of a transaction aborted (25P02) by one of these.
 */
const POSTGRES_FAULTS: SqlFaultCodes = {
  codeOf: (error) => (codeOf(error).startsWith('08') ? '08' : codeOf(error)),
  conflict: new Set(['40001', '40P01']),
  unavailable: new Set(['57014', '55P03', '53300', '57P01', '57P02', '57P03', '08']),
  lost: /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/,
  aborted: new Set(['25P02']),
};

/** The fault a retry may clear that a PostgreSQL error reports (see {@link POSTGRES_FAULTS}). */
export const postgresFaultOf = (error: unknown, earlier?: unknown): SqlFault | undefined =>
  readFault(error, POSTGRES_FAULTS, earlier);

/** Whether `error` is a failure a client should retry: a connection failure, a timeout, a deadlock, ... */
export const isRetryableError = (error: unknown): boolean => postgresFaultOf(error) !== undefined;

/**
 * A 503 `HttpError` (masked message, `retry-after: 1`, the original error as `cause`) for a connection failure, a
 * timeout, a serialization failure or a deadlock, the last two built by `toWriteConflictError` so that the resource
 * service may run the write again; `error` itself for any other failure (see `toFaultError`).
 */
export function toRetryableError(error: unknown): unknown {
  return toFaultError(error, { faultOf: postgresFaultOf });
}

/** SQLSTATEs of the constraints checked at COMMIT when deferred: unique, foreign key, exclusion. */
const DEFERRABLE_STATES = new Set(['23505', '23503', '23P01']);

/**
 * The error to report for a failed COMMIT: a 503 for a transient failure (a serialization failure), a 409 for a
 * deferred constraint (which names no repository, so no field), else the error itself.
 */
export function toCommitError(error: unknown): unknown {
  const retryable = toRetryableError(error);
  if (retryable !== error || !DEFERRABLE_STATES.has(codeOf(error))) return retryable;
  return new HttpError(409, 'the changes conflict with stored records', { cause: error });
}
