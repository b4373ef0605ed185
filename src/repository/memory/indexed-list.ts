import type { Condition, NormalizedQuery } from '../../query/normalized-query';
import type { OrderTerm } from '../../query/types';
import { compileComparator } from './compile-comparator';
import { compilePredicate } from './compile-predicate';
import type { EqualityIndex } from './equality-index';
import { narrowByText } from './narrow-by-text';
import type { OrderedIndex } from './ordered-index';
import { selectTop, type RowSource } from './select-top';
import type { TextColumn } from './text-column';

type Row = Readonly<Record<string, unknown>>;

/** The store and indexes the fast listing reads. */
export interface IndexedStore {
  /** How many rows are stored. */
  readonly size: number;
  readonly ordered: ReadonlyMap<string, OrderedIndex>;
  readonly equality: ReadonlyMap<string, EqualityIndex>;
  readonly idField: string;
  /** Field definitions, so comparators can specialise to each field's kind. */
  readonly fields: ReadonlyMap<string, { readonly kind: string }>;
  /** Visits every stored row once, in no particular order. */
  scan(visit: (row: Row) => void): void;
  /** The packed text column of a string field (`lower`: lower-cased packing ready), when one fits. */
  textColumn(field: string, lower: boolean): TextColumn | undefined;
}

/** An index walk is used when it is expected to read at most this share of the store to fill the page. */
const WALK_MAX_SHARE = 1 / 4;

/** Equality buckets holding at most this share of the store are read before a packed text column is. */
const BUCKET_MAX_SHARE = 1 / 8;

/**
 * One page and the total of a filtered, sorted set, using the cheapest means available: an ordered index for
 * unfiltered pages (`O(n / chunk + limit)`), an equality index to count and narrow enum-like filters, and otherwise a
 * single scan with bounded top-k selection. Results equal the simple filter-sort-slice.
 */
export function indexedPage(store: IndexedStore, query: NormalizedQuery): { items: Row[]; total: number } {
  const { order, limit } = query;
  const offset = (query.page - 1) * limit;
  const compare = compileComparator(order, store.fields);
  const index = store.ordered.get(order[0]?.field ?? '');
  const group = query.groups.length === 1 ? (query.groups[0] ?? []) : undefined;

  if (group && group.length === 0) {
    const total = store.size;
    if (index)
      return { items: offset >= total ? [] : pageAtRank(index, order, store.idField, compare, offset, limit), total };
    return {
      items: selectTop((visit) => store.scan(visit), undefined, compare, offset + limit).top.slice(offset),
      total,
    };
  }

  const test = compilePredicate(query.groups);
  const covers = group?.length === 1;
  const byValue = group ? narrow(store, group) : undefined;
  // A substring condition reads a packed text column (native searches over contiguous text) unless small equality
  // buckets already narrow the group.
  const text =
    group && (!byValue || byValue.size > store.size * BUCKET_MAX_SHARE)
      ? narrowByText(group, (field, lower) => store.textColumn(field, lower))
      : undefined;
  const narrowed = text ? undefined : byValue;
  const source: RowSource = text
    ? text.source
    : narrowed
      ? (visit) => narrowed.buckets.forEach((bucket) => bucket.forEach(visit))
      : (visit) => store.scan(visit);
  const check = (narrowed || text) && covers ? undefined : test;
  // The total first: an equality index or a text column gives it outright, otherwise one pass that only tests rows.
  let total = 0;
  if (text && covers) total = text.count();
  else if (narrowed && covers) total = narrowed.size;
  else source((row) => void (test(row) && total++));
  if (offset >= total) return { items: [], total };
  // Then the page: walk the order's index while matches are dense enough to fill it early, else select the top rows.
  if (index && (offset + limit) * (store.size / total) <= store.size * WALK_MAX_SHARE) {
    return { items: walkMatches(index, order, store.idField, compare, test, offset, limit), total };
  }
  return { items: selectTop(source, check, compare, offset + limit).top.slice(offset), total };
}

/**
 * The first `limit + 1` matches after the cursor key `after` (or from the start), in order: an ordered-index walk
 * from the key when the order's first field has one, else a scan with top-k selection.
 */
