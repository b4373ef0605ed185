import type { SqlClient } from './sql-client';

/**
 * The read client of `createPostgresRepository` options: `undefined` when none was given, or when it is the
 * repository's own client (reading it twice would only double a `get` that finds nothing).
 *
 * @throws TypeError when `readClient` is given and has no `query` method.
 */
export function checkReadClient(client: SqlClient, readClient: unknown): SqlClient | undefined {
  if (readClient === undefined || readClient === client) return undefined;
  if (
    readClient === null ||
    typeof readClient !== 'object' ||
    typeof (readClient as { query?: unknown }).query !== 'function'
  ) {
    throw new TypeError(
      'createPostgresRepository: readClient must be a pg.Pool, a pg.Client, PGlite or any client with query(text, values)',
    );
  }
  return readClient as SqlClient;
}
