import { toFaultError } from '../sql/index';
import { driverError } from './driver-error';
import type { SqlDialect } from './sql/index';

/**
 * A driver's error (or the `DrizzleQueryError` wrapping it) as the answer a client gets when `dialect` reads a fault
 * a retry may clear in it (see `toFaultError`): MariaDB's deadlock and SQLite's busy database are
 * `toWriteConflictError` 503s the service may run again, MariaDB's lock wait timeout a plain 503 with
 * `retry-after: 1`. Any other error is returned as the driver's (unwrapped).
 */
export function toRetryableError(error: unknown, dialect: Pick<SqlDialect, 'faultOf'>): unknown {
  return toFaultError(driverError(error), dialect);
}
