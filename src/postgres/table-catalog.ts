import { HttpError, type FieldDef } from 'pagelope/kit';
import { createShapeLookup, type SqlCatalogRead, type SqlShapeLookup } from '../sql/index';
import { POSTGRES_TYPED_DIALECT } from './postgres-typed-dialect';
import type { SqlClient } from './sql-client';
import { toSqlType, type SqlType } from './sql-types';
import { needsCollate, type CatalogColumn, type TextCollation } from './text-collation';

/** Options of {@link createCatalogLookup}. */
export interface CatalogLookupOptions {
  /** The quoted table. */
  readonly table: string;
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** Column name by field. */
  readonly columns: ReadonlyMap<string, string>;
  readonly mode: TextCollation;
  /** SQL types stated by the caller, by field: these are not read. */
  readonly columnTypes?: Readonly<Record<string, string>> | undefined;
}

// One read of the table's columns: the base type of each (a domain's base type; format_type without a type modifier,
// so `varchar(20)` is 'character varying'), and its collation. `to_regclass` yields NULL for a missing table, so the
// read never aborts a transaction the client may be in; attcollation is 0 for types without collation.
const COLUMNS_SQL =
  'SELECT a.attname AS name, ' +
  "format_type(CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE a.atttypid END, NULL) AS type, " +
  "a.attcollation <> 0 AS collatable, coalesce(c.collname IN ('C', 'POSIX'), false) AS code_point " +
  'FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid = a.atttypid ' +
  'LEFT JOIN pg_catalog.pg_collation c ON c.oid = a.attcollation ' +
  'WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped';

/** Resolves the table's shape (the SQL engine's `SqlTableShape`), reading the catalog through `reader` when given. */
export type CatalogLookup = SqlShapeLookup<SqlClient>;

/**
 * Returns the SQL engine's shape lookup (`createShapeLookup`) of the table, over PostgreSQL's catalog. The catalog is
 * read until a read succeeds, then kept (concurrent first calls share the read), unless every type is stated and the
 * collation is not `'detect'`. While the table does not exist yet, the shape of `createTableSql`'s table is used and the next call reads again.
 * A read that fails for a reason that may pass (a timeout, a cancel, a lock or serialization failure, a lost
 * connection, an aborted transaction, any error without a catalog SQLSTATE) is never kept: the call throws a 503 with
 * `retry-after` and the next one reads again, so no type is ever guessed. Only an engine without the catalog (SQLSTATE
 * class 42 or 0A: no `pg_attribute`, no `format_type`) keeps the shape of `createTableSql`'s table for good.
 *
 * `reader` reads the catalog elsewhere than `client` (a repository bound to a transaction on a single connection,
 * whose statements `client` would queue behind that very transaction): its reads do not join a pending read of
 * `client`'s.
 *
 * @throws TypeError (at creation) for a `columnTypes` key that is not a field or a type the adapter does not know;
 * HttpError 503 (from the lookup) when the catalog read fails for a reason that may pass; Error (from the lookup)
 * when a field has no column in the table (see the SQL engine's `checkTableColumns`).
 */
export function createCatalogLookup(client: SqlClient, options: CatalogLookupOptions): CatalogLookup {
  const { table, fields, columns, mode } = options;
  const stated = new Map<string, SqlType>();
  for (const [field, type] of Object.entries(options.columnTypes ?? {})) {
    if (!fields.has(field)) throw new TypeError(`columnTypes: "${field}" is not a field`);
    stated.set(field, toSqlType(type));
  }
  return createShapeLookup(client, {
    ...{ dialect: POSTGRES_TYPED_DIALECT, adapter: 'pagelope/postgres', table, fields, columns, stated },
    known: mode !== 'detect' && stated.size === fields.size,
    read: (reader) => readColumns(reader, table),
    collates: (def, type, column) => needsCollate(def, type, mode, column),
  });
}

/** SQLSTATE classes of a catalog the engine does not have: 42 (undefined table, function or column), 0A. */
const NO_CATALOG = /^(42|0A)[0-9A-Z]{3}$/;

/**
 * The table's columns by name, `undefined` while the table does not exist, or `'unreadable'` on an engine without
 * the catalog.
 *
 * @throws HttpError 503 with `retry-after` for any other failure of the read.
 */
async function readColumns(client: SqlClient, table: string): Promise<SqlCatalogRead<CatalogColumn>> {
  let rows: readonly Record<string, unknown>[];
  try {
    ({ rows } = await client.query(COLUMNS_SQL, [table]));
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && NO_CATALOG.test(code)) return 'unreadable';
    // A timeout, a cancel, a lost connection says nothing about the catalog: look again next time.
    throw new HttpError(503, 'Service Unavailable', { cause: error, headers: { 'retry-after': 1 } });
  }
  if (rows.length === 0) return undefined;
  return new Map(
    rows.map((row) => [
      String(row['name']),
      { type: String(row['type']), collatable: row['collatable'] === true, codePoint: row['code_point'] === true },
    ]),
  );
}
