import type { Repository } from 'pagelope/kit';

/**
 * The repository `createPostgresRepository` returns: a `Repository<TRecord>` with {@link PostgresRepository.ready},
 * which checks the resource against its table at start-up.
 *
 * @example
 * const books = createPostgresRepository(bookResource, { client: pool, table: 'books' });
 * await books.ready(); // Error: pagelope/postgres: the table "books" has no column for the field "version" ...
 */
export interface PostgresRepository<TRecord> extends Repository<TRecord> {
  /**
   * Reads the table's columns from the catalog now (even when `columnTypes` states every type) and checks that each
   * field of the resource has its column, so that a schema mismatch (a missing `version` column, a renamed column)
   * fails at start-up rather than as a 500 on the first request that names the field. The types read are kept for
   * the statements that follow. On an engine without the PostgreSQL catalog it resolves without checking.
   *
   * @throws Error naming the table when it does not exist, or each field without a column, its column and the table;
   * HttpError 503 (with `retry-after`) when the catalog cannot be read now (a timeout, a lost connection).
   */
  ready(): Promise<void>;
}
