/**
 * The reads of a repository or a resource service as a JavaScript caller sees them: any value as the query, which the
 * store must refuse with a 400 when it is malformed. A method signature's parameters compare both ways, so any
 * repository or service is one without a cast: `const unchecked: UncheckedReads = repository`.
 */
export interface UncheckedReads<TPage = unknown, TCursorPage = unknown> {
  /** `list`, taking any value as its query. */
  list(query: unknown): Promise<TPage>;
  /** `listByCursor`, taking any value as its query. */
  listByCursor(query: unknown): Promise<TCursorPage>;
}
