import { HttpError, type Repository, type Transaction } from 'pagelope/kit';
import { createSqlTransaction, createTransactionSlot, keepWorkError, registerTransactionBinding } from '../sql/index';
import { runExclusive, runQueuedStatement, toFaultError, type SqlSlotRules, type TransactionSlot } from '../sql/index';
import { clientKind, type PgliteLike, type PoolLike } from './client-kind';
import { isRetryableError, toRetryableError } from './database-error';
import { shareNativeTable } from './native-tables';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import type { SqlClient } from './sql-client';

/** The transaction slot of one real connection (a pooled connection, a single client, PGlite): see the SQL engine. */
type Slot = TransactionSlot<Awaited<ReturnType<SqlClient['query']>>, SqlClient>;

const POSTGRES_RULES: SqlSlotRules = {
  statements: {
    begin: 'BEGIN',
    commit: 'COMMIT',
    rollback: 'ROLLBACK',
    savepoint: (name) => `SAVEPOINT ${name}`,
    release: (name) => `RELEASE SAVEPOINT ${name}`,
    rollbackTo: (name) => [`ROLLBACK TO SAVEPOINT ${name}`],
  },
  // "Current transaction is aborted" (25P02) after a fault that is not the client's (a timeout, a deadlock, a lost
  // connection) that a caller caught and went on from: the 503 of that fault, the 25P02 as its cause.
  failed: (error, earlier) => (isRetryableError(error) ? error : toFaultError(error, POSTGRES_SQL_DIALECT, earlier)),
  retryAnswer: (failure) => (isRetryableError(failure) ? toRetryableError(failure) : undefined),
};

const slots = new WeakMap<object, Slot>();
const slotSet = new WeakSet<object>();
const isSlot = (client: SqlClient): client is Slot => slotSet.has(client);

function slotOf(connection: object, root: SqlClient): Slot {
  let slot = slots.get(connection);
  if (!slot) {
    slots.set(connection, (slot = createTransactionSlot(root, POSTGRES_RULES)));
    slotSet.add(slot);
  }
  return slot;
}

/** Registers `repository` (made on `client`) with how to make it on another connection, for `tx.repository`. */
export function registerRepository<TRecord>(
  repository: Repository<TRecord>,
  client: SqlClient,
  bind: (connection: SqlClient) => Repository<TRecord>,
): Repository<TRecord> {
  // A repository made on a slot is reached through its guard only (see `createSqlTransaction`).
  return isSlot(client) ? repository : registerTransactionBinding(repository, client, bind);
}

/** The database client behind `client`: the pool or client a transaction's connection was taken from, or itself. */
export const rootClientOf = (client: SqlClient): SqlClient => (isSlot(client) ? client.root : client);

/**
 * The client a repository on `client` reads its table's facts with after a failed write: `undefined` outside a
 * transaction; inside one, the pool it came from, or the transaction's connection under a savepoint.
 */
export function factsReaderOf(client: SqlClient): SqlClient | undefined {
  const kind = isSlot(client) ? clientKind(client.root) : undefined;
  return kind === 'pool' || kind === 'self-pool' ? rootClientOf(client) : catalogReaderOf(client);
}

/**
 * Where a repository on `client` reads the catalog: `undefined` outside a transaction (on `client` itself); inside
 * one, on its connection under a savepoint of its own (a pool of one connection would wait for ever), so that a
 * failed read (a statement timeout, a cancel) cannot abort the transaction.
 */
export function catalogReaderOf(client: SqlClient): SqlClient | undefined {
  if (!isSlot(client)) return undefined;
  return { query: (text, values) => client.savepoint(() => client.query(text, values), 'pagelope_catalog') };
}

/** Whether a repository on `client` can run transactions: see {@link clientKind}. */
export const canRunTransactions = (client: SqlClient): boolean => isSlot(client) || clientKind(client) !== undefined;

/** Statements of a repository on `client`: queued behind open transactions when it is a single connection. */
export const runStatement = (client: SqlClient, text: string, values: unknown[]) =>
  runQueuedStatement(client, () => client.query(text, values));

/** SQLSTATEs of the constraints checked at COMMIT when deferred: unique, foreign key, exclusion. */
const DEFERRABLE_STATES = new Set(['23505', '23503', '23P01']);

/** A failed COMMIT's answer: a 503 for a transient failure, a 409 for a deferred constraint, else the error. */
function commitError(error: unknown): unknown {
  const retryable = toRetryableError(error);
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (retryable !== error || typeof code !== 'string' || !DEFERRABLE_STATES.has(code)) return retryable;
  return new HttpError(409, 'the changes conflict with stored records', { cause: error });
}

/**
 * Runs `work` in a transaction of the repository's `client` (a savepoint of it when `client` is already a
 * transaction's): `COMMIT` when `work` resolves, `ROLLBACK` (and the error rethrown) when it throws.
 *
 * @throws the error of `work`; a 503 `HttpError` when the transaction cannot start or commit for a transient reason;
 * the rolled-back error of the SQL engine's slot when a statement of `work` failed and `work` went on.
 */
export async function runTransaction<T>(client: SqlClient, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (isSlot(client)) return client.savepoint(() => withTransaction(client, work));
  const kind = clientKind(client);
  if (kind === undefined) throw new TypeError('transaction: the client is not a pg.Pool, a pg.Client or PGlite');
  if (kind === 'self-single') return runExclusive(client, () => ownTransaction(client, work));
  if (kind === 'single') return runExclusive(client, () => onConnection(client, client, work));
  // PGlite and a client that runs its transactions itself commit after the work; on a pool, a slot per connection.
  if (kind !== 'pool') return ownTransaction(client, work, kind === 'self-pool');
  let connection: Awaited<ReturnType<PoolLike['connect']>>;
  try {
    connection = await (client as PoolLike).connect();
  } catch (error) {
    throw toRetryableError(error);
  }
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
function ownTransaction<T>(client: SqlClient, work: (tx: Transaction) => Promise<T>, perConnection = false) {
  const open = (slot: Slot, tx: SqlClient) => slot.open(tx, () => withTransaction(slot, work));
  return keepWorkError<SqlClient, T>(
    (inner) => (client as PgliteLike).transaction(inner),
    (tx) => open(slotOf(perConnection ? tx : client, client), tx),
    commitError,
  );
}

/** `BEGIN`, `work`, `COMMIT` or `ROLLBACK` on one connection; `onBroken` hears of a connection left unusable. */
function onConnection<T>(
  connection: SqlClient,
  root: SqlClient,
  work: (tx: Transaction) => Promise<T>,
  onBroken?: (error: unknown) => void,
) {
  const slot = slotOf(connection, root);
  return slot.transaction(connection, () => withTransaction(slot, work), {
    beginError(error) {
      onBroken?.(error);
      return toRetryableError(error);
    },
    commitError,
    rollbackFailed: onBroken,
  });
}

/** `work` with the `Transaction` of the slot, which refuses calls (and so do the repositories it bound) once it settled. */
async function withTransaction<T>(slot: Slot, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const transaction = createSqlTransaction({
    root: slot.root,
    on: slot,
    refusal: 'tx.repository: the repository is not a PostgreSQL repository on the same client',
    onBound: shareNativeTable,
    query: (text, values) =>
      slot.query(text, [...values]).then(
        ({ rows }) => ({ rows }),
        (error: unknown) => Promise.reject(toRetryableError(error)),
      ),
  });
  try {
    return await work(transaction.tx);
  } finally {
    transaction.close();
  }
}
