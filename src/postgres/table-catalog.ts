import type { FieldDef } from 'pagelope/kit';
import type { SqlClient } from './sql-client';
import { isConnectionError } from './connection-error';
import { defaultSqlType, toSqlType, type SqlType } from './sql-types';
import { needsCollate, type CatalogColumn, type TextCollation } from './text-collation';

/** What the adapter knows of the table's columns, by field: SQL types and the fields to collate. */
export interface TableShape {
  readonly types: ReadonlyMap<string, SqlType>;
  /** Fields whose columns need `COLLATE "C"` to compare in code-point order (see `TextCollation`). */
  readonly collate: ReadonlySet<string>;
}

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

/**
 * Returns a function that resolves the table's {@link TableShape}. The catalog is read once (concurrent first calls
 * share the read) unless every type is stated and the collation is not `'detect'`; while the table does not exist
 * yet, or the connection fails, the shape of `createTableSql`'s table is used and the next call reads again. When
 * the catalog cannot be read at all (an engine without `pg_attribute`), that shape is kept.
 *
 * @throws TypeError (at creation) for a `columnTypes` key that is not a field or a type the adapter does not know.
 */
export function createCatalogLookup(client: SqlClient, options: CatalogLookupOptions): () => Promise<TableShape> {
  const { table, fields, columns, mode } = options;
  const stated = new Map<string, SqlType>();
  for (const [field, type] of Object.entries(options.columnTypes ?? {})) {
    if (!fields.has(field)) throw new TypeError(`columnTypes: "${field}" is not a field`);
    stated.set(field, toSqlType(type));
  }
  const shapeOf = (read: ReadonlyMap<string, CatalogColumn> | undefined): TableShape => {
    const types = new Map<string, SqlType>();
    const collate = new Set<string>();
    for (const def of fields.values()) {
      const column = read?.get(columns.get(def.name) ?? def.name);
      const type = stated.get(def.name) ?? column?.type ?? defaultSqlType(def);
      types.set(def.name, type);
      if (needsCollate(def, type, mode, column)) collate.add(def.name);
    }
    return Object.freeze({ types, collate });
  };
  const fallback = shapeOf(undefined);
  let known = mode !== 'detect' && stated.size === fields.size ? fallback : undefined;
  let pending: Promise<TableShape> | undefined;
  return async () => {
    if (known) return known;
    pending ??= readColumns(client, table).then((read) => {
      pending = undefined;
      if (read === 'unreadable') known = fallback;
      else if (read) known = shapeOf(read);
      return known ?? fallback;
    });
    return pending;
  };
}

async function readColumns(
  client: SqlClient,
  table: string,
): Promise<ReadonlyMap<string, CatalogColumn> | 'unreadable' | undefined> {
  let rows: readonly Record<string, unknown>[];
  try {
    ({ rows } = await client.query(COLUMNS_SQL, [table]));
  } catch (error) {
    // A lost connection says nothing about the catalog: look again next time.
    return isConnectionError(error) ? undefined : 'unreadable';
  }
  if (rows.length === 0) return undefined;
  return new Map(
    rows.map((row) => [
      String(row['name']),
      { type: String(row['type']), collatable: row['collatable'] === true, codePoint: row['code_point'] === true },
    ]),
  );
}
