import type { PgDatabase, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import type { SelfTransactingClient, SqlClient } from 'pagelope/postgres';
import { driverError } from './driver-error';

/** A Drizzle PostgreSQL database (`drizzle-orm/node-postgres`, `drizzle-orm/pglite`), whatever its schema. */
export type DrizzlePgDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

type Session = PgSession<PgQueryResultHKT, Record<string, unknown>>;
type Rows = readonly Record<string, unknown>[];

/**
 * Runs `text` with `values` on a Drizzle session as it is (Drizzle's logger sees it) and resolves its rows. Drizzle
 * wraps a driver's error in a `DrizzleQueryError`: the driver's own (its SQLSTATE, its constraint) is rethrown, which
 * is what the PostgreSQL repository maps to 4xx and 503 answers. Drizzle's drivers read timestamps and dates as text;
 * the repository reads such text as the instant it names.
 */
async function runOn(session: Session, text: string, values: unknown[] = []): Promise<{ readonly rows: Rows }> {
  try {
    const result: unknown = await session
      .prepareQuery({ sql: text, params: values }, undefined, undefined, false)
      .execute();
    const rows = Array.isArray(result) ? result : (result as { readonly rows?: unknown }).rows;
    return { rows: Array.isArray(rows) ? (rows as Rows) : [] };
  } catch (error) {
    throw driverError(error);
  }
}

/** What the database is underneath, by the shape of its `$client` (pagelope imports no driver). */
function connectionOf(db: DrizzlePgDatabase): SelfTransactingClient['connection'] {
  const client = (db as { readonly $client?: unknown }).$client as Record<string, unknown> | undefined;
  if (typeof client?.['transaction'] === 'function' && typeof client['exec'] === 'function') return 'serial';
  if (typeof client?.['connect'] === 'function' && typeof client['totalCount'] === 'number') return 'pool';
  // One connection, or a client of which that cannot be told: its transactions are queued, never interleaved.
  return 'single';
}

/** The client a transaction's statements go through: one per open transaction, reused by later ones. */
interface TransactionClient extends SqlClient {
  session: Session | undefined;
  /** Whether the last statement failed, leaving the transaction aborted (only a `ROLLBACK TO SAVEPOINT` succeeds then). */
  aborted: boolean;
}

function createTransactionClient(): TransactionClient {
  const client: TransactionClient = {
    session: undefined,
    aborted: false,
    async query(text, values) {
      if (!client.session) throw new TypeError('the transaction has ended');
      try {
        const result = await runOn(client.session, text, values);
        client.aborted = false;
        return result;
      } catch (error) {
        client.aborted = true;
        throw error;
      }
    },
  };
  return client;
}

const clients = new WeakMap<object, SelfTransactingClient>();

/**
 * The `SqlClient` of a Drizzle PostgreSQL database, one per database (so that the repositories on it join each
 * other's transactions and relation statements): statements run through `db`, and `transaction(work)` through
 * `db.transaction`, every statement of `work` on its `tx`. A transaction whose work went on after a statement failed
 * is rolled back with an error (PostgreSQL would answer its COMMIT with a silent ROLLBACK).
 */
export function toPgSqlClient(db: DrizzlePgDatabase): SelfTransactingClient {
  const known = clients.get(db);
  if (known) return known;
  const idle: TransactionClient[] = [];
  const client: SelfTransactingClient = Object.freeze({
    connection: connectionOf(db),
    query: (text: string, values?: unknown[]) => runOn(db._.session, text, values),
    transaction: <T>(work: (tx: SqlClient) => Promise<T>): Promise<T> =>
      db.transaction(async (tx) => {
        const handle = idle.pop() ?? createTransactionClient();
        handle.session = tx._.session;
        handle.aborted = false;
        try {
          const result = await work(handle);
          if (handle.aborted)
            throw new Error('the transaction was rolled back: a statement in it failed and the work went on');
          return result;
        } finally {
          handle.session = undefined;
          idle.push(handle);
        }
      }),
  });
  clients.set(db, client);
  return client;
}
