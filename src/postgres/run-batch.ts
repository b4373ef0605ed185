import type { WriteErrorContext } from './constraint-error';
import type { SqlClient } from './sql-client';
import { runTransaction } from './transaction';

type Row = Record<string, unknown>;

/** Runs one statement and resolves its rows; `write` tells how to report a constraint or data error of a write. */
export type RunRows = (text: string, values: unknown[], write?: WriteErrorContext) => Promise<readonly Row[]>;

/** A write that failed inside a batch's transaction, reported once the transaction has rolled back. */
class FailedWrite {
  constructor(
    readonly error: unknown,
    readonly write: WriteErrorContext,
  ) {}
}

/**
 * Runs `work` in one transaction of `client` (a savepoint when `client` is already bound to a transaction, so that a
 * failed batch undoes only itself and the caller's transaction goes on), its statements run on the transaction's
 * connection by the `run` it is given: all of them commit, or none. A constraint or data error of a write is turned
 * into the client's error by `mapError` after the rollback (mapping may read the catalog, which must not wait for
 * the transaction it is in); any other error of `work` is rethrown as it is.
 *
 * @throws what `mapError` makes of a failed write, a 503 `HttpError` for a transient failure, the error of `work`.
 */
export async function runBatch<T>(
  client: SqlClient,
  work: (run: RunRows) => Promise<T>,
  mapError: (error: unknown, write: WriteErrorContext) => Promise<unknown>,
): Promise<T> {
  try {
    return await runTransaction(client, (tx) =>
      work(async (text, values, write) => {
        try {
          return (await (tx.query as NonNullable<typeof tx.query>)(text, values)).rows;
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
