/**
 * A dialect's statements of a transaction the engine runs itself on one connection: what opens, commits and rolls
 * back the transaction, and what makes, releases and rolls back to a savepoint (a transaction nested in it).
 */
export interface SqlTransactionStatements {
  readonly begin: string;
  readonly commit: string;
  readonly rollback: string;
  savepoint(name: string): string;
  release(name: string): string;
  /** What undoes the work since the savepoint `name` (SQLite releases it too, which its stack of savepoints needs). */
  rollbackTo(name: string): readonly string[];
}

/**
 * The SQL standard's statements of a transaction, as PostgreSQL and MariaDB take them: `BEGIN`, `COMMIT`, `ROLLBACK`,
 * `SAVEPOINT x`, `RELEASE SAVEPOINT x`, `ROLLBACK TO SAVEPOINT x`.
 */
export const STANDARD_TRANSACTION_STATEMENTS: SqlTransactionStatements = Object.freeze({
  begin: 'BEGIN',
  commit: 'COMMIT',
  rollback: 'ROLLBACK',
  savepoint: (name: string) => `SAVEPOINT ${name}`,
  release: (name: string) => `RELEASE SAVEPOINT ${name}`,
  rollbackTo: (name: string) => [`ROLLBACK TO SAVEPOINT ${name}`],
});

/** What a statement of a transaction runs through: the connection, or the open transaction. */
type Run<R> = (text: string) => Promise<R>;

/**
 * Runs `work` in the transaction `open` starts, and answers the error `work` threw when it threw one, whatever the
 * transaction's end then threw: a deadlock rolls the whole transaction back (MariaDB), so the `ROLLBACK TO SAVEPOINT`
 * of a nested one fails and would hide the deadlock behind a 500. An error of the transaction's own statements
 * (`BEGIN`, `COMMIT`) when `work` succeeded is rethrown as `classify` makes it (a deadlock, a busy database, a
 * serialization failure: a 503).
 *
 * @example
 * ```ts
 * keepWorkError((inner) => db.transaction(inner), (tx) => work(tx), toRetryableError);
 * ```
 */
export async function keepWorkError<TTx, T>(
  open: (inner: (tx: TTx) => Promise<T>) => Promise<T>,
  work: (tx: TTx) => Promise<T>,
  classify: (error: unknown) => unknown,
): Promise<T> {
  let failed: { readonly error: unknown } | undefined;
  try {
    return await open(async (tx) => {
      try {
        return await work(tx);
      } catch (error) {
        failed = { error };
        throw error;
      }
    });
  } catch (error) {
    throw failed ? failed.error : classify(error);
  }
}

/** How {@link runInTransaction} answers the failures of the transaction's own statements. */
export interface SqlTransactionEnds<R> {
  /** The error to throw for a failed `BEGIN` (default: the error itself). */
  readonly beginError?: (error: unknown) => unknown;
  /** The error to throw for a failed `COMMIT` (default: the error itself). */
  readonly commitError?: (error: unknown) => unknown;
  /** Hears of a failed `ROLLBACK` (the work's error is thrown all the same). */
  readonly rollbackFailed?: (error: unknown) => void;
  /** Checks what `COMMIT` resolved, and throws when it did not commit (node-postgres answers `ROLLBACK` then). */
  readonly committed?: (result: R) => void;
}

/**
 * `BEGIN`, `work`, then `COMMIT` when it resolves or `ROLLBACK` (and its error rethrown, whatever the rollback threw)
 * when it throws or `COMMIT` fails, each statement through `run`.
 *
 * @throws the error of `work`; what `ends` makes of a failed `BEGIN` or `COMMIT`.
 */
export async function runInTransaction<T, R>(
  run: Run<R>,
  statements: SqlTransactionStatements,
  work: () => Promise<T>,
  ends: SqlTransactionEnds<R> = {},
): Promise<T> {
  const { beginError = (error) => error, commitError = (error) => error, rollbackFailed, committed } = ends;
  try {
    await run(statements.begin);
  } catch (error) {
    throw beginError(error);
  }
  const rollback = () => run(statements.rollback).then(undefined, (error: unknown) => rollbackFailed?.(error));
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await rollback();
    throw error;
  }
  let answer: R;
  try {
    answer = await run(statements.commit);
  } catch (error) {
    // A COMMIT refused (SQLite's busy database) leaves the transaction open; where it ended it, this is a no-op.
    await rollback();
    throw commitError(error);
  }
  committed?.(answer);
  return result;
}

/**
 * `work` in the savepoint `name` of the transaction `run` is in: released when `work` resolves, rolled back to when
 * it throws (and its error rethrown, whatever the rollback threw: a transaction the database already rolled back has
 * no savepoint left).
 *
 * @throws the error of `work`, of `SAVEPOINT`, or of the release.
 */
export async function runInSavepoint<T>(
  run: Run<unknown>,
  statements: SqlTransactionStatements,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  await run(statements.savepoint(name));
  try {
    const result = await work();
    await run(statements.release(name));
    return result;
  } catch (error) {
    try {
      for (const text of statements.rollbackTo(name)) await run(text);
    } catch {
      // The work's error is the answer (see above).
    }
    throw error;
  }
}
