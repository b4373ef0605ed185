import type { SqlUniqueIndexUse } from '../sql/index';
import type { SqlClient } from './sql-client';

// Key columns are in `indkey`; the columns of expressions and predicates are dependencies of the index on the table.
const UNIQUE_INDEX_COLUMNS =
  'SELECT a.attname::text AS column, CASE WHEN a.attnum = ANY(x.indkey::int2[]) OR x.indexprs IS NOT NULL ' +
  "OR pg_catalog.pg_get_expr(x.indpred, x.indrelid) IS DISTINCT FROM '(' || quote_ident(a.attname) || ' IS NULL)' " +
  "THEN 'key' ELSE 'null-predicate' END AS use " +
  'FROM pg_catalog.pg_index x JOIN pg_catalog.pg_attribute a ON a.attrelid = x.indrelid AND a.attnum > 0 ' +
  'WHERE x.indrelid = to_regclass($1) AND (x.indisunique OR x.indisexclusion) ' +
  'AND (a.attnum = ANY(x.indkey::int2[]) OR EXISTS (SELECT 1 FROM pg_catalog.pg_depend d ' +
  "WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = x.indexrelid " +
  "AND d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid = x.indrelid AND d.refobjsubid = a.attnum))";

/** The columns read, by the table shape (one catalog read) they were read for. */
const known = new WeakMap<object, ReadonlyMap<string, SqlUniqueIndexUse>>();

/**
 * The quoted columns (`"email"`) that a unique index or an exclusion constraint of `table` (quoted) reads, and how
 * (a column read by several is `'key'` if any reads it so): what the SQL engine's `rowOrderMatters` reads to tell
 * whether a batch may pass or fail depending on the order its rows are written in. Read through `reader` once per `shape` (the table's catalog shape, so that a
 * new catalog read reads them again) and kept; `undefined` when the read fails (tried again on the next call).
 */
export async function uniqueIndexColumns(
  reader: SqlClient,
  table: string,
  shape: object,
): Promise<ReadonlyMap<string, SqlUniqueIndexUse> | undefined> {
  const cached = known.get(shape);
  if (cached) return cached;
  try {
    const { rows } = await reader.query(UNIQUE_INDEX_COLUMNS, [table]);
    const columns = new Map<string, SqlUniqueIndexUse>();
    for (const row of rows) {
      const column = `"${String(row['column'])}"`;
      if (columns.get(column) !== 'key') columns.set(column, row['use'] === 'key' ? 'key' : 'null-predicate');
    }
    known.set(shape, columns);
    return columns;
  } catch {
    return undefined;
  }
}
