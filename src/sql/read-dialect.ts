import type { SqlDialect } from './sql-dialect';

/** One row as a driver reads it: column values by column name. */
export type SqlReadRow = Readonly<Record<string, unknown>>;

/** Runs one read statement with its bind parameters and resolves its rows. */
export type SqlRead = (text: string, values: unknown[]) => Promise<readonly SqlReadRow[]>;

/**
 * What the page readers of `src/sql` ask of a dialect beyond {@link SqlDialect}'s identifiers: how a page past the
 * first finds its rows, and whether the database estimates a filtered set's size.
 */
export interface SqlReadDialect extends Pick<SqlDialect, 'quoteIdentifier'> {
  /** The expression of a row count as a number the driver reads as one (default `count(*)`). */
  readonly count?: string | undefined;
  /**
   * Whether a page past the first reads its ids alone first, `id IN (SELECT id ... LIMIT n OFFSET m)` (a deferred
   * join: an index on the filter and order columns serves the OFFSET walk), rather than every column of the skipped
   * rows. MariaDB has no `LIMIT` in an `IN` subquery.
   */
  readonly deferredJoin?: boolean | undefined;
  /**
   * The planner's row estimate of `SELECT 1 <filtered>` (`filtered` is `FROM <table> WHERE <filter>`, with `values`),
   * or `null` when it gives none; absent: the database has none the repository reads.
   */
  estimate?(filtered: string, values: unknown[], read: SqlRead): Promise<number | null>;
}
