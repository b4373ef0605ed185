import type { RecordId } from 'pagelope/kit';
import type { SqlColumnKind } from '../../sql/index';
import type { SqlDialect } from './sql-dialect';
import type { SqlRunner } from './sql-runner';

/** One field's column: its SQL name and how its values go to and come from the driver. */
export interface SqlColumn {
  /** The SQL column name (unquoted). */
  readonly name: string;
  /** A record's value (never `undefined`) as the driver binds it for this column. */
  toDriver(value: unknown): unknown;
  /** The driver's value of this column (never `null`) as the record holds it. */
  fromDriver(value: unknown): unknown;
  /**
   * The column, or an expression reading it (a relation path's subquery), as it compares and orders by code point
   * where its collation may not: its ranges, `ORDER BY` terms and keyset conditions read it so (SQLite's text
   * `x COLLATE BINARY`; MariaDB's text in `utf8mb4_nopad_bin`, as the column's collation needs). Absent: as it is.
   */
  readonly ordered?: ((expression: string) => string) | undefined;
  /**
   * Whether the column never holds NULL: its field's schema is neither nullable nor optional, so its `ORDER BY` terms
   * and keyset conditions need no NULL terms, which would keep an index from serving the order. Absent: read from the
   * field's schema by `createSqlRepository`.
   */
  readonly notNull?: boolean | undefined;
  /**
   * Whether a text operator (`cont`, `starts`, `ends`, the case-insensitive ones) on the column can match `needle` in
   * SQL: false for a column whose stored value is not the field's text (a uuid's 16 bytes), which the repository then
   * answers over the records it reads. Absent: always.
   */
  readonly matchesText?: ((needle: string) => boolean) | undefined;
  /**
   * The column's kind as the dialect knows it (its Drizzle type's, or the catalog's), which the values of a listing's
   * filter and cursor are checked against before any SQL runs (see the SQL engine's `checkQueryValues`): a value the
   * column cannot hold is a 400, as on PostgreSQL. Absent, or `undefined`: unknown, checked as text.
   */
  readonly kind?: (() => SqlColumnKind | undefined) | undefined;
  /** The value a created record without one gets before it is written (a default computed in JavaScript), if any. */
  readonly defaultValue?: (() => unknown) | undefined;
}

/** Options of `createSqlRepository`. */
export interface SqlRepositoryOptions {
  /** The SQL dialect the statements are written in. */
  readonly dialect: SqlDialect;
  /** What runs them: one runner per database, shared by its repositories (so that they join its transactions). */
  readonly runner: SqlRunner;
  /**
   * What runs the reads, on a replica of the database: `list`, `listByCursor`, their counts, `listByValues`,
   * `countByValues` and `get` (a `get` it finds nothing for is asked of `runner` before its 404). Writes, transactions
   * and every call inside them run on `runner`. Default: `runner`.
   */
  readonly readRunner?: SqlRunner | undefined;
  /** The table's SQL name (unquoted). */
  readonly table: string;
  /** The column of each field of the resource. */
  readonly columns: ReadonlyMap<string, SqlColumn>;
  /** The fields the database fills when a created record has none (defaults, autoincrement ids). */
  readonly databaseDefaults?: readonly string[] | undefined;
  /** Makes the id of a created record without one whose id the database does not fill (default: a UUIDv7). */
  readonly generateId?: (() => RecordId) | undefined;
  /**
   * Awaited before every call of the repository writes its first statement (see `withPrepare`): what the dialect's
   * statements depend on, read once and cached by the function itself (MariaDB reads the server's version and the
   * collations of the table's columns). A rejection is the call's rejection. Absent: nothing to wait for.
   */
  readonly prepare?: (() => Promise<void>) | undefined;
}
