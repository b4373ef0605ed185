import type { NormalizedQuery } from './normalized-query';

/**
 * A frozen copy of a normalized query with `changes` applied. `Object.assign`, not an object spread: a query this
 * library stamped (see `remember`) carries a private field, and V8 spreads such an object, and grows the copy, on its
 * slow path (about 4 µs against 0.1 µs on Node 20 and 22), which every scoped list paid.
 */
export function queryWith(query: NormalizedQuery, changes: Partial<NormalizedQuery>): NormalizedQuery {
  return Object.freeze(Object.assign({}, query, changes));
}
