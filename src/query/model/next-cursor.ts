import { encodeCursor } from '../../pagination/index';
import { queryFingerprint, type NormalizedQuery } from './normalized-query';

/**
 * The cursor after `last`, the last record of a page of `query`: its sort-key values, bound to the query's filter
 * and order and to the scopes applied (its own and the related ones the query reads), if any.
 *
 * Each value is read as `last[term.field]`. For an order term on a to-one relation path (`'author.fullName'`), a
 * repository passes a row that carries the related value under the path itself, `null` when the parent has no
 * related record within the related scope: `nextCursorOf(query, { ...row, 'author.fullName': author?.fullName ?? null })`.
 * The reference comparator (`compileComparator`) and `compileAfterCursor` read such rows the same way.
 */
export function nextCursorOf(query: NormalizedQuery, last: Readonly<Record<string, unknown>>): string {
  return encodeCursor(
    query.order.map((term) => last[term.field]),
    queryFingerprint(query),
    query.scopeTag ?? null,
  );
}
