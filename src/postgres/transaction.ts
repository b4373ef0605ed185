import { HttpError, type Repository, type Transaction } from 'pagelope/kit';
import {
  createSqlTransaction,
  keepWorkError,
  registerTransactionBinding,
  runInSavepoint,
  runInTransaction,
  toFaultError,
  type SqlTransactionStatements,
} from '../sql/index';
import { clientKind, type PgliteLike, type PoolLike } from './client-kind';
import { exclusive, queued } from './client-gate';
import { isRetryableError, toRetryableError } from './database-error';
import { shareNativeTable } from './native-tables';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import type { SqlClient } from './sql-client';

/**
 * A stable stand-in for the connection of the transactions of one real connection (a pooled connection, a single
 * client, a PGlite instance): the repositories bound to it are made once and kept, and it forwards each statement
 * to the open transaction, or refuses it when none is open.
 */
interface Slot extends SqlClient {
  readonly root: SqlClient;
  /** Where statements go while a transaction is open on the slot. */
  target: SqlClient | undefined;
  /** Savepoints made so far (their names must differ while nested). */
  savepoints: number;
  /** The error of the last statement that failed in the open transaction (reset by a rollback to a savepoint). */
  failure: unknown;
}

/** PostgreSQL's statements of a transaction. */
const POSTGRES_TRANSACTION: SqlTransactionStatements = {
  begin: 'BEGIN',
  commit: 'COMMIT',
  rollback: 'ROLLBACK',
  savepoint: (name) => `SAVEPOINT ${name}`,
  release: (name) => `RELEASE SAVEPOINT ${name}`,
  rollbackTo: (name) => [`ROLLBACK TO SAVEPOINT ${name}`],
};

const slots = new WeakMap<object, Slot>();
const slotSet = new WeakSet<object>();

function slotOf(connection: object, root: SqlClient): Slot {
  let slot = slots.get(connection);
  if (!slot) {
    const created: Slot = {
      root,
      target: undefined,
      savepoints: 0,
      failure: undefined,
      async query(text, values) {
        if (!created.target) throw new TypeError('the transaction has ended');
        try {
          const result = await created.target.query(text, values);
          if (text.startsWith('ROLLBACK TO SAVEPOINT ')) created.failure = undefined;
          return result;
        } catch (error) {
          // "Current transaction is aborted" (25P02) after a fault that is not the client's (a timeout, a deadlock, a
          // lost connection) that a caller caught and went on from: the 503 of that fault, the 25P02 as its cause.
          const answer = isRetryableError(error) ? error : toFaultError(error, POSTGRES_SQL_DIALECT, created.failure);
          if (answer === error) created.failure = error;
          throw answer;
        }
      },
    };
    slot = created;
    slots.set(connection, slot);
    slotSet.add(slot);
  }
  return slot;
}

/**
 * Registers `repository` (made on `client`) with the function that makes the same repository on another connection,
 * so that {@link Transaction.repository} can bind it; returns `repository`.
 */
export function registerRepository<TRecord>(
  repository: Repository<TRecord>,
  client: SqlClient,
  bind: (connection: SqlClient) => Repository<TRecord>,
): Repository<TRecord> {
  // A repository made on a slot is reached through its guard only (see `createSqlTransaction`).
  return slotSet.has(client) ? repository : registerTransactionBinding(repository, client, bind);
}

/** The database client behind `client`: the pool or client a transaction's connection was taken from, or itself. */
export function rootClientOf(client: SqlClient): SqlClient {
  return slotSet.has(client) ? (client as Slot).root : client;
}

/**
 * The client a repository on `client` reads its table's facts with, after a failed write: `undefined` (its own
 * lookup's client) outside a transaction; inside one, the pool it came from, or the transaction's connection under a
 * savepoint (which fails, harmlessly, while the transaction is aborted).
 */
export function factsReaderOf(client: SqlClient): SqlClient | undefined {
  if (!slotSet.has(client)) return undefined;
  const { root } = client as Slot;
  const kind = clientKind(root);
  return kind === 'pool' || kind === 'self-pool' ? root : catalogReaderOf(client);
}

/**
 * Where a repository on `client` reads the catalog: `undefined` outside a transaction (on `client` itself); inside
 * one, on the transaction's connection under a savepoint of its own (not on the pool: a pool of one connection would
 * wait for ever, and a single connection queues the read behind this very transaction), so that a failed read
 * (a statement timeout, a cancel) rolls back to the savepoint and cannot abort the transaction.
 */
export function catalogReaderOf(client: SqlClient): SqlClient | undefined {
  if (!slotSet.has(client)) return undefined;
  const slot = client as Slot;
  const run = (text: string) => slot.query(text);
  return {
    async query(text, values) {
      try {
        const name = `pagelope_catalog_${String(++slot.savepoints)}`;
        return await runInSavepoint(run, POSTGRES_TRANSACTION, name, () => slot.query(text, values));
      } finally {
        slot.savepoints -= 1;
      }
    },
  };
}

/** Whether a repository on `client` can run transactions: see {@link clientKind}. */
export function canRunTransactions(client: SqlClient): boolean {
  return slotSet.has(client) || clientKind(client) !== undefined;
}

/** Statements of a repository on `client`: queued behind open transactions when it is a single connection. */
export function runStatement(client: SqlClient, text: string, values: unknown[]) {
  return queued(client, () => client.query(text, values));
}

/** SQLSTATEs of the constraints checked at COMMIT when deferred: unique, foreign key, exclusion. */
const DEFERRABLE_STATES = new Set(['23505', '23503', '23P01']);

/**
 * The error to report for a failed COMMIT: a 503 for a transient failure (a serialization failure), a 409 for a
 * deferred constraint (which names no repository, so no field), else the error itself.
 */
