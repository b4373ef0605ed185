import { readPageWithTotal, type NormalizedQuery, type OrderTerm, type PageWithTotal } from 'pagelope/kit';
import type { SqlRead, SqlReadDialect, SqlReadRow } from './read-dialect';

/**
 * One read statement being written: its bind parameters, and the clauses of the listing it reads. Each method writes
 * (and binds) anew at each call, so the readers call them in the order their text appears (positional placeholders).
 */
interface SqlReadStatement {
  readonly values: unknown[];
  /** Binds a value as it is and returns its placeholder. */
  add(value: unknown): string;
  /** The FROM clause of the page: the table, or the table joined to what the order reads. */
  from(): string;
  /** The filter of the listing (scope, conditions, search), which the caller knows SQL can say. */
  where(): string;
  /** The `ORDER BY` list of `order` (see `compileOrder`). */
  order(order: readonly OrderTerm[]): string;
  /** The condition "after the row whose sort key is `values`" (see `compileKeyset`). */
  keyset(order: readonly OrderTerm[], values: readonly unknown[]): string;
}

/** What the page readers read of a listing: the dialect, statements with fresh parameters, and how they run. */
export interface SqlPageSource {
  readonly dialect: SqlReadDialect;
  statement(): SqlReadStatement;
  /** The select list of the page's rows. */
  readonly select: string;
  /** The quoted table alone, which the counts read. */
  readonly table: string;
  /** The id column as the page's FROM clause reads it. */
  readonly id: string;
  readonly read: SqlRead;
}

/**
 * Offset from which a later page counts first (exact totals): past it, reading the skipped rows costs more than a
 * COUNT, and knowing the total lets the page be read from the nearer end of the set.
 */
export const COUNT_FIRST_OFFSET = 10_000;

/**
 * Page `query.page` of `query.limit` rows of the listing and its total in the query's total mode (the kit's
 * `readPageWithTotal`; the dialect's `estimate` above the threshold in `'estimated'` mode).
 * - Exact totals up to {@link COUNT_FIRST_OFFSET} rows in: the page first; a page shorter than the limit ends the set,
 *   so its total is `offset + rows` and no COUNT runs; a full page, or an empty page past the start, runs the COUNT.
 * - Deeper, the COUNT runs first and the page is read from whichever end of the ordered set is nearer: a page at 90%
 *   skips the last 10% in the reversed order (every direction flipped, which flips where NULLs go too) instead of the
 *   first 90%, and its rows come back in the query's order.
 * Past the first page, on a dialect with `deferredJoin`, the skipped rows are found by id alone. The page and the count
 * are two statements: rows written between them can make the total differ by as many rows, as between two requests.
 */
export async function readOffsetPage(
  query: NormalizedQuery,
  source: SqlPageSource,
): Promise<PageWithTotal<SqlReadRow>> {
  const { dialect, read, table } = source;
  const n = `${dialect.count ?? 'count(*)'} AS n`;
  const filtered = (statement: SqlReadStatement) => `FROM ${table} WHERE ${statement.where()}`;
  const countOf = async (text: (statement: SqlReadStatement) => string) => {
    const statement = source.statement();
    const [row] = await read(text(statement), statement.values);
    return Number(row?.['n'] ?? 0);
  };
  const count = () => countOf((statement) => `SELECT ${n} ${filtered(statement)}`);
  const { estimate } = dialect;
  const reader = {
    readPage: (take: number, skip: number) => readRows(query, source, query.order, take, skip),
    count,
    // The filtered set counted up to `bound` rows: it stops there, however large the set.
    countUpTo: (bound: number) =>
      countOf((statement) => `SELECT ${n} FROM (SELECT 1 ${filtered(statement)} LIMIT ${statement.add(bound)}) s`),
    estimate:
      estimate &&
      (() => {
        const statement = source.statement();
        return estimate(filtered(statement), statement.values, read);
      }),
  };
  const { limit, page } = query;
  const offset = (page - 1) * limit;
  if ((query.total ?? 'exact') !== 'exact' || offset < COUNT_FIRST_OFFSET) return readPageWithTotal(query, reader);
  const total = await count();
  const meta = { total, page, limit };
  const after = total - offset; // rows from the page's first to the end of the set
  if (after <= 0) return { rows: [], meta };
  if (offset <= after - limit) return { rows: await readRows(query, source, query.order, limit, offset), meta };
  const reversed = query.order.map(({ field, direction }) => ({
    field,
    direction: direction === 'asc' ? ('desc' as const) : ('asc' as const),
  }));
  const rows = await readRows(query, source, reversed, Math.min(limit, after), Math.max(0, after - limit));
  return { rows, meta };
}

/** Up to `take` rows of the listing in `scan` order after skipping `skip`, in the query's order. */
async function readRows(
  query: NormalizedQuery,
  source: SqlPageSource,
  scan: readonly OrderTerm[],
  take: number,
  skip: number,
): Promise<readonly SqlReadRow[]> {
  const { select, id, read } = source;
  const statement = source.statement();
  const from = statement.from();
  const reversed = scan !== query.order;
  if (source.dialect.deferredJoin !== true || (skip === 0 && !reversed)) {
    const text =
      `SELECT ${select} FROM ${from} WHERE ${statement.where()} ORDER BY ${statement.order(scan)} ` +
      `LIMIT ${statement.add(take)} OFFSET ${statement.add(skip)}`;
    const rows = await read(text, statement.values);
    return reversed ? [...rows].reverse() : rows;
  }
  const ids =
    `SELECT ${id} FROM ${from} WHERE ${statement.where()} ORDER BY ${statement.order(scan)} ` +
    `LIMIT ${statement.add(take)} OFFSET ${statement.add(skip)}`;
  const text = `SELECT ${select} FROM ${from} WHERE ${id} IN (${ids}) ORDER BY ${statement.order(query.order)}`;
  return read(text, statement.values);
}
