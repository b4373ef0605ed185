import type { SqlRecordRun } from './read-record';
import type { SqlRun, SqlWrite } from './write-dialect';

/** Runs `work` in one transaction (a savepoint inside one), its statements run by the `run` it is given. */
export type SqlTransaction = <T>(work: (run: SqlRun) => Promise<T>) => Promise<T>;

/** A write that failed inside a batch's transaction, reported once the transaction has rolled back. */
class FailedWrite {
  constructor(
    readonly error: unknown,
    readonly write: SqlWrite,
  ) {}
}

/**
 * Runs `work` in one transaction of `transaction` (a savepoint when the repository is already bound to a transaction,
 * so that a failed batch undoes only itself and the caller's transaction goes on): all of its statements commit, or
 * none. A constraint or data error of a write is turned into the client's error by `mapError` after the rollback
 * (mapping may read the catalog, which must not wait for the transaction it is in); any other error of `work` is
 * rethrown as it is.
 *
 * @throws what `mapError` makes of a failed write, what the transaction throws (a 503 for a transient failure), the
 *   error of `work`.
 */
export async function runBatch<T>(
  transaction: SqlTransaction,
  work: (run: SqlRecordRun) => Promise<T>,
  mapError: (error: unknown, write: SqlWrite) => Promise<unknown>,
): Promise<T> {
  try {
    return await transaction((run) =>
      work(async (text, values, write) => {
        try {
          return await run(text, values);
        } catch (error) {
          throw write ? new FailedWrite(error, write) : error;
        }
      }),
    );
  } catch (error) {
    if (error instanceof FailedWrite) throw await mapError(error.error, error.write);
    throw error;
  }
}
