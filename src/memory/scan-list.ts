import { type NormalizedQuery, compileAfterCursor, compileComparator, compileQueryPredicate } from '../kit/index';

type Row = Readonly<Record<string, unknown>>;

/** One page of a filtered, sorted set, and the count of the set. */
export interface ScanPage<TRecord> {
  readonly items: readonly TRecord[];
  readonly total: number;
}

/**
 * The simple listing: filter (and search) every record, sort the matches, cut the page. It is the reference that faster
 * strategies must match.
 */
export function scanPage<TRecord>(records: Iterable<TRecord>, query: NormalizedQuery): ScanPage<TRecord> {
  const matches = filterSorted(records, query);
  const offset = (query.page - 1) * query.limit;
  return { items: matches.slice(offset, offset + query.limit), total: matches.length };
}

/**
 * The simple cursor listing: the matches after the cursor's sort key, `limit + 1` of them to learn whether more
 * follow.
 */
export function scanAfter<TRecord>(records: Iterable<TRecord>, query: NormalizedQuery): readonly TRecord[] {
  const matches = filterSorted(records, query);
  const after = compileAfterCursor(query);
  let start = 0;
  while (start < matches.length && !after(matches[start] as Row)) start++;
  return matches.slice(start, start + query.limit + 1);
}

function filterSorted<TRecord>(records: Iterable<TRecord>, query: NormalizedQuery): TRecord[] {
  const filter = compileQueryPredicate(query);
  const matches: TRecord[] = [];
  for (const record of records) if (filter(record as Row)) matches.push(record);
  const compare = compileComparator(query.order);
  return matches.sort((a, b) => compare(a as Row, b as Row));
}
