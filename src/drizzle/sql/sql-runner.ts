/** One row as a driver reads it: column values by column name. */
export type SqlRow = Readonly<Record<string, unknown>>;

/**
 * How the Drizzle repository of a dialect without `pagelope/postgres` runs its statements: `all` runs one statement
 * with `?` placeholders (or the dialect's) and resolves its rows (none for a statement without a result), and
 * `transaction(work)` runs `work` on a runner whose statements are in one transaction, committed when `work`
 * resolves and rolled back (the error rethrown) when it throws. Statements of other callers wait while a transaction
 * is open when the database is one connection (SQLite), so that they never run inside it.
 */
export interface SqlRunner {
  all(text: string, params: readonly unknown[]): Promise<readonly SqlRow[]>;
  transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * The name of a SQL function of one text argument that lower-cases as JavaScript's `toLowerCase()` does,
   * registered on the connection (`undefined`: none; SQL's `lower()` folds only ASCII on SQLite, so the
   * case-insensitive operators and the search are then evaluated in JavaScript).
   */
  readonly lowerFunction?: string | undefined;
  /** Whether this runner is inside a transaction (a nested `transaction` is then a savepoint). */
  readonly inTransaction: boolean;
  /**
   * Whether a statement that fails in this runner's transaction keeps it from committing (the SQL engine's transaction
   * slot, MariaDB): a write its caller may catch then runs in a savepoint of its own, as on PostgreSQL.
   */
  readonly failureAborts?: boolean;
}
