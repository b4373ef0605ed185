import { createKeptRead, type SqlTableFacts } from '../sql/index';
import type { SqlClient } from './sql-client';

/** What a write error needs to know of its table to name the fields it concerns: the SQL engine's facts of a table. */
export type TableFacts = SqlTableFacts;

// `to_regclass` yields NULL rather than an error for a table it cannot find, so these reads fail only with the
// connection. Unique indexes made by CREATE UNIQUE INDEX are not constraints: a 23505 names the index instead.
const CONSTRAINT_COLUMNS =
  "SELECT 'own' AS side, NULL::text AS owner, c.conname::text AS name, a.attname::text AS column, k.n AS n " +
  'FROM pg_catalog.pg_constraint c CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, n) ' +
  'JOIN pg_catalog.pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ' +
  'WHERE c.conrelid = to_regclass($1) ' +
  "UNION ALL SELECT 'own', NULL, i.relname::text, a.attname::text, k.n " +
  'FROM pg_catalog.pg_index x JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid ' +
  'CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n) ' +
  'JOIN pg_catalog.pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ' +
  'WHERE x.indrelid = to_regclass($1) AND x.indisunique ' +
  'AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k2 WHERE k2.conindid = x.indexrelid) ' +
  "UNION ALL SELECT 'referenced', r.relname::text, c.conname::text, a.attname::text, k.n " +
  'FROM pg_catalog.pg_constraint c JOIN pg_catalog.pg_class r ON r.oid = c.conrelid ' +
  'CROSS JOIN LATERAL unnest(c.confkey) WITH ORDINALITY AS k(attnum, n) ' +
  'JOIN pg_catalog.pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ' +
  "WHERE c.confrelid = to_regclass($1) AND c.contype = 'f' ORDER BY 1, 2, 3, 5";

// atttypmod holds n + 4 for varchar(n)/char(n), and ((p << 16) | s) + 4 for numeric(p, s); -1 when unbounded.
const COLUMN_LIMITS =
  'SELECT a.attname::text AS column, ' +
  'CASE WHEN a.atttypid IN (1042, 1043) AND a.atttypmod > 4 THEN a.atttypmod - 4 END AS max_length, ' +
  'CASE WHEN a.atttypid = 1700 AND a.atttypmod > 4 ' +
  'THEN (((a.atttypmod - 4) >> 16) & 65535) - ((a.atttypmod - 4) & 65535) END AS integer_digits ' +
  'FROM pg_catalog.pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped';

/** Resolves the table's {@link TableFacts}, read through `reader` when given (see {@link createTableFactsLookup}). */
export type TableFactsLookup = (reader?: SqlClient) => Promise<TableFacts | undefined>;

/**
 * Returns the SQL engine's kept read (`createKeptRead`) of the table's {@link TableFacts}: read the first time it is
 * called and kept; concurrent first calls on `client` share the read, a call with a `reader` reads there on its own.
 * A failed read (a lost connection, a table not created yet, a connection inside an aborted transaction) resolves
 * `undefined` and is tried again on the next call.
 */
export function createTableFactsLookup(client: SqlClient, table: string): TableFactsLookup {
  return createKeptRead(client, (reader: SqlClient) => readTableFacts(reader, table).catch(() => undefined));
}

async function readTableFacts(client: SqlClient, table: string): Promise<TableFacts | undefined> {
  const limitRows = (await client.query(COLUMN_LIMITS, [table])).rows;
  const constraintRows = (await client.query(CONSTRAINT_COLUMNS, [table])).rows;
  if (limitRows.length === 0) return undefined; // no such table (yet)
  const constraints = new Map<string, string[]>();
  const referencedBy = new Map<string, string[]>();
  for (const row of constraintRows) {
    const own = row['side'] === 'own';
    const key = own ? String(row['name']) : `${String(row['owner'])}.${String(row['name'])}`;
    const map = own ? constraints : referencedBy;
    const list = map.get(key) ?? [];
    list.push(String(row['column']));
    map.set(key, list);
  }
  const maxLength = new Map<string, number>();
  const numericBound = new Map<string, number>();
  for (const row of limitRows) {
    const column = String(row['column']);
    if (row['max_length'] != null) maxLength.set(column, Number(row['max_length']));
    if (row['integer_digits'] != null) numericBound.set(column, 10 ** Number(row['integer_digits']));
  }
  return { constraints, referencedBy, maxLength, numericBound };
}
