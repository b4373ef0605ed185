import { HttpError, type QueryResultRows, type Repository, type Transaction } from 'pagelope/kit';
import { clientKind, type PgliteLike, type PoolLike } from './client-kind';
import { exclusive, queued } from './client-gate';
import { isRetryableError, toRetryableError } from './database-error';
import { shareNativeTable } from './native-tables';
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
          const aborted = abortedError(error, created.failure);
          if (aborted === error) created.failure = error;
          throw aborted;
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
 * The error to throw for a statement of a transaction: for "current transaction is aborted" (25P02) after a fault
 * that is not the client's (a timeout, a deadlock, a lost connection) that a caller caught and went on from, the 503
 * of that fault (the 25P02 as its cause); else `error` itself.
 */
function abortedError(error: unknown, previous: unknown): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code !== '25P02' || !isRetryableError(previous)) return error;
  return new HttpError(503, 'Service Unavailable', { cause: error, headers: { 'retry-after': 1 } });
}

/** What a repository registers so that a transaction can bind it: its client and how to rebind it. */
interface Binding {
  readonly root: SqlClient;
  bind(connection: SqlClient): Repository<unknown>;
}

const bindings = new WeakMap<object, Binding>();
const bound = new WeakMap<Binding, WeakMap<SqlClient, Repository<unknown>>>();

/**
 * Registers `repository` (made on `client`) with the function that makes the same repository on another connection,
 * so that {@link Transaction.repository} can bind it; returns `repository`.
 */
export function registerRepository<TRecord>(
  repository: Repository<TRecord>,
  client: SqlClient,
  bind: (connection: SqlClient) => Repository<TRecord>,
): Repository<TRecord> {
  const slot = slotSet.has(client) ? (client as Slot) : undefined;
  if (!slot) bindings.set(repository, { root: client, bind: bind as Binding['bind'] });
  return repository;
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
  return {
    async query(text, values) {
      const name = `pagelope_catalog_${String(++slot.savepoints)}`;
      try {
        await slot.query(`SAVEPOINT ${name}`);
        try {
          const result = await slot.query(text, values);
          await slot.query(`RELEASE SAVEPOINT ${name}`);
          return result;
        } catch (error) {
          await slot.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
          throw error;
        }
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
  let failed: { readonly error: unknown } | undefined;
  let used: Slot | undefined;
  try {
    return await (client as PgliteLike).transaction((tx) => {
      used = slotOf(slotPerConnection ? tx : client, client);
      return onSlot(used, tx, work).catch((error: unknown) => {
        failed = { error };
        throw error;
      });
    });
  } catch (error) {
    if (failed?.error === error) throw error;
    // Rolled back instead of committed after a timeout or a deadlock the work caught: a 503 to retry.
    if (isRetryableError(used?.failure)) throw toRetryableError(used?.failure);
    throw commitError(error);
  }
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
async function onConnection<T>(
  connection: SqlClient,
  root: SqlClient,
  work: (tx: Transaction) => Promise<T>,
  onBroken: (error: unknown) => void = () => undefined,
): Promise<T> {
  try {
    await connection.query('BEGIN');
  } catch (error) {
    onBroken(error);
    throw toRetryableError(error);
  }
  let result: T;
  try {
    result = await onSlot(slotOf(connection, root), connection, work);
  } catch (error) {
    await connection.query('ROLLBACK').catch((rollbackError: unknown) => onBroken(rollbackError));
    throw error;
  }
  let committed: { readonly command?: unknown };
  try {
    committed = (await connection.query('COMMIT')) as { readonly command?: unknown };
  } catch (error) {
    throw commitError(error);
  }
  // COMMIT of a transaction in which a statement failed answers ROLLBACK (node-postgres) instead of an error.
  if (committed.command === 'ROLLBACK') {
    // After a timeout or a deadlock the work caught, a 503 to retry; after any other failure, the work's fault.
    const { failure } = slotOf(connection, root);
    if (isRetryableError(failure)) throw toRetryableError(failure);
    throw new Error('the transaction was rolled back: a statement in it failed and the work went on');
  }
  return result;
}

/** `work` in a savepoint of the slot's open transaction: a throw rolls back to it, and is rethrown. */
async function inSavepoint<T>(slot: Slot, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const name = `pagelope_${String(++slot.savepoints)}`;
  await slot.query(`SAVEPOINT ${name}`);
  const transaction = createTransaction(slot);
  try {
    const result = await work(transaction.tx);
    await slot.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await slot.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
    throw error;
  } finally {
    transaction.close();
    slot.savepoints -= 1;
  }
}

const METHODS = [
  'create',
  'get',
  'update',
  'replace',
  'delete',
  'list',
  'listByCursor',
  'listByValues',
  'countByValues',
  'createMany',
  'updateMany',
  'deleteMany',
  'transaction',
] as const;

/** The `Transaction` handed to `work`, and `close()`, after which it and the repositories it bound refuse calls. */
function createTransaction(slot: Slot): { readonly tx: Transaction; close(): void } {
  let open = true;
  const ended = () => new TypeError('the transaction has ended: use tx.repository(...) only inside its work');
  const guarded = new Map<Binding, Repository<unknown>>();
  const tx: Transaction = Object.freeze({
    repository<TOther>(other: Repository<TOther>): Repository<TOther> {
      if (!open) throw ended();
      const binding = bindings.get(other);
      if (!binding || binding.root !== slot.root) {
        throw new TypeError('tx.repository: the repository is not a PostgreSQL repository on the same client');
      }
      let guard = guarded.get(binding);
      if (!guard) {
        let byConnection = bound.get(binding);
        if (!byConnection) bound.set(binding, (byConnection = new WeakMap()));
        let inner = byConnection.get(slot);
        if (!inner) byConnection.set(slot, (inner = binding.bind(slot)));
        const target = inner as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
        const methods: Record<string, unknown> = {};
        for (const method of METHODS) {
          if (typeof target[method] !== 'function') continue;
          methods[method] = (...args: unknown[]) => (open ? target[method]?.(...args) : Promise.reject(ended()));
        }
        guard = Object.freeze({ ...methods, databaseDefaults: inner.databaseDefaults }) as Repository<unknown>;
        guarded.set(binding, guard);
        bindings.set(guard, binding);
        shareNativeTable(guard, inner);
      }
      return guard as Repository<TOther>;
    },
    async query(text: string, values: readonly unknown[] = []): Promise<QueryResultRows> {
      if (!open) throw ended();
      try {
        const { rows } = await slot.query(text, [...values]);
        return { rows };
      } catch (error) {
        throw toRetryableError(error);
      }
    },
  });
  return {
    tx,
    close: () => {
      open = false;
    },
  };
}
