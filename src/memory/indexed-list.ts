import {
  compileSearch,
  type Condition,
  type ConditionGroups,
  type FilterTerm,
  type NormalizedQuery,
  type RelatedLookup,
  type SearchTerm,
  compilePredicate,
  compileQueryPredicate,
  isRelationCondition,
  queryWith,
} from '../kit/index';
import type { EqualityIndex } from './equality-index';
import { pageAtRank, walkAfter, walkMatches } from './index-walk';
import { narrowByText } from './narrow-by-text';
import { orderComparator } from './order-comparator';
import type { OrderedIndex } from './ordered-index';
import { searchRows, type SearchRows } from './search-rows';
import { selectTop, type RowSource } from './select-top';
import type { TextColumn } from './text-column';

type Row = Readonly<Record<string, unknown>>;

/** The store and indexes the fast listing reads. */
export interface IndexedStore {
  /** How many rows are stored. */
  readonly size: number;
  readonly ordered: ReadonlyMap<string, OrderedIndex>;
  readonly equality: ReadonlyMap<string, EqualityIndex>;
  /** Null-or-not indexes, read by `isnull` and `notnull` conditions (absent: none). */
  readonly presence?: ReadonlyMap<string, EqualityIndex>;
  readonly idField: string;
  /** Field definitions, so comparators can specialise to each field's kind. */
  readonly fields: ReadonlyMap<string, { readonly kind: string }>;
  /** Visits every stored row once, in no particular order. */
  scan(visit: (row: Row) => void): void;
  /** The packed text column of a string field (`lower`: lower-cased packing ready), when one fits. */
  textColumn(field: string, lower: boolean): TextColumn | undefined;
  /** The lower-cased packed text column a search over these string fields reads, when one fits. */
  searchColumn(fields: readonly string[]): TextColumn | undefined;
  /** The equality index of a relating field, built on first use (what a relation term read from the related side narrows by). */
  relatingIndex?(field: string): EqualityIndex;
}

/** Marks an `in` condition on a relating field made from a relation term: {@link narrow} may read its equality index. */
export const RELATING = Symbol('relating');

/** An index walk is used when it is expected to read at most this share of the store to fill the page. */
const WALK_MAX_SHARE = 1 / 4;

/** Equality buckets holding at most this share of the store are read before a packed text column is. */
const BUCKET_MAX_SHARE = 1 / 8;

/**
 * How a listing whose query reads relations evaluates them: the related records of a parent, and the comparator of an
 * order with to-one paths (absent: the order has none).
 */
export interface RelatedRows {
  readonly lookup: RelatedLookup;
  readonly compare?: ((a: Row, b: Row) => number) | undefined;
}

/**
 * One page and the total of a filtered, searched, sorted set, using the cheapest means available: an ordered index
 * for unfiltered pages (`O(n / chunk + limit)`), the packed text columns for a search, an equality index to count and
 * narrow enum-like filters, and otherwise a single scan with bounded top-k selection. Results equal the simple
 * filter-sort-slice. Relation terms (read through `related`) are tested on each candidate the field conditions of
 * their group leave.
 */
export function indexedPage(
  store: IndexedStore,
  given: NormalizedQuery,
  related?: RelatedRows,
): { items: Row[]; total: number } {
  const groups = withoutUniversal(store, given.groups);
  const { order, limit } = given;
  const offset = (given.page - 1) * limit;
  const compare = related?.compare ?? orderComparator(store.fields, order);
  const index = store.ordered.get(order[0]?.field ?? '');
  const terms = groups.length === 1 ? (groups[0] ?? []) : undefined;
  const search = given.search ?? undefined;
  // No condition, or only ones every row meets (the live records of a soft-delete resource with none deleted): the
  // page is the unfiltered one.
  if (terms && terms.length === 0 && !search) return unfilteredPage(store, index, order, compare, offset, limit);
  const query = groups === given.groups ? given : queryWith(given, { groups });
  // The group's conditions on the resource's own fields narrow the candidates; its relation terms are tested on each.
  const group = terms && fieldConditionsOf(terms);
  const found = search ? searchRows(search, store.searchColumn(search.fields)) : undefined;
  if (search && found) return searchedPage(store, query, search, found, compare, index, offset, related);

  const covers = terms?.length === 1 && group?.length === 1 && !search;
  const byValue = group ? narrow(store, group) : undefined;
  // One condition every row meets: the page is the unfiltered one.
  if (covers && byValue?.size === store.size) return unfilteredPage(store, index, order, compare, offset, limit);

  // Without packed columns for the search (no separator fits), the search is one more test of each row.
  const test = compileQueryPredicate(query, related?.lookup);
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
  // Every row matches: the page is the unfiltered one, read at its rank.
  if (index && total === store.size)
    return { items: pageAtRank(index, order, store.idField, compare, offset, limit), total };
  // Then the page: walk the order's index while matches are dense enough to fill it early, else select the top rows.
  if (index && (offset + limit) * (store.size / total) <= store.size * WALK_MAX_SHARE) {
    return { items: walkMatches(index, order, store.idField, compare, test, offset, limit), total };
  }
  return { items: selectTop(source, check, compare, offset + limit).top.slice(offset), total };
}

