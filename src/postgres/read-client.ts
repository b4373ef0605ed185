import type { SqlRecordRun as RunRows } from '../sql/index';
import type { SqlClient } from './sql-client';

/** Where the statements of a repository's reads go (see {@link createReadRouting}). */
export interface ReadRouting {
  /** The statements of `list`, `listByCursor`, their counts, `listByValues` and `countByValues`. */
  readonly list: RunRows;
  /**
   * The statement of `get`: on the read client, and on the primary when the read client found no row (a record
   * created a moment ago may not have reached a replica yet; a 404 is only ever the primary's answer).
   */
  readonly get: RunRows;
}

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

/**
 * The runners of a repository's reads: with no read client, the primary's `run` for both; with one, `readRun` (the
 * same statement on the read client, its errors mapped as the primary's are: a refused connection is a 503) for
 * lists, and for `get` the read client first, then the primary when it found no row.
 */
export function createReadRouting(run: RunRows, readRun: RunRows | undefined): ReadRouting {
  if (!readRun) return { list: run, get: run };
  return {
    list: readRun,
    get: async (text, values) => {
      const rows = await readRun(text, values);
      return rows.length > 0 ? rows : run(text, values);
    },
  };
}
