import { createTransactionQueue, type TransactionQueue } from '../sql/index';
import type { SqlClient } from './sql-client';

/** The queue of each single-connection client that has run a transaction (see `createTransactionQueue`). */
const queues = new WeakMap<object, TransactionQueue>();

/**
 * Runs a repository's statement on a single-connection client: at once while no transaction is open or waiting on
 * it, else after the transactions queued before it, so that it never runs inside another caller's transaction.
 */
export function queued<T>(client: SqlClient, statement: () => Promise<T>): Promise<T> {
  const queue = queues.get(client);
  return queue ? queue.statement(statement) : statement();
}

/** Runs `work` (a whole transaction) alone on `client`: after what is queued, and holding back what comes after. */
export function exclusive<T>(client: SqlClient, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(client);
  if (!queue) queues.set(client, (queue = createTransactionQueue()));
  return queue.transaction(work);
}
