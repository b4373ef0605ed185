import { encodeCursor } from '../../pagination/index';
import { queryFingerprint, type NormalizedQuery } from './normalized-query';

/**
 * The cursor after `last`, the last record of a page of `query`: its sort-key values, bound to the query's filter
 * and order and to the scope ANDed into it, if any.
 */
export function nextCursorOf(query: NormalizedQuery, last: Readonly<Record<string, unknown>>): string {
  return encodeCursor(
    query.order.map((term) => last[term.field]),
    queryFingerprint(query),
    query.scopeTag ?? null,
  );
}
