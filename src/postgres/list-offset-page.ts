import type { NormalizedQuery } from '../query/normalized-query';
import type { OrderTerm } from '../query/types';
import { compileOrderBy } from './compile-order';
import { compileWhere } from './compile-where';
import type { SqlContext } from './sql-context';
import { SqlParams } from './sql-params';

type Row = Readonly<Record<string, unknown>>;

/** What {@link listOffsetPage} needs of the repository. */
export interface OffsetPageOptions {
  readonly run: (text: string, values: unknown[]) => Promise<readonly Row[]>;
  /** Quoted table, select list and id column. */
  readonly table: string;
  readonly select: string;
  readonly idColumn: string;
  /** Field definitions and the fields to collate; each statement gets fresh parameters. */
  readonly context: Omit<SqlContext, 'params'>;
}

/**
 * Reads page `query.page` of `query.limit` rows and the total. The first page is read first and counted only when
 * full. A later page needs the count anyway (unless short), so it counts first and then reads the page from whichever
 * end of the ordered set is nearer: a page at 90% skips the last 10% in the reversed order (every term's direction
 * flipped, which also flips where NULLs go) instead of the first 90%, and the rows come back in the query's order.
 * Past the first page the skipped rows are found by id alone (a deferred join): when an index covers the filter and
 * order columns, as `(field, id)` does for an unfiltered list, that is an index-only scan, and only the page's rows
 * are read from the table. The count and the page are two statements, as before: rows written between them can move
 * the page by as many rows, as they can between any two offset requests.
 */
export async function listOffsetPage(
  query: NormalizedQuery,
  options: OffsetPageOptions,
): Promise<{ readonly rows: readonly Row[]; readonly total: number }> {
  const { run, table, select, idColumn, context } = options;
  const { limit } = query;
  const offset = (query.page - 1) * limit;
  const count = async () => {
    const params = new SqlParams();
    const where = compileWhere(query.groups, { ...context, params });
    const [row] = await run(`SELECT count(*)::float8 AS n FROM ${table} WHERE ${where}`, params.values);
    return Number(row?.n ?? 0);
  };
  const read = (scanOrder: readonly OrderTerm[], take: number, skip: number) => {
    const params = new SqlParams();
    const where = compileWhere(query.groups, { ...context, params });
    const order = compileOrderBy(query.order, context);
    const scan = `ORDER BY ${compileOrderBy(scanOrder, context)} LIMIT ${params.add(take)} OFFSET ${params.add(skip)}`;
    return run(
      skip === 0 && scanOrder === query.order
        ? `SELECT ${select} FROM ${table} WHERE ${where} ${scan}`
        : `SELECT ${select} FROM ${table} WHERE ${idColumn} IN ` +
            `(SELECT ${idColumn} FROM ${table} WHERE ${where} ${scan}) ORDER BY ${order}`,
      params.values,
    );
  };

  if (offset === 0) {
    const rows = await read(query.order, limit, 0);
    return { rows, total: rows.length === limit ? await count() : rows.length };
  }
  const total = await count();
  const after = total - offset; // rows from the page's first to the end of the set
  if (after <= 0) return { rows: [], total };
  if (offset <= after - limit) return { rows: await read(query.order, limit, offset), total };
  return { rows: await read(reverse(query.order), Math.min(limit, after), Math.max(0, after - limit)), total };
}

function reverse(order: readonly OrderTerm[]): OrderTerm[] {
  return order.map(({ field, direction }) => ({ field, direction: direction === 'asc' ? 'desc' : 'asc' }));
}
