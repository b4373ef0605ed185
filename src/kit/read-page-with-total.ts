import type { NormalizedQuery } from '../query/index';
import { TOTAL_THRESHOLD, type PageMetaInput } from '../pagination/index';

/** What {@link readPageWithTotal} asks of a store, each for the query's filter, search and scope. */
export interface PageTotalReader<TRow> {
  /** Up to `take` rows of the query's order, after skipping `skip`. */
  readPage(take: number, skip: number): Promise<readonly TRow[]>;
  /** The exact count of the filtered set (`'exact'` mode only). */
  count(): Promise<number>;
  /**
   * The count of the filtered set, stopping at `limit` rows (`SELECT count(*) FROM (SELECT 1 ... LIMIT n) s`), for
   * `'estimated'` mode; absent: `count()` bounded.
   */
  countUpTo?(limit: number): Promise<number>;
  /**
   * The store's estimate of the filtered set's size (a planner's row estimate of the same filtered, scoped query,
   * never a table-wide statistic), for `'estimated'` mode above the threshold; absent or `null`: no estimate, the
   * total is reported as the threshold + 1 (with `'approx'`).
   */
  estimate?(): Promise<number | null>;
}

/** The rows of a page and the input of `ownPageResult` for them. */
export interface PageWithTotal<TRow> {
  readonly rows: readonly TRow[];
  readonly meta: PageMetaInput;
}

/**
 * Reads one page of `query` and its total in the query's total mode (`query.total`), the way every SQL repository
 * of this package does:
 * - `'exact'`: the page, then the count (none when a short page ends the set: its total is known).
 * - `'none'`: `limit + 1` rows and no count; the extra row says whether a next page exists.
 * - `'estimated'`: `limit + 1` rows; when the page ends the set, its total is exact without counting; else the
 *   filtered set is counted up to `totalThreshold + 1`: at most the threshold is exact (`'eq'`), more is the store's
 *   estimate (`'approx'`), at least the threshold + 1 and at least the rows known to exist up to this page.
 *
 * @example
 * const { rows, meta } = await readPageWithTotal(query, { readPage, count, countUpTo, estimate });
 * return ownPageResult(rows.map(toRecord), meta);
 */
export async function readPageWithTotal<TRow>(
  query: NormalizedQuery,
  reader: PageTotalReader<TRow>,
): Promise<PageWithTotal<TRow>> {
  const { page, limit } = query;
  const offset = (page - 1) * limit;
  const mode = query.total ?? 'exact';
  if (mode === 'exact') {
    const rows = await reader.readPage(limit, offset);
    const short = rows.length > 0 && rows.length < limit;
    const total = short ? offset + rows.length : rows.length === 0 && offset === 0 ? 0 : await reader.count();
    return { rows, meta: { total, page, limit } };
  }
  const read = await reader.readPage(limit + 1, offset);
  const hasNextPage = read.length > limit;
  const rows = hasNextPage ? read.slice(0, limit) : read;
  if (mode === 'none') return { rows, meta: { total: null, page, limit, totalMode: mode, hasNextPage } };
  const threshold = query.totalThreshold ?? TOTAL_THRESHOLD.default;
  // The rows known to exist up to this page's end (none known from an empty page past the end).
  const known = rows.length === 0 ? 0 : offset + rows.length + (hasNextPage ? 1 : 0);
  const exact = (total: number): PageWithTotal<TRow> => ({
    rows,
    meta: { total, page, limit, totalMode: mode, totalRelation: 'eq' },
  });
  if (!hasNextPage && (rows.length > 0 || offset === 0)) return exact(known);
  if (known <= threshold) {
    const bound = threshold + 1;
    const counted = reader.countUpTo ? await reader.countUpTo(bound) : Math.min(await reader.count(), bound);
    if (counted <= threshold) return exact(counted);
  }
  const estimate = reader.estimate ? await reader.estimate() : null;
  const reported = Math.max(
    threshold + 1,
    known,
    estimate !== null && Number.isFinite(estimate) ? Math.round(estimate) : 0,
  );
  return {
    rows,
    meta: { total: reported, page, limit, totalMode: mode, totalRelation: 'approx', hasNextPage },
  };
}

/**
 * The page metadata input of a store that counts exactly in every mode (the memory repository): `'none'` mode
 * reports no total (and whether a next page exists), `'estimated'` mode the exact total with `'eq'`.
 */
export function exactTotalMeta(query: NormalizedQuery, total: number): PageMetaInput {
  const { page, limit } = query;
  const mode = query.total ?? 'exact';
  if (mode === 'exact') return { total, page, limit };
  if (mode === 'none') return { total: null, page, limit, totalMode: mode, hasNextPage: page * limit < total };
  return { total, page, limit, totalMode: mode, totalRelation: 'eq' };
}
