import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { createTransactionQueue, type SqlTransactionStatements } from '../sql/index';
import { toRetryableError } from './retryable-error';
import { createDrizzleRunners, drizzleClientOf, SQLITE_SQL_DIALECT } from './sql/index';

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

/** SQLite's statements of a transaction: a savepoint rolled back to stays on its stack until released. */
const SQLITE_TRANSACTION: SqlTransactionStatements = {
  begin: 'BEGIN',
  commit: 'COMMIT',
  rollback: 'ROLLBACK',
  savepoint: (name) => `SAVEPOINT ${name}`,
  release: (name) => `RELEASE ${name}`,
  rollbackTo: (name) => [`ROLLBACK TO ${name}`, `RELEASE ${name}`],
};

/** The SQL function that folds text as `toLowerCase()` does, where the connection takes functions of JavaScript. */
const LOWER = 'pagelope_lower';

/**
 * Registers {@link LOWER} on the driver's connection (`create_function` of sql.js, `function` of better-sqlite3) and
 * returns its name, or `undefined` for a driver without functions of JavaScript (libsql).
 */
function registerLower(db: DrizzleSQLiteDatabase): string | undefined {
  const client = (drizzleClientOf(db) ??
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
 * The runners of Drizzle SQLite databases (see `createDrizzleRunners`): `runnerOf(db)` the `SqlRunner` of one, one
 * per database, `readerOf(db)` a reader outside its queue. SQLite is one writer: every statement of the
 * repositories waits while a transaction is open, and `transaction(work)` runs `BEGIN` ... `COMMIT` (or `ROLLBACK`)
 * itself on a sync database (sql.js, better-sqlite3: its `db.transaction` is synchronous and cannot wait for `work`)
 * and through `db.transaction` on an async one (libsql, where each `execute` outside one commits). Statements run
 * through the session as Drizzle's own queries do, sync or async alike: `run()` for a statement better-sqlite3 says
 * returns no rows (its `all()` throws there: `BEGIN`, `SAVEPOINT`, a write without `RETURNING`), `all()` otherwise;
 * a busy database (`SQLITE_BUSY`) is `toWriteConflictError`'s 503. On sql.js and better-sqlite3 it registers
 * `pagelope_lower`, JavaScript's `toLowerCase()` as a SQL function, so that case-insensitive matching is SQL and
 * folds as the memory repository does.
 */
export const SQLITE_RUNNERS = createDrizzleRunners<DrizzleSQLiteDatabase, SessionLike>({
  async execute(session, text, params) {
    const prepared = session.prepareQuery({ sql: text, params }, undefined, 'all', false);
    if (prepared.stmt?.reader === false) {
      await prepared.run();
      return [];
    }
    return prepared.all();
  },
  classify: (error) => toRetryableError(error, SQLITE_SQL_DIALECT),
  queue: () => createTransactionQueue({ everyStatement: true }),
  statements: SQLITE_TRANSACTION,
  ownTransactions: (db) => (db as unknown as { readonly resultKind?: unknown }).resultKind !== 'async',
  lowerFunction: registerLower,
});
