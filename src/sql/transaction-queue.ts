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

/** The queue of each single-connection client that has run a transaction (see {@link createTransactionQueue}). */
const queues = new WeakMap<object, TransactionQueue>();

/**
 * Runs a repository's statement on the single connection `client`: at once while no transaction is open or waiting
 * on it, else after the transactions queued before it, so that it never runs inside another caller's transaction.
 */
export function runQueuedStatement<T>(client: object, statement: () => Promise<T>): Promise<T> {
  const queue = queues.get(client);
  return queue ? queue.statement(statement) : statement();
}

/** Runs `work` (a whole transaction) alone on the single connection `client`: after what is queued, holding back the rest. */
export function runExclusive<T>(client: object, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(client);
  if (!queue) queues.set(client, (queue = createTransactionQueue()));
  return queue.transaction(work);
}
