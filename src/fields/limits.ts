/** Bounds of the list-query grammar; each is enforced with a 400. */
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
});

/** Default `limit` of a cursor listing (20), bounded by the resource's `maxLimit`. */
export const CURSOR_DEFAULT_LIMIT = 20;
