import type { MySqlDatabase, MySqlQueryResultHKT, PreparedQueryHKTBase } from 'drizzle-orm/mysql-core';
import { HttpError } from 'pagelope/kit';
import {
  createTransactionQueue,
  createTransactionSlot,
  keepWorkError,
  STANDARD_TRANSACTION_STATEMENTS,
} from '../sql/index';
import type { SqlSlotRules } from '../sql/index';
import type { TransactionQueue, TransactionSlot } from '../sql/index';
import { toMysqlStatement } from './mysql-statement';
import { toRetryableError } from './retryable-error';
import type { SqlRow, SqlRunner } from './sql/index';
import { MYSQL_SQL_DIALECT } from './mysql-sql-dialect';

/** A MariaDB driver's error as its answer: a deadlock's or a lock wait's 503 (see `toRetryableError`), else the driver's. */
const classify = (error: unknown): unknown => toRetryableError(error, MYSQL_SQL_DIALECT);

/** A Drizzle MySQL or MariaDB database (`drizzle(pool)` of `drizzle-orm/mysql2`), whatever its schema. */
export type DrizzleMySqlDatabase = MySqlDatabase<MySqlQueryResultHKT, PreparedQueryHKTBase, Record<string, unknown>>;

/**
 * What every statement runs under, whatever the pool's session says: UTC (a TIMESTAMP column stores and reads the text
 * the repository binds as it is), and a strict `sql_mode` (a value too long, out of range or no date is refused, not
 * cut or clamped with a warning). MariaDB's `SET STATEMENT ... FOR` sets them for one statement only.
 */
const STATEMENT_SETTINGS =
  "SET STATEMENT time_zone = '+00:00', " +
  "sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION' FOR ";

interface PreparedExecute {
  execute(): Promise<unknown>;
}
interface SessionLike {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined): PreparedExecute;
}
interface DatabaseLike {
  readonly session: SessionLike;
  transaction<T>(work: (tx: DatabaseLike) => Promise<T>): Promise<T>;
}

/**
 * Runs one statement through `db`'s session as Drizzle's own raw queries do (its logger sees it; DATETIME, TIMESTAMP
 * and DATE come as text) and resolves its rows: a result set's (`SELECT`, `... RETURNING`), none for a write's header.
 */
async function runOn(db: DatabaseLike, text: string, params: readonly unknown[]): Promise<readonly SqlRow[]> {
  try {
    const result = await db.session
      .prepareQuery({ sql: STATEMENT_SETTINGS + text, params: [...params] }, undefined)
      .execute();
    const rows: unknown = Array.isArray(result) ? result[0] : undefined;
    return Array.isArray(rows) ? (rows as SqlRow[]) : [];
  } catch (error) {
    throw classify(error);
  }
}

/**
 * A reader of `db` that runs a statement as it is (no {@link STATEMENT_SETTINGS}, which a MySQL server would refuse)
 * through the database's session, outside the runner's queue (so that a read started while a transaction holds the
 * only connection does not wait for it to end) and resolves its rows: what the repository reads of the server
 * before its first statement. Its faults are answered as the runner's (a refused connection, a timed-out read: a 503).
 */
export function mysqlReaderOf(
  db: DrizzleMySqlDatabase,
): (text: string, params: readonly unknown[]) => Promise<readonly SqlRow[]> {
  const { session } = db as unknown as DatabaseLike;
  return async (text, params) => {
    try {
      const result = await session.prepareQuery({ sql: text, params: [...params] }, undefined).execute();
      const rows: unknown = Array.isArray(result) ? result[0] : undefined;
      return Array.isArray(rows) ? (rows as SqlRow[]) : [];
    } catch (error) {
      throw classify(error);
    }
  };
}

