import { HttpError, toWriteConflictError } from 'pagelope/kit';
import type { SqlDialect } from './sql-dialect';

/**
 * The answer a client gets for a fault a retry may clear, the same on every dialect (`error` kept as `cause`): a
 * conflict is `toWriteConflictError`'s 503, which the resource service may run again; an unavailable database a 503
 * with the masked message and `retry-after: 1`. Any other error is returned as it is. `earlier`, the failure before
 * `error` in the same transaction, makes the refusal of a transaction it aborted a 503 when it was a fault.
 */
export function toFaultError(error: unknown, dialect: Pick<SqlDialect, 'faultOf'>, earlier?: unknown): unknown {
  const fault = dialect.faultOf(error, earlier);
  if (fault === 'conflict') return toWriteConflictError(error);
  if (fault === 'unavailable')
    return new HttpError(503, 'Service Unavailable', { cause: error, headers: { 'retry-after': 1 } });
  return error;
}
