import {
  createTransactionSlot,
  keepWorkError,
  runInSavepoint,
  runInTransaction,
  type SqlSlotRules,
  type SqlTransactionStatements,
  type TransactionQueue,
} from '../../sql/index';
import type { SqlRow, SqlRunner } from './sql-runner';

/** Runs one statement and resolves its rows. */
export type SqlRead = (text: string, params: readonly unknown[]) => Promise<readonly SqlRow[]>;

/** A Drizzle database as the runners use it: its session, and `transaction`, which hands its work a `tx` with its own. */
interface DatabaseLike<TSession> {
  readonly session: TSession;
  transaction<T>(work: (tx: { readonly session: TSession }) => Promise<T>): Promise<T>;
}

/** What the Drizzle runners of one dialect differ in (see {@link createDrizzleRunners}). */
export interface DrizzleRunnerOptions<TDatabase, TSession> {
  /**
   * Runs `text` on `session` (the database's, or a transaction's) as Drizzle's own raw queries do (its logger sees
   * it) and resolves its rows (anything but an array: none, a statement without a result); a driver's error is
   * thrown as it is.
   */
  execute(session: TSession, text: string, params: unknown[]): Promise<unknown>;
  /** A statement of the SQL engine as the runner runs it, in a transaction or not (default: as it is). */
  statement?(text: string, inTransaction: boolean): string;
  /** A driver's error as the caller gets it: a fault a retry may clear as its 503, else the driver's own error. */
  classify(error: unknown): unknown;
  /** The queue of `db`'s statements and transactions (see the SQL engine's `createTransactionQueue`). */
  queue(db: TDatabase): TransactionQueue;
  /** The statements of a transaction and of its savepoints. */
  readonly statements: SqlTransactionStatements;
  /**
   * The rules of the SQL engine's transaction slot (its statements: {@link statements}), for a dialect whose
   * transaction must not commit once a statement of it failed (MariaDB; the runners inside are then
   * `failureAborts`). Absent: statements run as they come (SQLite).
   */
  readonly slot?: Omit<SqlSlotRules, 'statements'> | undefined;
  /** Whether `db` runs `BEGIN` and `COMMIT` on its own session (a sync SQLite database) rather than `db.transaction`. */
  ownTransactions?(db: TDatabase): boolean;
  /** The `SqlRunner.lowerFunction` of `db`, asked once per database. */
  lowerFunction?(db: TDatabase): string | undefined;
}

/** The runner of each Drizzle database of a dialect, and a reader of it outside the runner's queue. */
export interface DrizzleRunners<TDatabase> {
  /**
   * The `SqlRunner` of `db`, one per database (so that the repositories on it share its transactions): each statement
   * through the queue, `transaction(work)` through `db.transaction` (or `BEGIN` ... `COMMIT` on its session) with its
   * statements on the transaction's session, a nested one a savepoint, and the work's own error answered whatever
   * the rollback then threw (see `keepWorkError`).
   */
  runnerOf(db: TDatabase): SqlRunner;
  /**
   * A reader of `db` that runs a statement as it is, outside the runner's queue (a read started while a transaction
   * holds the only connection does not wait for it to end): what the repository reads before its first statement.
   */
  readerOf(db: TDatabase): SqlRead;
}

/**
 * The runners of a Drizzle dialect without `pagelope/postgres` (SQLite, MariaDB): what they share (the runner cache,
 * the reader, the queue, the transactions and savepoints, the transaction slot) written once over `options`.
 */
export function createDrizzleRunners<TDatabase extends object, TSession>(
  options: DrizzleRunnerOptions<TDatabase, TSession>,
): DrizzleRunners<TDatabase> {
  const { classify, statements, slot: rules } = options;
  const statementOf = options.statement ?? ((text: string) => text);
  const sessionOf = (db: TDatabase) => (db as unknown as DatabaseLike<TSession>).session;
  const readOn =
    (session: TSession, inTransaction?: boolean): SqlRead =>
    async (text, params) => {
      try {
        const statement = inTransaction === undefined ? text : statementOf(text, inTransaction);
        const rows = await options.execute(session, statement, [...params]);
        return Array.isArray(rows) ? (rows as SqlRow[]) : [];
      } catch (error) {
        throw classify(error);
      }
    };

  /** The runner of a transaction whose statements `all` runs: a nested transaction is a savepoint of it. */
  const inside = (all: SqlRead, lowerFunction: string | undefined): SqlRunner => {
    let savepoints = 0;
    const runner: SqlRunner = Object.freeze({
      inTransaction: true,
      lowerFunction,
      ...(rules && { failureAborts: true }),
      all,
      transaction: <T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> =>
        runInSavepoint(
          (text) => all(text, []),
          statements,
          `pagelope_${String(++savepoints)}`,
          () => work(runner),
        ),
    });
    return runner;
  };

  /** `work` in a transaction of `db`, its statements on `session`: on the slot of the transaction, with `rules`. */
  const transactionOn = <T>(db: TDatabase, lowerFunction: string | undefined, work: (tx: SqlRunner) => Promise<T>) => {
    const enter = (session: TSession): Promise<T> => {
      const all = readOn(session, true);
      if (!rules) return work(inside(all, lowerFunction));
      const slot = createTransactionSlot<readonly SqlRow[]>(db, { ...rules, statements });
      const query = (text: string, values: readonly unknown[] = []) => all(text, values);
      return slot.open({ query }, () => work(inside((text, params) => slot.query(text, params), lowerFunction)));
    };
    if (options.ownTransactions?.(db) === true) {
      const session = sessionOf(db);
      return runInTransaction(
        (text) => readOn(session, false)(text, []),
        statements,
        () => enter(session),
      );
    }
    const database = db as unknown as DatabaseLike<TSession>;
    return keepWorkError<TSession, T>((inner) => database.transaction((tx) => inner(tx.session)), enter, classify);
  };

  const runners = new WeakMap<TDatabase, SqlRunner>();
  return {
    runnerOf(db) {
      const known = runners.get(db);
      if (known) return known;
      const queue = options.queue(db);
      const lowerFunction = options.lowerFunction?.(db);
      const all = readOn(sessionOf(db), false);
      const runner: SqlRunner = Object.freeze({
        inTransaction: false,
        lowerFunction,
        all: (text: string, params: readonly unknown[]) => queue.statement(() => all(text, params)),
        transaction: <T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> =>
          queue.transaction(() => transactionOn(db, lowerFunction, work)),
      });
      runners.set(db, runner);
      return runner;
    },
    readerOf: (db) => readOn(sessionOf(db)),
  };
}