/** Runs a statement of the SQL core as MariaDB takes it (see `toMysqlStatement`). */
function allOn(
  db: DatabaseLike,
  text: string,
  params: readonly unknown[],
  inTransaction: boolean,
): Promise<readonly SqlRow[]> {
  return runOn(db, toMysqlStatement(text, inTransaction), params);
}

/** Whether `db` is over a pool (`mysql2`'s `getConnection`): each of its transactions then has a connection of its own. */
function onPool(db: DrizzleMySqlDatabase): boolean {
  const client = (db as { readonly $client?: unknown }).$client as Record<string, unknown> | undefined;
  return typeof client?.['getConnection'] === 'function';
}

/**
 * MariaDB's transactions on the SQL engine's slot: InnoDB rolls a transaction back on a deadlock and runs what follows
 * outside it (each statement committed on its own), so the slot refuses the statements after a failure (a deadlock's
 * or a lock wait's 503 again, already made by `runOn`) and the work that went on never commits, as on PostgreSQL.
 */
const MARIADB_RULES: SqlSlotRules = {
  statements: STANDARD_TRANSACTION_STATEMENTS,
  retryAnswer: (failure) => (failure instanceof HttpError && failure.statusCode === 503 ? failure : undefined),
  refuseAfterFailure: true,
};

/**
 * `work` in a transaction of `db` (Drizzle's: a connection of its own on a pool), its statements and savepoints on
 * the slot of the transaction; its own error answered whatever the rollback then threw (see `keepWorkError`): a
 * deadlock's 503, not the failed `ROLLBACK TO SAVEPOINT` of a transaction InnoDB already rolled back.
 */
function transactionOn<T>(db: DatabaseLike, work: (runner: SqlRunner) => Promise<T>): Promise<T> {
  return keepWorkError<DatabaseLike, T>(
    (inner) => db.transaction(inner),
    (tx) => {
      const slot = createTransactionSlot<readonly SqlRow[]>(db, MARIADB_RULES);
      return slot.open({ query: (text, values = []) => allOn(tx, text, values, true) }, () => work(inside(slot)));
    },
    classify,
  );
}

/** The runner of statements in the transaction of `slot`; a nested transaction is a savepoint of it. */
function inside(slot: TransactionSlot<readonly SqlRow[]>): SqlRunner {
  const runner: SqlRunner = Object.freeze({
    inTransaction: true,
    failureAborts: true,
    all: (text: string, params: readonly unknown[]) => slot.query(text, params),
    transaction: <T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> => slot.savepoint(() => work(runner)),
  });
  return runner;
}

const runners = new WeakMap<object, SqlRunner>();

/**
 * The `SqlRunner` of a Drizzle MariaDB database, one per database (so that the repositories on it share its
 * transactions): statements run through its session under {@link STATEMENT_SETTINGS}, a driver's error wrapped by
 * Drizzle rethrown as the driver's (a deadlock as `toWriteConflictError`'s 503, a lock wait timeout as a 503 with
 * `retry-after`, seen through a failed `ROLLBACK TO SAVEPOINT` as well), and `transaction(work)` through `db.transaction` (on a pool, a connection of
 * its own; on one connection, every statement of the repositories outside it waits until it ends), on the SQL engine's
 * transaction slot: after a statement of it fails, what follows is refused and it never commits (see {@link MARIADB_RULES}).
 */
export function mysqlRunnerOf(db: DrizzleMySqlDatabase): SqlRunner {
  const known = runners.get(db);
  if (known) return known;
  const database = db as unknown as DatabaseLike;
  const queue: TransactionQueue = onPool(db)
    ? { statement: (work) => work(), transaction: (work) => work() }
    : createTransactionQueue({ everyStatement: true });
  const runner: SqlRunner = Object.freeze({
    inTransaction: false,
    all: (text: string, params: readonly unknown[]) => queue.statement(() => allOn(database, text, params, false)),
    transaction: <T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> =>
      queue.transaction(() => transactionOn(database, work)),
  });
  runners.set(db, runner);
  return runner;
}
