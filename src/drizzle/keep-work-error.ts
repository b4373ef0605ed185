/**
 * Runs `work` in the transaction `open` starts, and answers the error `work` threw when it threw one, whatever the
 * transaction's end then threw: a deadlock rolls the whole transaction back (MariaDB), so the `ROLLBACK TO SAVEPOINT`
 * of a nested one fails and would hide the deadlock behind a 500. An error of the transaction's own statements
 * (`BEGIN`, `COMMIT`) when `work` succeeded is rethrown as `classify` makes it (a deadlock or a busy database as a
 * 503).
 *
 * @example
 * ```ts
 * keepWorkError((inner) => db.transaction(inner), (tx) => work(tx), toMysqlRetryableError);
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
