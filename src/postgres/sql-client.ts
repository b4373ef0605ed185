/**
 * What the PostgreSQL adapter needs of a client: `query(text, values)` resolving `{ rows }`. A node-postgres `Pool`
 * or `Client` and an `@electric-sql/pglite` instance all fit; the adapter imports neither.
 */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ readonly rows: readonly Record<string, unknown>[] }>;
}
