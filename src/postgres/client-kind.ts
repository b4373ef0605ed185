import type { SelfTransactingClient, SqlClient } from './sql-client';

/**
 * How a client runs a transaction: `'pool'` (a node-postgres `Pool`: one connection checked out per transaction),
 * `'pglite'` (PGlite: its own `transaction()`, which holds back every other query of the instance meanwhile),
 * `'single'` (one node-postgres connection, a `Client` or a client checked out of a pool: `BEGIN` on it, the
 * repositories' other statements queued until the transaction ends), or a {@link SelfTransactingClient} by what it
 * is underneath: `'self-pool'`, `'self-single'` (its transactions queued as a single connection's) or
 * `'self-serial'` (as PGlite).
 */
export type ClientKind = 'pool' | 'pglite' | 'single' | 'self-pool' | 'self-single' | 'self-serial';

/** A node-postgres `Pool`, as far as transactions need it. */
export interface PoolLike extends SqlClient {
  connect(): Promise<PooledConnection>;
}

/**
 * A connection checked out of a node-postgres `Pool`: released with an error to destroy it, and an emitter of
 * `'error'` when the server ends it while it is checked out (node-postgres throws that error where nothing listens).
 */
interface PooledConnection extends SqlClient {
  release(destroy?: boolean | Error): void;
  on?(event: 'error', listener: (error: unknown) => void): unknown;
  off?(event: 'error', listener: (error: unknown) => void): unknown;
}

/** PGlite, as far as transactions need it. */
export interface PgliteLike extends SqlClient {
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
}

const SELF_KINDS: Readonly<Record<SelfTransactingClient['connection'], ClientKind>> = {
  pool: 'self-pool',
  single: 'self-single',
  serial: 'self-serial',
};

/**
 * Recognises the kind of `client` by its shape (the adapter imports no driver), or `undefined` for a client of which
 * it cannot tell whether it is one connection (a wrapper around a pool would spread a transaction over several).
 */
export function clientKind(client: SqlClient): ClientKind | undefined {
  const shape = client as unknown as Record<string, unknown>;
  const connection = shape['connection'];
  if (
    typeof shape['transaction'] === 'function' &&
    typeof connection === 'string' &&
    Object.hasOwn(SELF_KINDS, connection)
  ) {
    return SELF_KINDS[connection as SelfTransactingClient['connection']];
  }
  if (typeof shape['connect'] === 'function' && typeof shape['totalCount'] === 'number') return 'pool';
  if (typeof shape['transaction'] === 'function' && typeof shape['exec'] === 'function') return 'pglite';
  if (typeof shape['connect'] === 'function' && typeof shape['connectionParameters'] === 'object') return 'single';
  return undefined;
}
