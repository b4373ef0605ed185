import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import {
  createTransactionQueue,
  keepWorkError,
  runInSavepoint,
  runInTransaction,
  type SqlTransactionStatements,
} from '../sql/index';
import { toRetryableError } from './retryable-error';
import { SQLITE_SQL_DIALECT, type SqlRow, type SqlRunner } from './sql/index';

/** A SQLite driver's error as its answer: a busy database's 503 (see `toRetryableError`), else the driver's error. */
const classify = (error: unknown): unknown => toRetryableError(error, SQLITE_SQL_DIALECT);

/**
 * A Drizzle SQLite database, sync (`drizzle-orm/better-sqlite3`, `drizzle-orm/sql-js`) or async
 * (`drizzle-orm/libsql`), whatever its schema.
 */
export type DrizzleSQLiteDatabase = BaseSQLiteDatabase<'sync' | 'async', unknown, Record<string, unknown>>;

interface PreparedAll {
  all(): unknown;
  run(): unknown;
  /** better-sqlite3's statement (sql.js has one too, without `reader`). */
  readonly stmt?: { readonly reader?: unknown };
}
interface SessionLike {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    method: 'all',
    array: boolean,
  ): PreparedAll;
}

/** What an async Drizzle SQLite database's `transaction` hands its work: a `tx` with a session of its own. */
interface AsyncDatabase {
  transaction<T>(work: (tx: { readonly session: SessionLike }) => Promise<T>): Promise<T>;
}

/**
 * Runs one statement through the session of `db` (Drizzle's logger sees it), sync or async alike: `run()` for a
 * statement better-sqlite3 says returns no rows (its `all()` throws there: `BEGIN`, `SAVEPOINT`, a write without
 * `RETURNING`), `all()` otherwise.
 */
async function allOn(session: SessionLike, text: string, params: readonly unknown[]): Promise<readonly SqlRow[]> {
  try {
    const prepared = session.prepareQuery({ sql: text, params: [...params] }, undefined, 'all', false);
    if (prepared.stmt?.reader === false) {
      await prepared.run();
      return [];
    }
    const rows: unknown = await prepared.all();
    return Array.isArray(rows) ? (rows as SqlRow[]) : [];
  } catch (error) {
    throw classify(error);
  }
}

/**
 * A reader of `db` outside the runner's queue (so that a read started while a transaction of the runner is open does
 * not wait for it to end): what the repository reads of the table's columns before its first call.
 */
export function sqliteReaderOf(
  db: DrizzleSQLiteDatabase,
): (text: string, params: readonly unknown[]) => Promise<readonly SqlRow[]> {
  const session = (db as unknown as { readonly session: SessionLike }).session;
  return (text, params) => allOn(session, text, params);
}

/** SQLite's statements of a transaction: a savepoint rolled back to stays on its stack until released. */
const SQLITE_TRANSACTION: SqlTransactionStatements = {
  begin: 'BEGIN',
  commit: 'COMMIT',
  rollback: 'ROLLBACK',
  savepoint: (name) => `SAVEPOINT ${name}`,
  release: (name) => `RELEASE ${name}`,
  rollbackTo: (name) => [`ROLLBACK TO ${name}`, `RELEASE ${name}`],
};

const runners = new WeakMap<object, SqlRunner>();

/** The SQL function that folds text as `toLowerCase()` does, where the connection takes functions of JavaScript. */
const LOWER = 'pagelope_lower';

/**
 * Registers {@link LOWER} on the driver's connection (`create_function` of sql.js, `function` of better-sqlite3) and
 * returns its name, or `undefined` for a driver without functions of JavaScript (libsql).
 */
function registerLower(db: DrizzleSQLiteDatabase): string | undefined {
  const client = ((db as { readonly $client?: unknown }).$client ??
    (db as unknown as { readonly session?: { readonly client?: unknown } }).session?.client) as
    Record<string, unknown> | undefined;
  const lower = (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text);
  try {
    if (typeof client?.['create_function'] === 'function') {
      (client['create_function'] as (name: string, fn: typeof lower) => unknown).call(client, LOWER, lower);
      return LOWER;
    }
    if (typeof client?.['function'] === 'function' && typeof client['prepare'] === 'function') {
      (client['function'] as (name: string, options: object, fn: typeof lower) => unknown).call(
        client,
        LOWER,
        { deterministic: true },
        lower,
      );
      return LOWER;
    }
  } catch {
    // A connection that refuses the function: the case-insensitive operators are evaluated in JavaScript.
  }
  return undefined;
}

/**
 * The `SqlRunner` of a Drizzle SQLite database, one per database (so that the repositories on it share its
 * transactions). SQLite is one writer: `transaction(work)` runs `BEGIN` ... `COMMIT` (or `ROLLBACK`) itself on a sync
 * database and through `db.transaction` on an async one (libsql), and every statement of the repositories outside it
 * waits until it ends; inside, a nested `transaction` is a savepoint.
 * Statements run through the session of `db` as Drizzle's own queries do; a driver's error wrapped by Drizzle is
 * rethrown as the driver's, a busy database (`SQLITE_BUSY`) as `toWriteConflictError`'s 503, and a transaction's
 * work's own error whatever its rollback then threw. On sql.js and better-sqlite3 it registers `pagelope_lower`, JavaScript's `toLowerCase()`
 * as a SQL function, so that case-insensitive matching is SQL and folds as the memory repository does.
 */
export function sqliteRunnerOf(db: DrizzleSQLiteDatabase): SqlRunner {
  const known = runners.get(db);
  if (known) return known;
  const session = (db as unknown as { readonly session: SessionLike }).session;
  const queue = createTransactionQueue({ everyStatement: true });
  const lowerFunction = registerLower(db);
  let savepoints = 0;
  const inside = (on: SessionLike): SqlRunner =>
    Object.freeze({
      inTransaction: true,
      lowerFunction,
      all: (text: string, params: readonly unknown[]) => allOn(on, text, params),
      transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
        const run = (text: string) => allOn(on, text, []);
        return runInSavepoint(run, SQLITE_TRANSACTION, `pagelope_${++savepoints}`, () => work(this));
      },
    });
  // An async database (libsql) opens a transaction through its client only (each `execute` outside one commits):
  // Drizzle's `db.transaction`, every statement of `work` on its `tx`. A sync one (sql.js, better-sqlite3) has a
  // synchronous `db.transaction`, which cannot wait for `work`: BEGIN and COMMIT are run on its one connection.
  const isAsync = (db as unknown as { readonly resultKind?: unknown }).resultKind === 'async';
  const begin = <T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> =>
    isAsync
      ? keepWorkError<SessionLike, T>(
          (inner) => (db as unknown as AsyncDatabase).transaction((tx) => inner(tx.session)),
          (on) => work(inside(on)),
          classify,
        )
      : runInTransaction(
          (text) => allOn(session, text, []),
          SQLITE_TRANSACTION,
          () => work(inside(session)),
        );
  const runner: SqlRunner = Object.freeze({
    inTransaction: false,
    lowerFunction,
    all: (text: string, params: readonly unknown[]) => queue.statement(() => allOn(session, text, params)),
    transaction: <T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> => queue.transaction(() => begin(work)),
  });
  runners.set(db, runner);
  return runner;
}
