import { checkedPageMeta, type PageMeta, type PageMetaInput } from './page-meta';
import type { TotalMode } from './total-mode';

/**
 * The paginated list response: the records of one page and its {@link PageMeta}. `TTotal` is the listing's total
 * mode, as for `PageMeta` (default `'exact'`: numeric `total` and `totalPages`).
 */
export interface PageResult<TRecord, TTotal extends TotalMode = 'exact'> extends PageMeta<TTotal> {
  /** The records of the current page; empty when nothing matches or the page is past the end. */
  readonly items: readonly TRecord[];
}

/**
 * Builds a frozen {@link PageResult} from one page of records and the counts of the filtered set.
 *
 * @throws RangeError as {@link pageMeta} does.
 * @example
 * toPageResult([{ id: 'a' }], { total: 1, page: 1, limit: 10 });
 * toPageResult([{ id: 'a' }], { total: null, page: 1, limit: 10, totalMode: 'none', hasNextPage: true });
 */
export function toPageResult<TRecord, const TTotal extends TotalMode = 'exact'>(
  items: readonly TRecord[],
  meta: PageMetaInput & { readonly totalMode?: TTotal | undefined },
): PageResult<TRecord, TTotal> {
  return buildPage([...items], meta) as PageResult<TRecord, TotalMode> as PageResult<TRecord, TTotal>;
}

/**
 * {@link toPageResult} for a caller that built `items` for the result (the repositories): freezes and keeps that
 * array instead of copying it. Exported by `pagelope/kit` for storage adapters; `toPageResult` in the root. Typed as
 * a repository's `list` returns it (`PageResult<TRecord, never>`, the kit's `RepositoryPage`): its `total` is typed by
 * the caller's total mode, which the query carries.
 */
export function ownPageResult<TRecord>(items: TRecord[], meta: PageMetaInput): PageResult<TRecord, never> {
  return buildPage(items, meta) as PageResult<TRecord, never>;
}

function buildPage<TRecord>(items: TRecord[], meta: PageMetaInput): PageResult<TRecord, TotalMode> {
  const { total, page, limit, totalPages, hasNextPage, hasPreviousPage, totalRelation } = checkedPageMeta(meta);
  // Written out rather than spread: one object literal of one shape, `items` first, as every page result has it.
  return Object.freeze(
    totalRelation === undefined
      ? { items: Object.freeze(items), total, page, limit, totalPages, hasNextPage, hasPreviousPage }
      : { items: Object.freeze(items), total, page, limit, totalPages, hasNextPage, hasPreviousPage, totalRelation },
  );
}
