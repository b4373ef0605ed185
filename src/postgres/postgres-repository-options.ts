import type { ColumnNamingOptions } from './column-map';
import type { SqlClient } from './sql-client';
import type { TextCollation } from './text-collation';

/** Options of `createPostgresRepository`. */
export interface PostgresRepositoryOptions extends ColumnNamingOptions {
  /** A node-postgres `Pool`/`Client`, a PGlite instance, or anything with `query(text, values) => { rows }`. */
  readonly client: SqlClient;
  /**
   * Where reads go, a client of the same kinds as `client` (typically a `pg.Pool` on a streaming replica): `list`,
   * `listByCursor` and their counts, `listByValues`, `countByValues` (what relations read) and `get`. Writes,
   * transactions and everything inside them, and the catalog reads, use `client`. A `get` that finds no row on the
   * read client asks `client` before answering 404, so a record just created is always found; a list may lag behind
   * the primary by the replica's replay delay. A failure of the read client is answered as one of `client` would be
   * (a refused connection a 503 with `retry-after`). Default: `client` reads too.
   */
  readonly readClient?: SqlClient | undefined;
  /**
   * The table (`name` or `schema.name`), with one column per schema field, named by `columns` and `columnNaming`
   * (default: as the field); default the resource name.
   */
  readonly table?: string;
  /** Makes the id of a record created without one (default: uuid v7). */
  readonly generateId?: () => string;
  /**
   * The collation of the table's text columns, which decides where `COLLATE "C"` is needed for code-point order
   * (orderings, ranges and keyset predicates; never equality): `'detect'` (default) reads it from the catalog once;
   * `'C'` says every text column is `COLLATE "C"` (as `createTableSql` makes them); `'unknown'` collates every text
   * field.
   */
  readonly textCollation?: TextCollation;
  /**
   * The SQL type of each field's column (`{ id: 'uuid', count: 'integer', publishedOn: 'date' }`), stated instead of
   * read from the catalog. Values are checked against it and bound as it (list operators as an array of it). A field
   * not named here has its type read once from the catalog (or, before the table exists, the type `createTableSql`
   * gives its kind).
   */
  readonly columnTypes?: Readonly<Record<string, string>>;
  /**
   * Fields the database fills when a created record has no value for them (column defaults such as
   * `gen_random_uuid()` or `now()`): the INSERT leaves their columns out and reads the stored values back, a replace
   * without them sets them to their defaults, and they may be absent on create (`Repository.databaseDefaults` tells
   * the service so). With the id field listed, `generateId` is not called.
   *
   * @example ['id', 'createdAt']
   */
  readonly databaseDefaults?: readonly string[];
}
