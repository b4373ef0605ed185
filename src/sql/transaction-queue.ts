/** The queue of one connection's transactions, and of the statements that must not run inside them. */
export interface TransactionQueue {
  /**
   * Runs a repository's statement outside every transaction: at once while no transaction holds or waits for the
   * queue (unless the queue runs every statement in turn), else after the work queued before it.
   */
  statement<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` (a whole transaction) alone: after what is queued, and holding back what comes after. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Creates the queue of a database of one connection (a single PostgreSQL client, SQLite, MariaDB without a pool):
 * its transactions run one at a time, and a statement of its repositories never runs inside one of them. With
 * `everyStatement`, every statement takes its turn as well, transaction open or not.
 */
export function createTransactionQueue(options: { readonly everyStatement?: boolean } = {}): TransactionQueue {
  let tail: Promise<void> = Promise.resolve();
  let transactions = 0;
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    const before = tail;
    let done!: () => void;
    tail = new Promise<void>((resolve) => (done = resolve));
    await before;
    try {
      return await work();
    } finally {
      done();
    }
  };
  return {
    statement: (work) => (options.everyStatement !== true && transactions === 0 ? work() : inTurn(work)),
    async transaction(work) {
      transactions += 1;
      try {
        return await inTurn(work);
      } finally {
        transactions -= 1;
      }
    },
  };
}
