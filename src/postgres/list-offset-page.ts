import type { NormalizedQuery } from '../query/normalized-query';
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
 * Reads page `query.page` of `query.limit` rows and the total. The page is read first; a page shorter than the limit
 * ends the set, so its total is `offset + rows` and no COUNT runs; a full page, or an empty page past the end, runs
 * `SELECT count(*)` next. Past the first page the skipped rows are found by id alone (a deferred join): when an index
 * covers the filter and order columns, as `(field, id)` does for an unfiltered list, the OFFSET walks the index only
 * (an index-only scan) and only the page's rows are read from the table. The page and the count are two statements:
 * rows written between them can make the total differ by as many rows, as they can between any two requests.
 */
export async function listOffsetPage(
  query: NormalizedQuery,
  options: OffsetPageOptions,
): Promise<{ readonly rows: readonly Row[]; readonly total: number }> {
  const { run, table, select, idColumn, context } = options;
  const { limit } = query;
  const offset = (query.page - 1) * limit;
  const params = new SqlParams();
  const where = compileWhere(query.groups, { ...context, params });
  const order = compileOrderBy(query.order, context);
  const page = `ORDER BY ${order} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
  const rows = await run(
    offset === 0
      ? `SELECT ${select} FROM ${table} WHERE ${where} ${page}`
      : `SELECT ${select} FROM ${table} WHERE ${idColumn} IN ` +
          `(SELECT ${idColumn} FROM ${table} WHERE ${where} ${page}) ORDER BY ${order}`,
    params.values,
  );
  if (rows.length > 0 && rows.length < limit) return { rows, total: offset + rows.length };
  if (rows.length === 0 && offset === 0) return { rows, total: 0 };
  const countParams = new SqlParams();
  const countWhere = compileWhere(query.groups, { ...context, params: countParams });
  const [row] = await run(`SELECT count(*)::float8 AS n FROM ${table} WHERE ${countWhere}`, countParams.values);
  return { rows, total: Number(row?.n ?? 0) };
}
