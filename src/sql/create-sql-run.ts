import type { SqlRecordRun } from './read-record';
import type { SqlDialect } from './sql-dialect';
import { toFaultError } from './to-fault-error';
import type { SqlRow, SqlWrite } from './write-dialect';

/** Options of {@link createSqlRun}: how a failed statement is answered. */
export interface SqlRunOptions {
  /** The dialect whose `faultOf` tells a fault a retry may clear (a lost connection, a timeout, a deadlock). */
  readonly dialect: Pick<SqlDialect, 'faultOf'>;
  /** A write's constraint or data error as the client's 4xx (see `toWriteError`); any other error as it is. */
  writeError(error: unknown, write: SqlWrite): unknown;
}

/**
 * The runner of a repository's statements on one connection (the primary, a replica, a transaction's): `execute`
 * runs a statement and resolves its rows; a fault a retry may clear is its 503 (`toFaultError`: a conflict the
 * service may run again, else `retry-after: 1`), a constraint or data error of a write (`write` given) the client's
 * 4xx of `writeError`, and any other failure is rethrown as it is.
 */
export function createSqlRun(
  execute: (text: string, values: unknown[]) => Promise<readonly SqlRow[]>,
  options: SqlRunOptions,
): SqlRecordRun {
  return async (text, values, write) => {
    try {
      return await execute(text, values);
    } catch (error) {
      const fault = toFaultError(error, options.dialect);
      throw fault === error && write ? await options.writeError(error, write) : fault;
    }
  };
}