function commitError(error: unknown): unknown {
  const retryable = toRetryableError(error);
  if (retryable !== error) return retryable;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !DEFERRABLE_STATES.has(code)) return error;
  return new HttpError(409, 'the changes conflict with stored records', { cause: error });
}

/**
 * Runs `work` in a transaction of the repository's `client` and resolves what it resolves: `BEGIN`, then `COMMIT`
 * when `work` resolves, `ROLLBACK` (and the error rethrown) when it throws. On a slot (a repository already bound to a
 * transaction) the work runs in a savepoint of that transaction instead.
 *
 * @throws the error of `work`; a 503 `HttpError` when the transaction cannot start or commit for a transient reason;
 * an `Error` when COMMIT rolled back because a statement of `work` failed and `work` went on.
 */
export async function runTransaction<T>(client: SqlClient, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (slotSet.has(client)) return inSavepoint(client as Slot, work);
  const kind = clientKind(client);
  if (kind === 'pglite' || kind === 'self-serial') return ownTransaction(client, work);
  // Transactions of a pool run side by side, each on its connection: a slot each (the client hands a stable object
  // per connection, so that the repositories bound to it are made once).
  if (kind === 'self-pool') return ownTransaction(client, work, true);
  if (kind === 'self-single') return exclusive(client, () => ownTransaction(client, work));
  if (kind === 'single') return exclusive(client, () => onConnection(client, client, work));
  if (kind === undefined) throw new TypeError('transaction: the client is not a pg.Pool, a pg.Client or PGlite');
  let connection: Awaited<ReturnType<PoolLike['connect']>>;
  try {
    connection = await (client as PoolLike).connect();
  } catch (error) {
    throw toRetryableError(error);
  }
  let broken: unknown;
  // The server may end the connection between two statements of the work (a terminated backend, a restart): the
  // connection then emits 'error', which node-postgres throws as an uncaught exception where nothing listens. It is
  // kept as the reason to destroy the connection; the work's next statement fails and answers 503.
  const ended = (error: unknown): void => void (broken ??= error);
  connection.on?.('error', ended);
  try {
    return await onConnection(connection, client, work, (error) => (broken = error));
  } finally {
    connection.off?.('error', ended);
    connection.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
  }
}

/**
 * `work` in a transaction the client runs itself (PGlite, a `SelfTransactingClient`), which commits after the work
 * resolves: an error that is not the work's own comes from COMMIT. The slot is the client's, or with
 * `slotPerConnection` the transaction client's.
 */
async function ownTransaction<T>(
  client: SqlClient,
  work: (tx: Transaction) => Promise<T>,
  slotPerConnection = false,
): Promise<T> {
  let used: Slot | undefined;
  return keepWorkError<SqlClient, T>(
    (inner) => (client as PgliteLike).transaction(inner),
    (tx) => onSlot((used = slotOf(slotPerConnection ? tx : client, client)), tx, work),
    // Rolled back instead of committed after a timeout or a deadlock the work caught: a 503 to retry.
    (error) => (isRetryableError(used?.failure) ? toRetryableError(used?.failure) : commitError(error)),
  );
}

/** Runs `work` with the slot of `connection` open on `target` (the transaction's connection), closing it after. */
async function onSlot<T>(slot: Slot, target: SqlClient, work: (tx: Transaction) => Promise<T>): Promise<T> {
  slot.target = target;
  slot.failure = undefined;
  const transaction = createTransaction(slot);
  try {
    return await work(transaction.tx);
  } finally {
    transaction.close();
    slot.target = undefined;
  }
}

/** `BEGIN`, `work`, `COMMIT` or `ROLLBACK` on one connection; `onBroken` hears of a connection left unusable. */
function onConnection<T>(
  connection: SqlClient,
  root: SqlClient,
  work: (tx: Transaction) => Promise<T>,
  onBroken: (error: unknown) => void = () => undefined,
): Promise<T> {
  const slot = slotOf(connection, root);
  return runInTransaction(
    (text) => connection.query(text),
    POSTGRES_TRANSACTION,
    () => onSlot(slot, connection, work),
    {
      beginError: (error) => {
        onBroken(error);
        return toRetryableError(error);
      },
      commitError,
      rollbackFailed: onBroken,
      committed(answer) {
        // COMMIT of a transaction in which a statement failed answers ROLLBACK (node-postgres) instead of an error:
        // after a timeout or a deadlock the work caught, a 503 to retry; after any other failure, the work's fault.
        if ((answer as { readonly command?: unknown }).command !== 'ROLLBACK') return;
        if (isRetryableError(slot.failure)) throw toRetryableError(slot.failure);
        throw new Error('the transaction was rolled back: a statement in it failed and the work went on');
      },
    },
  );
}

/** `work` in a savepoint of the slot's open transaction: a throw rolls back to it, and is rethrown. */
async function inSavepoint<T>(slot: Slot, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const transaction = createTransaction(slot);
  try {
    const name = `pagelope_${String(++slot.savepoints)}`;
    return await runInSavepoint(
      (text) => slot.query(text),
      POSTGRES_TRANSACTION,
      name,
      () => work(transaction.tx),
    );
  } finally {
    transaction.close();
    slot.savepoints -= 1;
  }
}

/** The `Transaction` handed to `work` on the slot, and `close()`, after which it and the repositories it bound refuse calls. */
function createTransaction(slot: Slot): { readonly tx: Transaction; close(): void } {
  return createSqlTransaction({
    root: slot.root,
    on: slot,
    refusal: 'tx.repository: the repository is not a PostgreSQL repository on the same client',
    onBound: shareNativeTable,
    async query(text, values) {
      try {
        const { rows } = await slot.query(text, [...values]);
        return { rows };
      } catch (error) {
        throw toRetryableError(error);
      }
    },
  });
}
