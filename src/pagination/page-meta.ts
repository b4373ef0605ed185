/** Page metadata of a paginated list response (the spec's section 2.1 without `items`). */
export interface PageMeta {
  /** Count of all matching records across all pages. */
  readonly total: number;
  /** Current page number, 1-based. */
  readonly page: number;
  /** Items per page used for this response. */
  readonly limit: number;
  /** Number of pages; 0 when `total` is 0. */
  readonly totalPages: number;
  /** True when a page after the current one exists. */
  readonly hasNextPage: boolean;
  /** True when a page before the current one exists. */
  readonly hasPreviousPage: boolean;
}

/** Input of {@link pageMeta}. */
export interface PageMetaInput {
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

const isCount = (value: number, min: number): boolean => Number.isSafeInteger(value) && value >= min;

/**
 * Computes the page metadata for a page of a filtered set.
 *
 * @throws RangeError when `total` is not an integer of at least 0, or `page` or `limit` not an integer of at least 1.
 * @example
 * pageMeta({ total: 50, page: 1, limit: 10 });
 * // { total: 50, page: 1, limit: 10, totalPages: 5, hasNextPage: true, hasPreviousPage: false }
 */
export function pageMeta(input: PageMetaInput): PageMeta {
  return Object.freeze(checkedPageMeta(input));
}

/**
 * {@link pageMeta}'s fields, checked, in a new object that is not frozen yet: {@link ownPageResult} puts them into the
 * page result it freezes, without freezing and spreading a second object per list. Internal to the pagination module.
 *
 * @throws RangeError as {@link pageMeta} does.
 */
export function checkedPageMeta({ total, page, limit }: PageMetaInput): PageMeta {
  if (!isCount(total, 0)) throw new RangeError(`total must be an integer of at least 0, got ${String(total)}`);
  if (!isCount(page, 1)) throw new RangeError(`page must be an integer of at least 1, got ${String(page)}`);
  if (!isCount(limit, 1)) throw new RangeError(`limit must be an integer of at least 1, got ${String(limit)}`);
  const totalPages = total === 0 ? 0 : Math.ceil(total / limit);
  return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 };
}
