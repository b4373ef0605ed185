import type { OrderTerm } from '../kit/index';
import type { OrderedIndex } from './ordered-index';

type Row = Readonly<Record<string, unknown>>;

/** Whether groups of equal first-field values come out of the index already in the full order. */
function groupsSorted(order: readonly OrderTerm[], idField: string): boolean {
  return order.length === 1 || (order.length === 2 && order[1]?.field === idField && order[1].direction === 'asc');
}

/**
 * Reads the index's groups from ascending rank `from` in the direction `up` (sorting each when `sortGroups`), skips
 * `skip` matches, and returns the next `limit`.
 */
function collect(
  index: OrderedIndex,
  from: number,
  up: boolean,
  sortGroups: boolean,
  compare: (a: Row, b: Row) => number,
  test: ((row: Row) => boolean) | undefined,
  skip: number,
  limit: number,
): Row[] {
  const out: Row[] = [];
  let toSkip = skip;
  index.forEachGroup(from, up, (group) => {
    if (group.length > 1 && sortGroups) group.sort(compare);
    for (let i = 0; i < group.length; i++) {
      const row = group[i] as Row;
      if (test && !test(row)) continue;
      if (toSkip > 0) toSkip--;
      else if (out.push(row) >= limit) return true;
    }
    return false;
  });
  return out;
}

/** The unfiltered page that starts at `offset` in `order`, read from the index of the order's first field. */
export function pageAtRank(
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
  return collect(index, rank, up, !groupsSorted(order, idField), compare, undefined, skip, limit);
}

/** The page of matches in `order`, walking the index of the order's first field and stopping once it is full. */
export function walkMatches(
  index: OrderedIndex,
  order: readonly OrderTerm[],
  idField: string,
  compare: (a: Row, b: Row) => number,
  test: (row: Row) => boolean,
  offset: number,
  limit: number,
): Row[] {
  const up = order[0]?.direction !== 'desc';
  return collect(index, up ? 0 : index.size - 1, up, !groupsSorted(order, idField), compare, test, offset, limit);
}

/**
 * The first `limit` rows that pass `test`, walking the index of the order's first field from the cursor key `key` (or
 * from the start of the order), in the full order.
 */
export function walkAfter(
  index: OrderedIndex,
  order: readonly OrderTerm[],
  idField: string,
  compare: (a: Row, b: Row) => number,
  test: (row: Row) => boolean,
  key: Row | undefined,
  limit: number,
): Row[] {
  const first = order[0] as OrderTerm;
  const up = first.direction === 'asc';
  const start = !key
    ? up
      ? 0
      : index.size - 1
    : up
      ? index.rankOf(key[first.field])
      : index.rankOf(key[first.field], true) - 1;
  return collect(index, start, up, !groupsSorted(order, idField), compare, test, 0, limit);
}
