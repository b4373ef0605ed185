import lodash from 'lodash';
import { find } from 'mingo';
import type { User } from '../../examples/shared/users';
import type { BenchQuery, SortKey } from '../queries';

/** What every implementation of W2 returns: the page's records and the total of the filtered set. */
export interface Page<TRecord = User> {
  readonly items: readonly TRecord[];
  readonly total: number;
}

/** The comparator a hand-written list endpoint uses for these sort keys. */
export function comparatorOf(keys: readonly SortKey[]): (a: User, b: User) => number {
  const compareOne = (key: SortKey): ((a: User, b: User) => number) => {
    const sign = key.direction === 'asc' ? 1 : -1;
    if (key.field === 'createdAt') return (a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime());
    if (key.field === 'age') return (a, b) => sign * (a.age - b.age);
    return (a, b) => sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
  const [first, second] = keys.map(compareOne);
  if (!first) return () => 0;
  if (!second) return first;
  return (a, b) => first(a, b) || second(a, b);
}

/** Naive: `filter` (or a copy), a full `sort`, then `slice`. */
export function naiveList(records: readonly User[], query: BenchQuery): Page {
  const matching = query.match ? records.filter(query.match) : records.slice();
  matching.sort(comparatorOf(query.sort));
  const offset = (query.page - 1) * query.limit;
  return { items: matching.slice(offset, offset + query.limit), total: matching.length };
}

/** lodash: `_.chain(records).filter(...).orderBy([field], [direction]).value()`, then the total and a slice. */
export function lodashList(records: readonly User[], query: BenchQuery): Page {
  let chain = lodash.chain(records as User[]);
  if (query.match) chain = chain.filter(query.match);
  const sorted = chain
    .orderBy(
      query.sort.map((key) => key.field),
      query.sort.map((key) => key.direction),
    )
    .value();
  const offset = (query.page - 1) * query.limit;
  return { items: sorted.slice(offset, offset + query.limit), total: sorted.length };
}

/**
 * mingo: one `find(records, criteria).sort(...)` cursor read to the end; its length is the total and the page is a
 * slice (one filter pass; a second `skip/limit` cursor would filter the data twice).
 */
export function mingoList(records: readonly User[], query: BenchQuery): Page {
  const all = find(records as unknown as Record<string, unknown>[], query.mingo)
    .sort(Object.fromEntries(query.sort.map((key) => [key.field, key.direction === 'asc' ? 1 : -1])))
    .all() as unknown as User[];
  const offset = (query.page - 1) * query.limit;
  return { items: all.slice(offset, offset + query.limit), total: all.length };
}

/**
 * The linear-scan floor of a filtered query: one pass that counts the matches and keeps only the page's records (the
 * matches at the page's offset in array order), with no sort at all: the right total, not the sorted page.
 */
export function scanFloor(records: readonly User[], query: BenchQuery): Page {
  const match = query.match ?? (() => true);
  const offset = (query.page - 1) * query.limit;
  const end = offset + query.limit;
  const items: User[] = [];
  let total = 0;
  for (let i = 0; i < records.length; i++) {
    const user = records[i] as User;
    if (match(user)) {
      if (total >= offset && total < end) items.push(user);
      total++;
    }
  }
  return { items, total };
}
