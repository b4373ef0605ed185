/**
 * How a page listing reports its total:
 * - `'exact'` (the default): a full count of the filtered set, `total` and `totalPages` are numbers.
 * - `'estimated'`: counted exactly up to a threshold (a `LIMIT threshold + 1` count of the filtered set), above it the
 *   store's estimate of that same filtered set, at least the threshold + 1; `totalRelation` says which it is.
 * - `'none'`: no count at all; `total` and `totalPages` are `null`, `hasNextPage` comes from reading one row more.
 */
export type TotalMode = 'exact' | 'estimated' | 'none';

/** Whether an estimated total is the exact count (`'eq'`) or the store's estimate (`'approx'`). */
export type TotalRelation = 'eq' | 'approx';

/** The total modes, in the order the documentation lists them. */
export const TOTAL_MODES: readonly TotalMode[] = Object.freeze(['exact', 'estimated', 'none']);

/**
 * The threshold of the `'estimated'` mode: counted exactly up to `default` rows unless a route's (or a call's)
 * `totalThreshold` says otherwise, which must be an integer from 1 to `max`.
 */
export const TOTAL_THRESHOLD = Object.freeze({ default: 1000, max: 1_000_000 });

/** Whether `value` is a {@link TotalMode}. */
export const isTotalMode = (value: unknown): value is TotalMode =>
  value === 'exact' || value === 'estimated' || value === 'none';

/** Whether `value` is a valid `totalThreshold`: a safe integer from 1 to {@link TOTAL_THRESHOLD}.max. */
export const isTotalThreshold = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= TOTAL_THRESHOLD.max;
