import type { FieldDef } from 'pagelope';
import type { SqlClient } from './sql-client';
import { isConnectionError } from './connection-error';

/**
 * What the adapter assumes of the collation of the table's text columns:
 * - `'detect'` (default): read each column's collation from `pg_attribute` the first time the repository lists, and
 *   cache it; columns in the "C" (or "POSIX") collation and non-text columns (uuid, numbers, dates) are compared
 *   as they are, every other text column with `COLLATE "C"`.
 * - `'C'`: every text column is declared `COLLATE "C"` (as `createTableSql` declares them): nothing is collated.
 * - `'unknown'`: add `COLLATE "C"` to every string and enum field (always correct; indexes on columns in another
 *   collation cannot serve that order).
 */
export type TextCollation = 'detect' | 'C' | 'unknown';

type Fields = ReadonlyMap<string, FieldDef>;

const isText = (def: FieldDef) => def.kind === 'string' || def.kind === 'enum';

/** The fields whose columns need `COLLATE "C"` when nothing is known of the table: every string and enum field. */
export function collateAllText(fields: Fields): ReadonlySet<string> {
  return new Set([...fields.values()].filter(isText).map((def) => def.name));
}

// `to_regclass` yields NULL rather than an error for a missing table, so the lookup never aborts a transaction the
// client may be in. attcollation is 0 for types without collation (uuid, numbers, dates).
const COLUMN_COLLATIONS =
  'SELECT a.attname AS name, a.attcollation <> 0 AS collatable, ' +
  "coalesce(c.collname IN ('C', 'POSIX'), false) AS code_point " +
  'FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_collation c ON c.oid = a.attcollation ' +
  'WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped';

/**
 * Returns a function that resolves the fields whose columns need `COLLATE "C"`, per `mode`. In `'detect'` mode the
 * first call reads the catalog (concurrent first calls share the read) and the answer is kept; while the table does
 * not exist yet every call falls back to {@link collateAllText} and looks again next time.
 */
export function createCollationLookup(
  client: SqlClient,
  options: { readonly table: string; readonly fields: Fields; readonly mode: TextCollation },
): () => Promise<ReadonlySet<string>> {
  const { table, fields, mode } = options;
  const fallback = collateAllText(fields);
  let known: ReadonlySet<string> | undefined = mode === 'C' ? new Set() : mode === 'unknown' ? fallback : undefined;
  let pending: Promise<ReadonlySet<string>> | undefined;
  return async () => {
    if (known) return known;
    pending ??= detectCollatedFields(client, table, fields).then((found) => {
      pending = undefined;
      known = found;
      return found ?? fallback;
    });
    return pending;
  };
}

/**
 * Reads the collation of the table's columns and returns the text fields that need `COLLATE "C"` for code-point
 * order: those whose column is collatable and not in "C"/"POSIX" (the database default counts as not "C", even when it
 * is, since its order is not guaranteed). Returns `undefined` when the table is not found (not created yet), and
 * {@link collateAllText} when the catalog cannot be read (an engine without `pg_attribute`); a connection failure
 * returns `undefined` too, so the next list reads the catalog again.
 */
async function detectCollatedFields(
  client: SqlClient,
  table: string,
  fields: Fields,
): Promise<ReadonlySet<string> | undefined> {
  let rows: readonly Record<string, unknown>[];
  try {
    ({ rows } = await client.query(COLUMN_COLLATIONS, [table]));
  } catch (error) {
    // A lost connection says nothing about the catalog: look again on the next list.
    if (isConnectionError(error)) return undefined;
    return collateAllText(fields);
  }
  if (rows.length === 0) return undefined;
  const columns = new Map(rows.map((row) => [String(row['name']), row]));
  const collate = new Set<string>();
  for (const def of fields.values()) {
    const column = columns.get(def.name);
    // A field without a column fails in the query anyway: it is collated as if nothing were known.
    const needed = !column || (column['collatable'] === true && column['code_point'] !== true);
    if (isText(def) && needed) collate.add(def.name);
  }
  return collate;
}