export function indexedAfter(store: IndexedStore, query: NormalizedQuery): Row[] {
  const { order, after } = query;
  const compare = compileComparator(order, store.fields);
  const test = isMatchAll(query.groups) ? undefined : compilePredicate(query.groups);
  let key: Row | undefined;
  if (after) {
    const record: Record<string, unknown> = {};
    order.forEach((term, i) => (record[term.field] = after[i]));
    key = record;
  }
  const passes = (row: Row) => (!key || compare(row, key) > 0) && (!test || test(row));
  const first = order[0];
  const index = first ? store.ordered.get(first.field) : undefined;
  if (!index || !first) return selectTop((visit) => store.scan(visit), passes, compare, query.limit + 1).top;
  const up = first.direction === 'asc';
  const start = !key
    ? up
      ? 0
      : index.size - 1
    : up
      ? index.rankOf(key[first.field])
      : index.rankOf(key[first.field], true) - 1;
  return collect(index.groups(start, up), !groupsSorted(order, store.idField), compare, passes, 0, query.limit + 1);
}

function isMatchAll(groups: readonly (readonly Condition[])[]): boolean {
  return groups.length === 1 && (groups[0]?.length ?? 0) === 0;
}

/** Whether groups of equal first-field values come out of the index already in the full order. */
function groupsSorted(order: readonly OrderTerm[], idField: string): boolean {
  return order.length === 1 || (order.length === 2 && order[1]?.field === idField && order[1].direction === 'asc');
}

/** Reads groups in turn (sorting each when `sortGroups`), skips `skip` matches, and returns the next `limit`. */
function collect(
  groups: Iterable<Row[]>,
  sortGroups: boolean,
  compare: (a: Row, b: Row) => number,
  test: ((row: Row) => boolean) | undefined,
  skip: number,
  limit: number,
): Row[] {
  const out: Row[] = [];
  let toSkip = skip;
  for (const group of groups) {
    if (group.length > 1 && sortGroups) group.sort(compare);
    for (const row of group) {
      if (test && !test(row)) continue;
      if (toSkip > 0) toSkip--;
      else if (out.push(row) >= limit) return out;
    }
  }
  return out;
}

/** The unfiltered page that starts at `offset` in `order`, read from the index of the order's first field. */
function pageAtRank(
  index: OrderedIndex,
  order: readonly OrderTerm[],
  idField: string,
  compare: (a: Row, b: Row) => number,
  offset: number,
  limit: number,
): Row[] {
  const up = order[0]?.direction !== 'desc';
  const rank = up ? offset : index.size - 1 - offset;
  const value = (index.at(rank) as Row)[index.field];
  // Rows of the starting group that come before `offset` in the full order.
  const skip = up ? offset - index.rankOf(value) : offset - (index.size - index.rankOf(value, true));
  return collect(index.groups(rank, up), !groupsSorted(order, idField), compare, undefined, skip, limit);
}

/** The page of matches in `order`, walking the index of the order's first field and stopping once it is full. */
function walkMatches(
  index: OrderedIndex,
  order: readonly OrderTerm[],
  idField: string,
  compare: (a: Row, b: Row) => number,
  test: (row: Row) => boolean,
  offset: number,
  limit: number,
): Row[] {
  const up = order[0]?.direction !== 'desc';
  return collect(
    index.groups(up ? 0 : index.size - 1, up),
    !groupsSorted(order, idField),
    compare,
    test,
    offset,
    limit,
  );
}

/**
 * The equality-index buckets that hold every match of an AND-group, if one of its conditions is `eq` or `in` on an
 * indexed field (when that condition is the group's only one, the buckets are exactly the matches), and their size.
 */
function narrow(
  store: IndexedStore,
  group: readonly Condition[],
): { buckets: OrderedIndex[]; size: number } | undefined {
  let best: OrderedIndex[] | undefined;
  let bestSize = Infinity;
  for (const condition of group) {
    const index = store.equality.get(condition.field);
    if (!index || (condition.op !== 'eq' && condition.op !== 'in')) continue;
    const buckets = index.bucketsOf(condition.op === 'eq' ? [condition.value] : (condition.value as unknown[]));
    const size = buckets.reduce((sum, bucket) => sum + bucket.size, 0);
    if (size < bestSize) {
      best = buckets;
      bestSize = size;
    }
  }
  return best ? { buckets: best, size: bestSize } : undefined;
}