/**
 * The page and total of a query with a search, read from the search's text columns: with a filter, one pass over the
 * search's matches that tests the filter and keeps the top rows; without one, one pass that counts the matches
 * (keeping them while few), then an index walk that tests the search on each row it reads when that reads fewer
 * values than the columns matched, else the top rows of the matches.
 */
function searchedPage(
  store: IndexedStore,
  query: NormalizedQuery,
  search: SearchTerm,
  found: SearchRows,
  compare: (a: Row, b: Row) => number,
  index: OrderedIndex | undefined,
  offset: number,
  related: RelatedRows | undefined,
): { items: Row[]; total: number } {
  const { order, limit } = query;
  if (!isMatchAll(query.groups)) {
    const filter = compilePredicate(query.groups, related?.lookup);
    const { total, top } = selectTop(found.source, filter, compare, offset + limit);
    return { items: top.slice(offset), total };
  }
  const fields = search.fields.length;
  // Past this many matches the walk below reads fewer values than there are matches: keeping them is not needed.
  const { total, rows } = found.gather(Math.ceil(Math.sqrt((offset + limit) * store.size * fields)));
  if (offset >= total) return { items: [], total };
  const read = (offset + limit) * (store.size / total);
  if (index && read <= store.size * WALK_MAX_SHARE && read * fields <= total) {
    const test = compileSearch(search);
    return { items: walkMatches(index, order, store.idField, compare, test, offset, limit), total };
  }
  return { items: selectTop(sourceOf(rows, found), undefined, compare, offset + limit).top.slice(offset), total };
}

/** The gathered rows as a source, or the search's own when they were too many to keep. */
function sourceOf(rows: readonly Row[] | undefined, found: SearchRows): RowSource {
  return rows ? (visit) => rows.forEach((row) => visit(row)) : found.source;
}

/**
 * The first `limit + 1` matches after the cursor key `after` (or from the start), in order: an ordered-index walk
 * from the key when the order's first field has one, else a scan with top-k selection. A search is read from its
 * text columns unless its matches are dense enough for the walk to find the page after reading fewer rows.
 */
export function indexedAfter(store: IndexedStore, given: NormalizedQuery, related?: RelatedRows): Row[] {
  const groups = withoutUniversal(store, given.groups);
  const query = groups === given.groups ? given : queryWith(given, { groups });
  const { order, after } = query;
  const compare = related?.compare ?? orderComparator(store.fields, order);
  const filter = isMatchAll(query.groups) ? undefined : compilePredicate(query.groups, related?.lookup);
  const search = query.search ?? undefined;
  const test = both(filter, search && compileSearch(search));
  let key: Row | undefined;
  if (after) {
    const record: Record<string, unknown> = {};
    order.forEach((term, i) => (record[term.field] = after[i]));
    key = record;
  }
  const passes = (row: Row) => (!key || compare(row, key) > 0) && (!test || test(row));
  const first = order[0];
  const index = first ? store.ordered.get(first.field) : undefined;
  const found = search ? searchRows(search, store.searchColumn(search.fields)) : undefined;
  if (search && found) {
    const fields = search.fields.length;
    // No total is needed: counting stops once the matches are many enough for the walk.
    const { total, rows } = found.gather(Math.ceil(Math.sqrt((query.limit + 1) * store.size * fields)), false);
    const read = (query.limit + 1) * (store.size / Math.max(total, 1));
    if (!index || read * fields > total) {
      const later = (row: Row) => (!key || compare(row, key) > 0) && (!filter || filter(row));
      return selectTop(sourceOf(rows, found), later, compare, query.limit + 1).top;
    }
  }
  if (!index || !first) return selectTop((visit) => store.scan(visit), passes, compare, query.limit + 1).top;
  return walkAfter(index, order, store.idField, compare, passes, key, query.limit + 1);
}

type Test = (row: Row) => boolean;

