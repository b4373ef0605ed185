import { likeMatch, type SqlDialect, type SqlReadDialect, type SqlReadRow, type SqlWriteDialect } from '../sql/index';
import { postgresFaultOf } from './database-error';

/** The top plan node's "Plan Rows" of an `EXPLAIN (FORMAT JSON)` result (the plan as JSON, or as its text). */
function planRows(rows: readonly SqlReadRow[]): number | null {
  const [row] = rows;
  let plan: unknown = row === undefined ? undefined : Object.values(row)[0];
  if (typeof plan === 'string') {
    try {
      plan = JSON.parse(plan);
    } catch {
      return null;
    }
  }
  const top = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined) : undefined;
  const estimate = top?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' && Number.isFinite(estimate) ? estimate : null;
}

/**
 * PostgreSQL (pg, PGlite) as a dialect of the SQL engine: double-quoted identifiers, numbered `$n` placeholders,
 * `NULLS FIRST/LAST` on every order term (the order PostgreSQL gives by default, written out), row-comparison
 * keysets, text tests as LIKE patterns (`escapeLike`); faults read from the SQLSTATE (see `postgresFaultOf`). Its
 * reads: pages past the first by a deferred join, and the planner's row estimate of the scoped, filtered query
 * (`EXPLAIN (FORMAT JSON)`, never a table-wide statistic) for estimated totals. Its writes: `RETURNING` on every
 * statement, `DEFAULT` in `VALUES`, at most 65,535 bind parameters a statement (the wire protocol counts them in 16
 * bits), and a create that skips a stored id (`ON CONFLICT (id) DO NOTHING`), so that a duplicate id does not end the
 * caller's transaction.
 */
export const POSTGRES_SQL_DIALECT: SqlDialect & SqlReadDialect & SqlWriteDialect = Object.freeze({
  name: 'PostgreSQL',
  quoteIdentifier: (name: string) => `"${name.replaceAll('"', '""')}"`,
  placeholder: (index: number) => `$${index}`,
  orderTerm: (expression: () => string, direction: 'asc' | 'desc') =>
    direction === 'desc' ? `${expression()} DESC NULLS FIRST` : `${expression()} ASC NULLS LAST`,
  rowKeyset: true,
  textMatch: (
    mode: 'contains' | 'starts' | 'ends',
    expression: () => string,
    needle: string,
    bind: (value: string) => string,
  ) => likeMatch(mode, expression(), needle, bind),
  never: 'FALSE',
  always: 'TRUE',
  faultOf: postgresFaultOf,
  count: 'count(*)::float8',
  deferredJoin: true,
  estimate: async (
    filtered: string,
    values: unknown[],
    read: (text: string, values: unknown[]) => Promise<readonly SqlReadRow[]>,
  ) => planRows(await read(`EXPLAIN (FORMAT JSON) SELECT 1 ${filtered}`, values)),
  returning: Object.freeze({ insert: true, update: true, delete: true }),
  maxParameters: 65_535,
  valuesDefault: true,
  skipStoredId: (idColumn: string) => `ON CONFLICT (${idColumn}) DO NOTHING`,
});
