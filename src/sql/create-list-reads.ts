import {
  compileAfterCursor,
  exactTotalMeta,
  nextCursorOf,
  normalizeCursorInput,
  normalizeListInput,
  ownPageResult,
  type CursorInput,
  type CursorPage,
  type ListInput,
  type NormalizedQuery,
  type PageWithTotal,
  type RepositoryPage,
  type Resource,
  type ScopeOptions,
} from 'pagelope/kit';
import type { SqlReadRow } from './read-dialect';
import { readCursorPage } from './read-cursor-page';
import { readOffsetPage, type SqlPageSource } from './read-offset-page';

type Row = Readonly<Record<string, unknown>>;

/** How a dialect reads one listing: the query it reads, how, and what it makes of the rows it read. */
export interface SqlListing {
  /** The query to read: the one given, or that query with relation terms resolved through their bindings. */
  readonly query: NormalizedQuery;
  /**
   * The page source of the listing's offset pages (`cursor` false) or of its cursor pages (whose rows hold the
   * order's sort key too), or `undefined` when SQL cannot say the query exactly: {@link matching} reads it then.
   */
  source(cursor: boolean): SqlPageSource | undefined;
  /**
   * Every row the query selects, in its order, evaluated in the process (the kit's reference predicate and
   * comparator); needed only where {@link source} can be `undefined`.
   */
  matching?(): Promise<readonly SqlReadRow[]>;
  /** The item of a row read (only the selected fields with a selection). */
  toItem(row: SqlReadRow): unknown;
  /** The sort key of a row read, by field (the order's relation paths included), which a next cursor holds. */
  keysOf(row: SqlReadRow): Row | Promise<Row>;
}

/**
 * The listing of the normalized `query` in the call's `options` (checking its values, reading ahead what it
 * needs), or `undefined` when the call's scope matches no record.
 */
export type SqlListingOf<TRecord> = (
  query: NormalizedQuery,
  options: ScopeOptions<TRecord> | undefined,
) => Promise<SqlListing | undefined>;

/** `list` and `listByCursor` of a SQL repository. */
export interface SqlListReads<TRecord> {
  list(input?: ListInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<RepositoryPage<TRecord>>;
  listByCursor(input?: CursorInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<CursorPage<TRecord>>;
}

/** Every row of `listing` the query selects, from {@link SqlListing.matching}. */
function matchingOf(listing: SqlListing): Promise<readonly SqlReadRow[]> {
  if (!listing.matching) throw new Error('a listing SQL cannot say has no evaluation in the process');
  return listing.matching();
}

/** Page `query.page` of the rows `query` selects (all of them, in its order) and their exact total. */
function pageOf(query: NormalizedQuery, rows: readonly SqlReadRow[]): PageWithTotal<SqlReadRow> {
  const offset = (query.page - 1) * query.limit;
  return { rows: rows.slice(offset, offset + query.limit), meta: exactTotalMeta(query, rows.length) };
}

/** The `limit + 1` rows after the query's cursor of the rows `query` selects (all of them, in its order). */
function afterOf(query: NormalizedQuery, rows: readonly SqlReadRow[]): readonly SqlReadRow[] {
  const after = compileAfterCursor(query);
  let start = 0;
  while (start < rows.length && !after(rows[start] as SqlReadRow)) start++;
  return rows.slice(start, start + query.limit + 1);
}

/**
 * `list` and `listByCursor` of a SQL repository on `resource`, answering as the memory repository does: the input
 * normalized, the listing `listingOf` prepares read by the SQL engine's page readers (`readOffsetPage`,
 * `readCursorPage`), or, where SQL cannot say the query exactly, paged from the rows evaluated in the process. A
 * cursor page reads one row more than its limit to know whether a page follows; the next cursor holds the sort key
 * of its last item.
 */
export function createListReads<TRecord>(resource: Resource, listingOf: SqlListingOf<TRecord>): SqlListReads<TRecord> {
  const normalizeOptions = (options: ScopeOptions<TRecord> | undefined) => ({
    scope: options?.scope,
    relations: options?.relations,
  });
  return {
    async list(input, options) {
      const given = normalizeListInput(input, resource, normalizeOptions(options));
      const listing = await listingOf(given, options);
      if (!listing) return ownPageResult([], exactTotalMeta(given, 0));
      const { query } = listing;
      const source = listing.source(false);
      const { rows, meta } = source ? await readOffsetPage(query, source) : pageOf(query, await matchingOf(listing));
      return ownPageResult(
        rows.map((row) => listing.toItem(row) as TRecord),
        meta,
      );
    },
    async listByCursor(input, options) {
      const given = normalizeCursorInput(input, resource, normalizeOptions(options));
      const listing = await listingOf(given, options);
      if (!listing) return Object.freeze({ items: Object.freeze([]), nextCursor: null });
      const { query } = listing;
      const source = listing.source(true);
      const rows = source ? await readCursorPage(query, source) : afterOf(query, await matchingOf(listing));
      const items = rows.slice(0, query.limit).map((row) => listing.toItem(row) as TRecord);
      const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
      const nextCursor = last ? nextCursorOf(query, await listing.keysOf(last)) : null;
      return Object.freeze({ items: Object.freeze(items), nextCursor });
    },
  };
}
