import type { Repository, Transaction } from 'pagelope/kit';
import { createTransactionSlots, keepWorkError, registerTransactionBinding, runExclusive } from '../sql/index';
import { runQueuedStatement, runSqlTransactionWork, STANDARD_TRANSACTION_STATEMENTS, toFaultError } from '../sql/index';
import type { TransactionSlot } from '../sql/index';
import { clientKind, type PgliteLike, type PoolLike } from './client-kind';
import { isRetryableError, toCommitError, toRetryableError } from './database-error';
import { NATIVE_TABLES } from './native-tables';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import type { SqlClient } from './sql-client';

type Work<T> = (tx: Transaction) => Promise<T>;
type Slot = TransactionSlot<Awaited<ReturnType<SqlClient['query']>>, SqlClient>;

/** The SQL engine's transaction slot of each connection (a pooled connection, a single client, PGlite). */
const SLOTS = createTransactionSlots<Awaited<ReturnType<SqlClient['query']>>, SqlClient>({
  statements: STANDARD_TRANSACTION_STATEMENTS,
  // "Current transaction is aborted" (25P02) after a fault that is not the client's (a timeout, a deadlock, a lost
  // connection) that a caller caught and went on from: the 503 of that fault, the 25P02 as its cause.
  failed: (error, earlier) => (isRetryableError(error) ? error : toFaultError(error, POSTGRES_SQL_DIALECT, earlier)),
  retryAnswer: (failure) => (isRetryableError(failure) ? toRetryableError(failure) : undefined),
});

/** Registers `repository` (made on `client`) with how to make it on another connection, for `tx.repository`. */
export function registerRepository<TRecord>(
  repository: Repository<TRecord>,
  client: SqlClient,
  bind: (connection: SqlClient) => Repository<TRecord>,
): Repository<TRecord> {
  // A repository made on a slot is reached through its guard only (see `runSqlTransactionWork`).
  return SLOTS.is(client) ? repository : registerTransactionBinding(repository, client, bind);
}

/** The database client behind `client`: the pool or client a transaction's connection was taken from, or itself. */
export const rootClientOf = (client: SqlClient): SqlClient => (SLOTS.is(client) ? client.root : client);

/** Where a repository on `client` reads its table's facts after a failed write: in a transaction, its pool if any. */
export function factsReaderOf(client: SqlClient): SqlClient | undefined {
  const kind = SLOTS.is(client) ? clientKind(client.root) : undefined;
  return kind === 'pool' || kind === 'self-pool' ? rootClientOf(client) : catalogReaderOf(client);
}

/**
 * Where a repository on `client` reads the catalog: `undefined` outside a transaction (on `client` itself); inside
 * one, on its connection under a savepoint of its own (a pool of one connection would wait for ever), so that a
 * failed read (a statement timeout, a cancel) cannot abort the transaction.
 */
export function catalogReaderOf(client: SqlClient): SqlClient | undefined {
  if (!SLOTS.is(client)) return undefined;
  return { query: (text, values) => client.savepoint(() => client.query(text, values), 'pagelope_catalog') };
}

/** Whether a repository on `client` can run transactions: see {@link clientKind}. */
export const canRunTransactions = (client: SqlClient): boolean => SLOTS.is(client) || clientKind(client) !== undefined;

/** Statements of a repository on `client`: queued behind open transactions when it is a single connection. */
export const runStatement = (client: SqlClient, text: string, values: unknown[]) =>
  runQueuedStatement(client, () => client.query(text, values));

/**
 * Runs `work` in a transaction of the repository's `client` (a savepoint of it when `client` is already a
 * transaction's): `COMMIT` when `work` resolves, `ROLLBACK` (and the error rethrown) when it throws.
 *
 * @throws the error of `work`; a 503 `HttpError` when the transaction cannot start or commit for a transient reason;
 * the SQL engine's rolled-back error when a statement of `work` failed and `work` went on.
 */
export async function runTransaction<T>(client: SqlClient, work: Work<T>): Promise<T> {
  if (SLOTS.is(client)) return client.savepoint(() => withTransaction(client, work));
  const kind = clientKind(client);
  if (kind === undefined) throw new TypeError('transaction: the client is not a pg.Pool, a pg.Client or PGlite');
  if (kind === 'self-single') return runExclusive(client, () => ownTransaction(client, work));
  if (kind === 'single') return runExclusive(client, () => onConnection(client, client, work));
  // PGlite and a client that runs its transactions itself commit after the work; on a pool, a slot per connection.
  if (kind !== 'pool') return ownTransaction(client, work, kind === 'self-pool');
  const connection = await (client as PoolLike).connect().catch((error: unknown) => {
    throw toRetryableError(error);
  });
  // The server may end the connection between two statements of the work: node-postgres then emits 'error', thrown
  // as an uncaught exception where nothing listens; it is kept as the reason to destroy the connection.
  let broken: unknown;
  const ended = (error: unknown): void => void (broken ??= error);
  connection.on?.('error', ended);
  try {
    return await onConnection(connection, client, work, (error) => (broken = error));
  } finally {
    connection.off?.('error', ended);
    connection.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
  }
}

/** `work` in a transaction the client runs itself (PGlite, a `SelfTransactingClient`): its slot, or its tx's. */
function ownTransaction<T>(client: SqlClient, work: Work<T>, perConnection = false): Promise<T> {
  const open = (slot: Slot, tx: SqlClient) => slot.open(tx, () => withTransaction(slot, work));
  return keepWorkError<SqlClient, T>(
    (inner) => (client as PgliteLike).transaction(inner),
    (tx) => open(SLOTS.of(perConnection ? tx : client, client), tx),
    toCommitError,
  );
}

/** `BEGIN`, `work`, `COMMIT` or `ROLLBACK` on one connection; `onBroken` hears of a connection left unusable. */
function onConnection<T>(connection: SqlClient, root: SqlClient, work: Work<T>, onBroken?: (error: unknown) => void) {
  const slot = SLOTS.of(connection, root);
  return slot.transaction(connection, () => withTransaction(slot, work), {
    beginError(error) {
      onBroken?.(error);
      return toRetryableError(error);
    },
    commitError: toCommitError,
    rollbackFailed: onBroken,
  });
}

/** `work` with the `Transaction` of the slot (see the SQL engine's `runSqlTransactionWork`). */
function withTransaction<T>(slot: Slot, work: Work<T>): Promise<T> {
  return runSqlTransactionWork(
    {
      root: slot.root,
      on: slot,
      refusal: 'tx.repository: the repository is not a PostgreSQL repository on the same client',
      onBound: NATIVE_TABLES.share,
      query: (text, values) =>
        slot.query(text, [...values]).then(
          ({ rows }) => ({ rows }),
          (error: unknown) => Promise.reject(toRetryableError(error)),
        ),
    },
    work,
  );
}
