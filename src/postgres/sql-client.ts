/**
 * What the PostgreSQL adapter needs of a client: `query(text, values)` resolving `{ rows }`. A node-postgres `Pool`
 * or `Client` and an `@electric-sql/pglite` instance all fit; the adapter imports neither.
 */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ readonly rows: readonly Record<string, unknown>[] }>;
}

/**
 * A client that runs its transactions itself, as an ORM's database object does (`pagelope/drizzle` makes one of a
 * Drizzle database): `transaction(work)` opens a transaction on one connection, hands `work` a client whose
 * statements run in it, commits when `work` resolves and rolls back (rethrowing) when it throws. `connection` says
 * what the client is underneath, which decides what the repositories' other statements do meanwhile.
 */
export interface SelfTransactingClient extends SqlClient {
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
  /**
   * `'pool'`: a transaction takes a connection of its own, and other statements run beside it; `'single'`: one
   * connection, so the repositories hold their other statements back until the transaction ends; `'serial'`: one
   * connection that holds other statements back itself (PGlite).
   */
  readonly connection: 'pool' | 'single' | 'serial';
}
