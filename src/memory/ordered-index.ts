import { compareValues } from '../kit/index';
import { compareIds } from './compare-ids';
import { sortById, sortByKey } from './sort-rows';

type Row = Readonly<Record<string, unknown>>;

const MAX_CHUNK = 1024;

/** Compares two values of one field: non-null values by {@link compareValues}, null or missing after all others. */
export function compareNullable(x: unknown, y: unknown): number {
  if (x == null) return y == null ? 0 : 1;
  if (y == null) return -1;
  return compareValues(x, y);
}

/**
 * An ordered index of rows by `(field, id)`, both ascending (nulls last), kept as a list of sorted chunks so that
 * insert and remove cost about `O(log n + chunk)` and reading from a rank costs about `O(n / chunk + limit)`.
 */
export class OrderedIndex {
  private chunks: Row[][] = [[]];
  private count = 0;

  constructor(
    readonly field: string,
    private readonly idField: string,
  ) {}

  get size(): number {
    return this.count;
  }

  private compare(a: Row, b: Row): number {
    return compareNullable(a[this.field], b[this.field]) || compareIds(a[this.idField], b[this.idField]);
  }

  /**
   * Replaces the content with `rows`, sorting once. When `byId` is true the rows already come in id order, which
   * then breaks ties; the sort runs over typed arrays of keys, without a comparison callback per record pair.
   */
  load(rows: readonly Row[], byId = false): void {
    const inIdOrder = byId ? rows : sortById(rows, this.idField);
    const sorted = this.field === this.idField ? inIdOrder : sortByKey(inIdOrder, this.field);
    this.chunks = [];
    for (let i = 0; i < sorted.length; i += MAX_CHUNK / 2) this.chunks.push(sorted.slice(i, i + MAX_CHUNK / 2));
    if (this.chunks.length === 0) this.chunks.push([]);
    this.count = sorted.length;
  }

  /** Every row in ascending order. */
  toArray(): Row[] {
    return this.chunks.flat();
  }

  /** The chunk that holds (or would hold) `row`. */
  private chunkOf(row: Row): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      const chunk = this.chunks[mid] as Row[];
      if (this.compare(chunk[chunk.length - 1] as Row, row) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private positionIn(chunk: readonly Row[], row: Row): number {
    let low = 0;
    let high = chunk.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.compare(chunk[mid] as Row, row) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(row: Row): void {
    const c = this.chunkOf(row);
    const chunk = this.chunks[c] as Row[];
    chunk.splice(this.positionIn(chunk, row), 0, row);
    this.count++;
    if (chunk.length > MAX_CHUNK) this.chunks.splice(c, 1, chunk.slice(0, MAX_CHUNK / 2), chunk.slice(MAX_CHUNK / 2));
  }

  /** Removes the row with the same field value and id; returns whether it was there. */
  remove(row: Row): boolean {
    const c = this.chunkOf(row);
    const chunk = this.chunks[c] as Row[];
    const at = this.positionIn(chunk, row);
    const found = chunk[at];
    if (found === undefined || this.compare(found, row) !== 0) return false;
    chunk.splice(at, 1);
    this.count--;
    if (chunk.length === 0 && this.chunks.length > 1) this.chunks.splice(c, 1);
    return true;
  }

  /** Swaps `previous` for `next`: in place when the sort key is unchanged, else by removing and inserting. */
  replace(previous: Row, next: Row): void {
    if (this.compare(previous, next) === 0) {
      const chunk = this.chunks[this.chunkOf(previous)] as Row[];
      const at = this.positionIn(chunk, previous);
      if (chunk[at] !== undefined && this.compare(chunk[at] as Row, previous) === 0) {
        chunk[at] = next;
        return;
      }
    }
    this.remove(previous);
    this.insert(next);
  }

  /** The row whose field value equals `value` (for an index on the id field: the row with that id). */
  find(value: unknown): Row | undefined {
    const rank = this.rankOf(value);
    const row = this.at(rank);
    return row !== undefined && compareNullable(row[this.field], value) === 0 ? row : undefined;
  }

  /** The ascending rank of the first row whose field value is not below `value` (`upper`: above `value`). */
  rankOf(value: unknown, upper = false): number {
    const before = (row: Row): boolean => {
      const c = compareNullable(row[this.field], value);
      return c < 0 || (upper && c === 0);
    };
    // The first chunk whose last row is not before the bound, by binary search.
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const chunk = this.chunks[mid] as Row[];
      const last = chunk[chunk.length - 1];
      if (last === undefined || before(last)) low = mid + 1;
      else high = mid;
    }
    let rank = 0;
    for (let c = 0; c < low; c++) rank += (this.chunks[c] as Row[]).length;
    const chunk = this.chunks[low];
    if (!chunk) return rank;
    let from = 0;
    let to = chunk.length;
    while (from < to) {
      const mid = (from + to) >> 1;
      if (before(chunk[mid] as Row)) from = mid + 1;
      else to = mid;
    }
    return rank + from;
  }

  /** The row at an ascending rank. */
  at(rank: number): Row | undefined {
    let rest = rank;
    for (const chunk of this.chunks) {
      if (rest < chunk.length) return chunk[rest];
      rest -= chunk.length;
    }
    return undefined;
  }

  /** Visits every row in ascending order. */
  forEach(visit: (row: Row) => void): void {
    for (const chunk of this.chunks) for (let i = 0; i < chunk.length; i++) visit(chunk[i] as Row);
  }

  /** Rows from ascending rank `from` upwards (`up`) or downwards. */
  *walk(from: number, up: boolean): Generator<Row> {
    if (from < 0 || from >= this.count) return;
    let c = 0;
    let rest = from;
    while (rest >= (this.chunks[c] as Row[]).length) rest -= (this.chunks[c++] as Row[]).length;
    if (up) {
      for (; c < this.chunks.length; c++, rest = 0) {
        const chunk = this.chunks[c] as Row[];
        for (let i = rest; i < chunk.length; i++) yield chunk[i] as Row;
      }
    } else {
      for (; c >= 0; c--, rest = Infinity) {
        const chunk = this.chunks[c] as Row[];
        for (let i = Math.min(rest, chunk.length - 1); i >= 0; i--) yield chunk[i] as Row;
      }
    }
  }

  /**
   * Groups of rows with equal field values, in ascending (`up`) or descending value order, starting with the group
   * that holds ascending rank `from`; each group comes in ascending id order.
   */
  *groups(from: number, up: boolean): Generator<Row[]> {
    if (from < 0 || from >= this.count) return;
    const start = this.at(from) as Row;
    const value = start[this.field];
    let group: Row[] = [];
    let current: unknown = value;
    const first = up ? this.rankOf(value) : this.rankOf(value, true) - 1;
    for (const row of this.walk(first, up)) {
      const v = row[this.field];
      if (group.length > 0 && compareNullable(v, current) !== 0) {
        yield up ? group : group.reverse();
        group = [];
      }
      current = v;
      group.push(row);
    }
    if (group.length > 0) yield up ? group : group.reverse();
  }
}
