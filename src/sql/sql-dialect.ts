/**
 * A fault a retry may clear, as a dialect reads it from a driver's error: `'conflict'`, a write aborted for a
 * concurrent one (a deadlock, a serialization failure, a busy database), which the resource service may run again;
 * `'unavailable'`, the database or the connection unavailable for now (a lock wait timeout, a killed or lost
 * connection, too many connections, a cancelled statement).
 */
export type SqlFault = 'conflict' | 'unavailable';

/** The direction of an order term. */
export type SqlDirection = 'asc' | 'desc';

/**
 * What differs between the SQL databases the engine of `src/sql` writes for (PostgreSQL, SQLite, MariaDB): every
 * identifier, placeholder, order term and keyset form the shared compilers write goes through it, so a database is
 * one of these objects, not a copy of the compilers.
 */
export interface SqlDialect {
  /** The dialect's name, for messages (`PostgreSQL`, `SQLite`, `MariaDB`). */
  readonly name: string;
  /** `name` as a quoted identifier (`"name"`, `` `name` `` on MySQL), quotes inside doubled. */
  quoteIdentifier(name: string): string;
  /** The placeholder of the bind parameter numbered `index` (from 1): `$1` on PostgreSQL, `?` elsewhere. */
  placeholder(index: number): string;
  /**
   * The `ORDER BY` terms of `expression` in `direction` with NULLs `first` or `last` (`x ASC NULLS LAST` where the
   * dialect has `NULLS FIRST/LAST`, else `x IS NULL, x ASC` / `x IS NULL DESC, x DESC`), joined by `, `; with
   * `'none'` (a column that never holds NULL) a dialect may write the plain `x ASC`, which an index on the column
   * serves. `expression()` writes the expression anew (binding its own parameters) at each call: call it once per use.
   */
  orderTerm(expression: () => string, direction: SqlDirection, nulls: 'first' | 'last' | 'none'): string;
  /**
   * Whether a keyset whose terms share one direction over columns without NULLs is one row comparison,
   * `(a, b) > ($1, $2)` (PostgreSQL: an index on `(a, b)` serves it), rather than the expanded OR chain.
   */
  readonly rowKeyset: boolean;
  /**
   * Whether the text `expression` contains, starts or ends with `needle`, literally (no pattern characters) and
   * case-sensitively, by code point; NULL on a NULL expression. `bind` binds a value (the needle, or a LIKE pattern
   * made of it, see `likeMatch`) and returns its placeholder: a positional dialect binds at each use.
   * `expression()` writes the expression anew (binding its own parameters, a relation path's subquery) at each call.
   */
  textMatch(
    mode: 'contains' | 'starts' | 'ends',
    expression: () => string,
    needle: string,
    bind: (value: string) => string,
  ): string;
  /** A condition no row meets (`FALSE`, `1 = 0`). */
  readonly never: string;
  /** A condition every row meets (`TRUE`, `1 = 1`). */
  readonly always: string;
  /**
   * The fault a retry may clear that the driver's `error` reports, or `undefined` for any other error; `earlier`, the
   * failure before it in the same transaction, for a refusal of the transaction that failure aborted (see `readFault`).
   */
  faultOf(error: unknown, earlier?: unknown): SqlFault | undefined;
}
