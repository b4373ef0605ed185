import {
  runInSavepoint,
  runInTransaction,
  type SqlTransactionEnds,
  type SqlTransactionStatements,
} from './transaction-statements';

/** What a transaction's statements run on: a connection, or the session of a transaction the driver opened. */
export interface SqlSlotTarget<TResult> {
  query(text: string, values?: readonly unknown[]): Promise<TResult>;
}

/** A dialect's rules for the transactions of a {@link TransactionSlot}. */
export interface SqlSlotRules {
  readonly statements: SqlTransactionStatements;
  /**
   * The error to throw for a statement that failed in the open transaction, given the failure before it (`earlier`);
   * the slot remembers the failure when this is the error itself. Default: the error.
   */
  readonly failed?: (error: unknown, earlier: unknown) => unknown;
  /** The 503 of a failure a retry may clear (a deadlock, a timeout, a lost connection), else `undefined`. */
  readonly retryAnswer: (failure: unknown) => unknown;
  /**
   * Whether the slot refuses every statement after a failure but a rollback to a savepoint, as PostgreSQL's server
   * does itself: MariaDB ends the transaction on a deadlock and would run what follows outside it, each committed.
   */
  readonly refuseAfterFailure?: boolean;
}

/**
 * A stable stand-in for the transactions of one connection: repositories made on it are made once and kept, and it
 * forwards each statement to the open transaction (refused when none is open), remembering the last that failed.
 */
export interface TransactionSlot<TResult, TRoot extends object = object> extends SqlSlotTarget<TResult> {
  /** The database the connection belongs to (a pool, a client, a Drizzle database). */
  readonly root: TRoot;
  /** Runs `work` with the slot open on `target`: see {@link createTransactionSlot}. */
  open<T>(target: SqlSlotTarget<TResult>, work: () => Promise<T>): Promise<T>;
  /** `work` in a savepoint `<prefix>_<n>` of the open transaction: a throw rolls back to it, and is rethrown. */
  savepoint<T>(work: () => Promise<T>, prefix?: string): Promise<T>;
  /**
   * `BEGIN` on `connection`, `work` with the slot open on it, then `COMMIT`, or `ROLLBACK` and the error rethrown
   * (`ends` answers the failures of `BEGIN` and `COMMIT`, see `runInTransaction`).
   */
  transaction<T>(
    connection: SqlSlotTarget<TResult>,
    work: () => Promise<T>,
    ends?: SqlTransactionEnds<TResult>,
  ): Promise<T>;
}

/** Statements that undo a failure: a rollback to a savepoint made before it. */
const ROLLBACK_TO = /^\s*ROLLBACK\s+(?:WORK\s+)?TO\s/i;

/**
 * The error of a transaction that must not commit because a statement of it failed and its work went on (caught the
 * error and resolved): the 503 of that failure when a retry may clear it (a timeout, a deadlock), else an `Error`.
 */
function rolledBack(failure: unknown, rules: SqlSlotRules): unknown {
  return (
    rules.retryAnswer(failure) ??
    new Error('the transaction was rolled back: a statement in it failed and the work went on', { cause: failure })
  );
}

/**
 * Creates the transaction slot of a connection of `root`. While it is open (`open`, `transaction`), each statement
 * goes to the open transaction; one that fails is remembered until a rollback to a savepoint, and the rule of every
 * dialect holds: a transaction in which a statement failed and the work went on does not commit. The work's value
 * is then replaced by a throw (see {@link rolledBack}), so the transaction rolls back; with `refuseAfterFailure` the
 * statements after the failure are refused as well (the same error), as PostgreSQL refuses them.
 */
export function createTransactionSlot<TResult, TRoot extends object = object>(
  root: TRoot,
  rules: SqlSlotRules,
): TransactionSlot<TResult, TRoot> {
  let target: SqlSlotTarget<TResult> | undefined;
  let failure: { readonly error: unknown } | undefined;
  let savepoints = 0;
  const slot: TransactionSlot<TResult, TRoot> = {
    root,
    async query(text, values) {
      if (!target) throw new TypeError('the transaction has ended');
      const undoes = ROLLBACK_TO.test(text);
      if (failure && rules.refuseAfterFailure === true && !undoes) throw rolledBack(failure.error, rules);
      try {
        const result = await target.query(text, values);
        if (undoes) failure = undefined;
        return result;
      } catch (error) {
        const answer = rules.failed ? rules.failed(error, failure?.error) : error;
        // A fault a retry may clear stays the failure (a deadlock, not the failed rollback to a savepoint it erased).
        const kept = failure !== undefined && rules.retryAnswer(failure.error) !== undefined;
        if (answer === error && !kept) failure = { error };
        throw answer;
      }
    },
    async open(on, work) {
      target = on;
      failure = undefined;
      try {
        const result = await work();
        // A statement of `work` failed and `work` went on: never committed.
        const left = failure as { readonly error: unknown } | undefined;
        if (left) throw rolledBack(left.error, rules);
        return result;
      } finally {
        target = undefined;
      }
    },
    async savepoint(work, prefix = 'pagelope') {
      try {
        const name = `${prefix}_${String(++savepoints)}`;
        return await runInSavepoint((text) => slot.query(text), rules.statements, name, work);
      } finally {
        savepoints -= 1;
      }
    },
    transaction: (connection, work, ends) =>
      runInTransaction(
        (text) => connection.query(text),
        rules.statements,
        () => slot.open(connection, work),
        ends,
      ),
  };
  return slot;
}

/** The slots of a dialect's connections (see {@link createTransactionSlots}). */
export interface TransactionSlots<TResult, TRoot extends object> {
  /** The slot of `connection` (a connection of `root`), made on its first transaction and kept. */
  of(connection: object, root: TRoot): TransactionSlot<TResult, TRoot>;
  /** Whether `client` is one of these slots (a repository on it is bound to a transaction). */
  is<TClient extends object>(client: TClient): client is TClient & TransactionSlot<TResult, TRoot>;
}

/** One slot a connection, for the connections that last (a pool's, a single client, PGlite): see {@link createTransactionSlot}. */
export function createTransactionSlots<TResult, TRoot extends object>(
  rules: SqlSlotRules,
): TransactionSlots<TResult, TRoot> {
  const slots = new WeakMap<object, TransactionSlot<TResult, TRoot>>();
  const made = new WeakSet<object>();
  return {
    of(connection, root) {
      let slot = slots.get(connection);
      if (!slot) {
        slots.set(connection, (slot = createTransactionSlot<TResult, TRoot>(root, rules)));
        made.add(slot);
      }
      return slot;
    },
    is: <TClient extends object>(client: TClient): client is TClient & TransactionSlot<TResult, TRoot> =>
      made.has(client),
  };
}
