import type { TotalMode, TotalRelation } from './total-mode';

/** The type of `total` and `totalPages` in a page of mode `TTotal`: `null` in `'none'` mode, else a number. */
export type TotalOf<TTotal extends TotalMode> = TTotal extends 'none' ? null : number;

/**
 * Page metadata of a paginated list response (the spec's section 2.1 without `items`). `TTotal` is the listing's
 * total mode: `'exact'` (the default, and what a listing without a `total` option gives) types `total` and
 * `totalPages` as numbers; `PageMeta<TotalMode>` is any page (`number | null`, and `totalRelation` maybe present).
 */
export interface PageMeta<TTotal extends TotalMode = 'exact'> {
  /** Count of all matching records across all pages; `null` in `'none'` mode, maybe an estimate in `'estimated'`. */
  readonly total: TotalOf<TTotal>;
  /** Current page number, 1-based. */
  readonly page: number;
  /** Items per page used for this response. */
  readonly limit: number;
  /** Number of pages from `total` as reported; 0 when `total` is 0, `null` in `'none'` mode. */
  readonly totalPages: TotalOf<TTotal>;
  /** True when a page after the current one exists (always exact, whatever the total mode). */
  readonly hasNextPage: boolean;
  /** True when a page before the current one exists. */
  readonly hasPreviousPage: boolean;
  /**
   * `'estimated'` mode only (absent in the others): `'eq'` when `total` is the exact count, `'approx'` when it is the
   * store's estimate (then at least the threshold + 1).
   */
  readonly totalRelation?: TTotal extends 'estimated' ? TotalRelation : never;
}

/** Input of {@link pageMeta}. */
export interface PageMetaInput {
  /** The count of the filtered set (or its estimate, with `totalRelation: 'approx'`); `null` in `'none'` mode. */
  readonly total: number | null;
  readonly page: number;
  readonly limit: number;
  /** The listing's total mode (default `'exact'`). */
  readonly totalMode?: TotalMode | undefined;
  /** `'estimated'` mode only: whether `total` is exact (`'eq'`, the default) or an estimate (`'approx'`). */
  readonly totalRelation?: TotalRelation | undefined;
  /**
   * Whether a page after this one exists, as the store found by reading one row more than the page: required where
   * the total cannot tell (`'none'` mode, an `'approx'` total), ignored elsewhere.
   */
  readonly hasNextPage?: boolean | undefined;
}

const isCount = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

/**
 * Computes the page metadata for a page of a filtered set, in any total mode.
 *
 * @throws RangeError when `page` or `limit` is not an integer of at least 1, `total` is not an integer of at least 0
 * (or not `null` in `'none'` mode), `totalRelation` is given outside `'estimated'` mode, or `hasNextPage` is missing
 * where the total cannot tell it.
 * @example
 * pageMeta({ total: 50, page: 1, limit: 10 });
 * // { total: 50, page: 1, limit: 10, totalPages: 5, hasNextPage: true, hasPreviousPage: false }
 * pageMeta({ total: null, page: 2, limit: 10, totalMode: 'none', hasNextPage: false });
 * // { total: null, page: 2, limit: 10, totalPages: null, hasNextPage: false, hasPreviousPage: true }
 */
export function pageMeta<const TTotal extends TotalMode = 'exact'>(
  input: PageMetaInput & { readonly totalMode?: TTotal | undefined },
): PageMeta<TTotal> {
  return Object.freeze(checkedPageMeta(input)) as PageMeta<TotalMode> as PageMeta<TTotal>;
}

/**
 * {@link pageMeta}'s fields, checked, in a new object that is not frozen yet: {@link ownPageResult} puts them into the
 * page result it freezes, without freezing and spreading a second object per list. Internal to the pagination module.
 *
 * @throws RangeError as {@link pageMeta} does.
 */
export function checkedPageMeta(input: PageMetaInput): PageMeta<TotalMode> {
  const { total, page, limit } = input;
  const mode = input.totalMode ?? 'exact';
  if (!isCount(page, 1)) throw new RangeError(`page must be an integer of at least 1, got ${String(page)}`);
  if (!isCount(limit, 1)) throw new RangeError(`limit must be an integer of at least 1, got ${String(limit)}`);
  if (mode !== 'exact' && mode !== 'estimated' && mode !== 'none')
    throw new RangeError(`totalMode must be 'exact', 'estimated' or 'none', got ${String(mode)}`);
  if (mode !== 'estimated' && input.totalRelation !== undefined)
    throw new RangeError(`totalRelation is only for the 'estimated' total mode`);
  const hasPreviousPage = page > 1;
  if (mode === 'none') {
    if (total !== null) throw new RangeError(`total must be null in the 'none' total mode, got ${String(total)}`);
    const hasNextPage = requiredNext(input);
    return { total: null, page, limit, totalPages: null, hasNextPage, hasPreviousPage };
  }
  if (!isCount(total, 0)) throw new RangeError(`total must be an integer of at least 0, got ${String(total)}`);
  const totalPages = total === 0 ? 0 : Math.ceil(total / limit);
  if (mode === 'exact') return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPreviousPage };
  const totalRelation = input.totalRelation ?? 'eq';
  if (totalRelation !== 'eq' && totalRelation !== 'approx')
    throw new RangeError(`totalRelation must be 'eq' or 'approx', got ${String(totalRelation)}`);
  const hasNextPage = totalRelation === 'eq' ? page < totalPages : requiredNext(input);
  return { total, page, limit, totalPages, hasNextPage, hasPreviousPage, totalRelation };
}

function requiredNext(input: PageMetaInput): boolean {
  if (typeof input.hasNextPage !== 'boolean')
    throw new RangeError('hasNextPage must be a boolean where the total cannot tell it (no or an approximate total)');
  return input.hasNextPage;
}
