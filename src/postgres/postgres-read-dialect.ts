import type { SqlReadDialect, SqlReadRow } from '../sql/index';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';

/**
 * PostgreSQL's reads: pages past the first by a deferred join, and the planner's row estimate of the scoped,
 * filtered query (`EXPLAIN (FORMAT JSON)`, never a table-wide statistic) for estimated totals.
 */
export const POSTGRES_READ_DIALECT: SqlReadDialect = Object.freeze({
  quoteIdentifier: POSTGRES_SQL_DIALECT.quoteIdentifier,
  count: 'count(*)::float8',
  deferredJoin: true,
  estimate: async (
    filtered: string,
    values: unknown[],
    read: (text: string, values: unknown[]) => Promise<readonly SqlReadRow[]>,
  ) => planRows(await read(`EXPLAIN (FORMAT JSON) SELECT 1 ${filtered}`, values)),
});

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
