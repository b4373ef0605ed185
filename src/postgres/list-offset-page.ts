import { readPageWithTotal, type NormalizedQuery, type OrderTerm, type PageMetaInput } from 'pagelope/kit';
import { compileOrder } from '../sql/index';
import { compileFilter } from './compile-search';
import { orderSourceOf, type SqlContext } from './sql-context';
import { SqlParams } from './sql-params';

type Row = Readonly<Record<string, unknown>>;

/** What {@link listOffsetPage} needs of the repository. */
export interface OffsetPageOptions {
  readonly run: (text: string, values: unknown[]) => Promise<readonly Row[]>;
  /** Quoted table, select list (the columns of the query's `select`, or every column) and id column. */
  readonly table: string;
  readonly select: string;
  readonly idColumn: string;
  /**
   * The FROM clause of the page's statements, with the parameters it binds (default the table): the table joined to
   * the related tables an order by a relation path reads. The count reads the table alone.
   */
  readonly from?: ((params: SqlParams) => string) | undefined;
  /** Field definitions and the fields to collate; each statement gets fresh parameters. */
  readonly context: Omit<SqlContext, 'params'>;
}

/**
 * Offset from which a later page counts first: past it, reading the skipped rows costs more than a COUNT, and knowing
 * the total lets the page be read from the nearer end of the set.
 */
export const COUNT_FIRST_OFFSET = 10_000;

/**
 * Reads page `query.page` of `query.limit` rows of the query's filter and search, and the total.
 * - Up to {@link COUNT_FIRST_OFFSET} rows in, the page is read first: a page shorter than the limit ends the set, so
 *   its total is `offset + rows` and no COUNT runs; a full page, or an empty page past the end, runs the COUNT next.
 * - Deeper, the COUNT runs first and the page is read from whichever end of the ordered set is nearer: a page at 90%
 *   skips the last 10% in the reversed order (every direction flipped, which flips where NULLs go too) instead of the
 *   first 90%, and its rows come back in the query's order.
 * Past the first page the skipped rows are found by id alone (a deferred join): when an index covers the filter and
 * order columns, as `(field, id)` does for an unfiltered list, the OFFSET walks the index only and only the page's
 * rows are read from the table. The page and the count are two statements: rows written between them can make the
 * total differ by as many rows, as they can between any two requests.
 */
export async function listOffsetPage(
  query: NormalizedQuery,
  options: OffsetPageOptions,
): Promise<{ readonly rows: readonly Row[]; readonly total: number; readonly meta?: PageMetaInput }> {
  const { run, table, select, idColumn, context } = options;
  const from = options.from ?? (() => table);
  const { limit } = query;
  const offset = (query.page - 1) * limit;
  const count = async (): Promise<number> => {
    const params = new SqlParams();
    const where = compileFilter(query, { ...context, params });
    const [row] = await run(`SELECT count(*)::float8 AS n FROM ${table} WHERE ${where}`, params.values);
    return Number(row?.n ?? 0);
  };
  const read = (scanOrder: readonly OrderTerm[], take: number, skip: number) => {
    const params = new SqlParams();
    const source = from(params);
    const where = compileFilter(query, { ...context, params });
    const order = compileOrder(query.order, orderSourceOf({ ...context, params }));
    const scan = `ORDER BY ${compileOrder(scanOrder, orderSourceOf({ ...context, params }))} LIMIT ${params.add(take)} OFFSET ${params.add(skip)}`;
    return run(
      skip === 0 && scanOrder === query.order
        ? `SELECT ${select} FROM ${source} WHERE ${where} ${scan}`
        : `SELECT ${select} FROM ${source} WHERE ${idColumn} IN ` +
            `(SELECT ${idColumn} FROM ${source} WHERE ${where} ${scan}) ORDER BY ${order}`,
      params.values,
    );
  };

  if (query.total !== undefined && query.total !== 'exact') {
    const filtered = (params: SqlParams): string =>
      `FROM ${table} WHERE ${compileFilter(query, { ...context, params })}`;
    const { rows, meta } = await readPageWithTotal(query, {
      readPage: (take, skip) => read(query.order, take, skip),
      count,
      // The scoped, filtered set counted up to `bound` rows: it stops there, however large the set.
      countUpTo: async (bound) => {
        const params = new SqlParams();
        const source = filtered(params);
        const [row] = await run(
          `SELECT count(*)::float8 AS n FROM (SELECT 1 ${source} LIMIT ${params.add(bound)}) s`,
          params.values,
        );
        return Number(row?.n ?? 0);
      },
      // The planner's row estimate of that same scoped, filtered query (never a table-wide statistic).
      estimate: async () => {
        const params = new SqlParams();
        const source = filtered(params);
        return planRows(await run(`EXPLAIN (FORMAT JSON) SELECT 1 ${source}`, params.values));
      },
    });
    return { rows, total: meta.total ?? 0, meta };
  }
  if (offset < COUNT_FIRST_OFFSET) {
    const rows = await read(query.order, limit, offset);
    if (rows.length > 0 && rows.length < limit) return { rows, total: offset + rows.length };
    return { rows, total: rows.length === 0 && offset === 0 ? 0 : await count() };
  }
  const total = await count();
  const after = total - offset; // rows from the page's first to the end of the set
  if (after <= 0) return { rows: [], total };
  if (offset <= after - limit) return { rows: await read(query.order, limit, offset), total };
  return { rows: await read(reverse(query.order), Math.min(limit, after), Math.max(0, after - limit)), total };
}

/** The top plan node's "Plan Rows" of an `EXPLAIN (FORMAT JSON)` result (the plan as JSON, or as its text). */
function planRows(rows: readonly Row[]): number | null {
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

function reverse(order: readonly OrderTerm[]): OrderTerm[] {
  return order.map(({ field, direction }) => ({ field, direction: direction === 'asc' ? 'desc' : 'asc' }));
}
