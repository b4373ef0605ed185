/**
 * Bounds and defaults of the list-query grammar. Each bound is enforced with a 400; `cursorDefaultLimit` is the page
 * size of a cursor listing that gives no `limit`. How `limit` and `page` are resolved against them and against a
 * resource's `pagination` is in `src/query/model/page-limits.ts`.
 */
export const QUERY_LIMITS = Object.freeze({
  /** Longest raw query string accepted, in characters. */
  maxQueryLength: 8192,
  /** Most query parameters (key-value pairs) accepted. */
  maxParameters: 256,
  /** Longest single parameter value, in characters. */
  maxValueLength: 1024,
  /** Highest page number. */
  maxPage: 2_147_483_647,
  /** Most sort keys in one `orderBy`. */
  maxOrderFields: 8,
  /** Most values of a list operator (`in`, `notin`, `inl`, `notinl`). */
  maxListValues: 100,
  /** Default `limit` of a cursor listing (20), bounded by the resource's `maxLimit`. */
  cursorDefaultLimit: 20,
});
