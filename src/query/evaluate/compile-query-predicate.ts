import { compileComparator } from './compile-comparator';
import { compilePredicate, type RelatedLookup } from './compile-predicate';
import { compileSearch } from './compile-search';
import type { NormalizedQuery } from '../model/index';

type Row = Readonly<Record<string, unknown>>;
type Predicate = (row: Row) => boolean;

/**
 * The reference filter of a whole query: its OR-of-AND groups (the scope already ANDed in) and, when it has one, its
 * search. A record is in the query's set exactly when this returns true. Relation terms read the related records
 * (within the related scopes) through `related`.
 *
 * @example
 * const query = normalizeListInput({ where: { age: { gte: 18 } }, search: 'ad' }, users);
 * rows.filter(compileQueryPredicate(query));
 */
export function compileQueryPredicate(query: NormalizedQuery, related?: RelatedLookup): Predicate {
  const filter = compilePredicate(query.groups, related);
  if (!query.search) return filter;
  const search = compileSearch(query.search);
  return (row) => filter(row) && search(row);
}

/**
 * For a cursor query that continues a walk: whether a record comes strictly after the cursor's sort key in the
 * query's order (the reference comparator's order: code points, nulls last ascending). Without a cursor, every
 * record does.
 *
 * @example
 * const query = normalizeCursorInput({ cursor, limit: 20 }, users);
 * const next = sorted.filter(compileAfterCursor(query)).slice(0, query.limit + 1);
 */
export function compileAfterCursor(query: NormalizedQuery): Predicate {
  const { after, order } = query;
  if (!after) return () => true;
  const key: Record<string, unknown> = {};
  order.forEach((term, i) => (key[term.field] = after[i]));
  const compare = compileComparator(order);
  return (row) => compare(row, key) > 0;
}
