import { checkedPageMeta, type PageMeta, type PageMetaInput } from './page-meta';

/** The paginated list response: the records of one page and its {@link PageMeta}. */
export interface PageResult<TRecord> extends PageMeta {
  /** The records of the current page; empty when nothing matches or the page is past the end. */
  readonly items: readonly TRecord[];
}

/**
 * Builds a frozen {@link PageResult} from one page of records and the counts of the filtered set.
 *
 * @throws RangeError as {@link pageMeta} does.
 * @example
 * toPageResult([{ id: 'a' }], { total: 1, page: 1, limit: 10 });
 */
export function toPageResult<TRecord>(items: readonly TRecord[], meta: PageMetaInput): PageResult<TRecord> {
  return ownPageResult([...items], meta);
}

/**
 * {@link toPageResult} for a caller that built `items` for the result (the repositories): freezes and keeps that
 * array instead of copying it. Exported by `pagelope/kit` for storage adapters; `toPageResult` in the root.
 */
export function ownPageResult<TRecord>(items: TRecord[], meta: PageMetaInput): PageResult<TRecord> {
  const { total, page, limit, totalPages, hasNextPage, hasPreviousPage } = checkedPageMeta(meta);
  // Written out rather than spread: one object literal of one shape, `items` first, as every page result has it.
  return Object.freeze({ items: Object.freeze(items), total, page, limit, totalPages, hasNextPage, hasPreviousPage });
}
