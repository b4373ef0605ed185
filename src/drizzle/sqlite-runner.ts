import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { SqlRow, SqlRunner } from './sql/index';

/**
 * A Drizzle SQLite database, sync (`drizzle-orm/better-sqlite3`, `drizzle-orm/sql-js`) or async
 * (`drizzle-orm/libsql`), whatever its schema.
 */
export type DrizzleSQLiteDatabase = BaseSQLiteDatabase<'sync' | 'async', unknown, Record<string, unknown>>;

interface PreparedAll {
  all(): unknown;
}
interface SessionLike {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    method: 'all',
    array: boolean,
  ): PreparedAll;
}

/** The driver's error a `DrizzleQueryError` (an `Error` with `query`, `params` and a `cause`) wraps, else `error`. */
function driverError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { query, params, cause } = error as Error & { readonly query?: unknown; readonly params?: unknown };
  return typeof query === 'string' && Array.isArray(params) && cause instanceof Error ? cause : error;
}

/** Runs one statement through the session of `db` (Drizzle's logger sees it), sync or async alike. */
async function allOn(session: SessionLike, text: string, params: readonly unknown[]): Promise<readonly SqlRow[]> {
  try {
    const rows: unknown = await session.prepareQuery({ sql: text, params: [...params] }, undefined, 'all', false).all();
    return Array.isArray(rows) ? (rows as SqlRow[]) : [];
  } catch (error) {
    throw driverError(error);
  }
}

/** A queue: `run(work)` starts `work` once every earlier one has settled. */
function createQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  };
}

const runners = new WeakMap<object, SqlRunner>();

/**
 * The `SqlRunner` of a Drizzle SQLite database, one per database (so that the repositories on it share its
 * transactions). SQLite is one connection: `transaction(work)` runs `BEGIN` ... `COMMIT` (or `ROLLBACK`) itself, and
 * every statement of the repositories outside it waits until it ends; inside, a nested `transaction` is a savepoint.
 * Statements run through the session of `db` as Drizzle's own queries do; a driver's error wrapped by Drizzle is
 * rethrown as the driver's.
 */
export function sqliteRunnerOf(db: DrizzleSQLiteDatabase): SqlRunner {
  const known = runners.get(db);
  if (known) return known;
  const session = (db as unknown as { readonly session: SessionLike }).session;
  const queue = createQueue();
  let savepoints = 0;
  const inside = (): SqlRunner =>
    Object.freeze({
      inTransaction: true,
      all: (text: string, params: readonly unknown[]) => allOn(session, text, params),
      async transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
        const name = `pagelope_${++savepoints}`;
        await allOn(session, `SAVEPOINT ${name}`, []);
        try {
          const result = await work(this);
          await allOn(session, `RELEASE ${name}`, []);
          return result;
        } catch (error) {
          await allOn(session, `ROLLBACK TO ${name}`, []);
          await allOn(session, `RELEASE ${name}`, []);
          throw error;
        }
      },
    });
  const runner: SqlRunner = Object.freeze({
    inTransaction: false,
    all: (text: string, params: readonly unknown[]) => queue(() => allOn(session, text, params)),
    transaction: <T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> =>
      queue(async () => {
        await allOn(session, 'BEGIN', []);
        try {
          const result = await work(inside());
          await allOn(session, 'COMMIT', []);
          return result;
        } catch (error) {
          await allOn(session, 'ROLLBACK', []);
          throw error;
        }
      }),
  });
  runners.set(db, runner);
  return runner;
}