/** Both tests, or the one that is given, or none. */
function both(a: Test, b: Test | undefined): Test;
function both(a: Test | undefined, b: Test | undefined): Test | undefined;
function both(a: Test | undefined, b: Test | undefined): Test | undefined {
  if (!a || !b) return a ?? b;
  return (row) => a(row) && b(row);
}

function isMatchAll(groups: ConditionGroups): boolean {
  return groups.length === 1 && (groups[0]?.length ?? 0) === 0;
}

const isCondition = (term: FilterTerm): term is Condition => !isRelationCondition(term);

/**
 * The groups without the conditions every stored row meets, read from the null-or-not indexes: `isnull` on the
 * soft-delete field while no record is deleted (the service ANDs it into every call), so that such a listing takes
 * the very path, and costs, of one without it. The groups themselves when none is.
 */
function withoutUniversal(store: IndexedStore, groups: ConditionGroups): ConditionGroups {
  const presence = store.presence;
  if (presence === undefined || presence.size === 0) return groups;
  // Which terms are universal now, one bit each (past 30 terms the result is not cached).
  let mask = 0;
  let position = 0;
  for (const group of groups)
    for (const term of group) {
      if (isUniversal(store, presence, term)) mask |= position < 30 ? 1 << position : 0;
      position++;
    }
  if (mask === 0 && position <= 30) return groups;
  const cached = position <= 30 ? withoutUniversalCache.get(groups) : undefined;
  if (cached?.mask === mask) return cached.groups;
  const kept = Object.freeze(
    groups.map((group) => Object.freeze(group.filter((term) => !isUniversal(store, presence, term)))),
  );
  if (position <= 30) withoutUniversalCache.set(groups, { mask, groups: kept });
  if (kept.every((group, i) => group.length === groups[i]?.length)) return groups;
  return kept;
}

/**
 * The groups without their universal terms, by the groups they were taken from (the scope's frozen groups, shared by
 * every call without a filter), with the terms that were universal then.
 */
const withoutUniversalCache = new WeakMap<
  ConditionGroups,
  { readonly mask: number; readonly groups: ConditionGroups }
>();

/** Whether every stored row meets a term: `isnull` or `notnull` on a null-or-not index with every row in its bucket. */
function isUniversal(store: IndexedStore, presence: NonNullable<IndexedStore['presence']>, term: FilterTerm): boolean {
  if (isRelationCondition(term) || (term.op !== 'isnull' && term.op !== 'notnull')) return false;
  const bucket = presence.get(term.field)?.bucketOf(term.op === 'isnull' ? null : true);
  return bucket !== undefined && bucket.size === store.size;
}

/** The page of an unfiltered query at `offset`, with the store's size as its total. */
function unfilteredPage(
  store: IndexedStore,
  index: OrderedIndex | undefined,
  order: NormalizedQuery['order'],
  compare: (a: Row, b: Row) => number,
  offset: number,
  limit: number,
): { items: Row[]; total: number } {
  const total = store.size;
  if (index)
    return { items: offset >= total ? [] : pageAtRank(index, order, store.idField, compare, offset, limit), total };
  return {
    items: selectTop((visit) => store.scan(visit), undefined, compare, offset + limit).top.slice(offset),
    total,
  };
}

/** The terms of a group on the resource's own fields: the group itself when it holds no relation term. */
function fieldConditionsOf(group: readonly FilterTerm[]): readonly Condition[] {
  return group.every(isCondition) ? group : group.filter(isCondition);
}

/**
 * The equality-index buckets that hold every match of an AND-group, if one of its conditions is `eq` or `in` on an
 * indexed field, or `isnull` or `notnull` on a field with a null-or-not index (when that condition is the group's only
 * one, the buckets are exactly the matches), and their size.
 */
function narrow(
  store: IndexedStore,
  group: readonly Condition[],
): { buckets: OrderedIndex[]; size: number } | undefined {
  let best: OrderedIndex[] | undefined;
  let bestSize = Infinity;
  for (const condition of group) {
    const presence =
      condition.op === 'isnull' || condition.op === 'notnull' ? store.presence?.get(condition.field) : undefined;
    if (presence) {
      const bucket = presence.bucketOf(condition.op === 'isnull' ? null : true);
      if ((bucket?.size ?? 0) < bestSize) {
        best = bucket ? [bucket] : [];
        bestSize = bucket?.size ?? 0;
      }
      continue;
    }
    const relating = (condition as { [RELATING]?: boolean })[RELATING] === true;
    const index =
      store.equality.get(condition.field) ?? (relating ? store.relatingIndex?.(condition.field) : undefined);
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
