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
  /**
   * The ascending rank of each chunk's first row, built on the first read by rank after a change (`undefined` until
   * then): a page read finds its chunk by binary search instead of adding up the chunks before it, and a write only
   * drops it.
   */
  private starts: number[] | undefined;

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
    this.starts = undefined;
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
    this.starts = undefined;
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
    this.starts = undefined;
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
    const chunk = this.chunks[this.chunkBound(value, false)];
    if (!chunk) return undefined;
    const row = chunk[this.positionBound(chunk, value, false)];
    return row !== undefined && compareNullable(row[this.field], value) === 0 ? row : undefined;
  }

  /** The ascending rank of the first row whose field value is not below `value` (`upper`: above `value`). */
  rankOf(value: unknown, upper = false): number {
    // The first chunk whose last row is not before the bound, then the first such row in it.
    const c = this.chunkBound(value, upper);
    const chunk = this.chunks[c];
    if (!chunk) return this.count;
    return (this.chunkStarts()[c] as number) + this.positionBound(chunk, value, upper);
  }

  /** Whether `row` comes before the bound of `value`: its value is below it (`upper`: not above it). */
  private before(row: Row, value: unknown, upper: boolean): boolean {
    const c = compareNullable(row[this.field], value);
    return c < 0 || (upper && c === 0);
  }

  /** The first chunk whose last row is not before the bound (`chunks.length` when there is none), by binary search. */
  private chunkBound(value: unknown, upper: boolean): number {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const chunk = this.chunks[mid] as Row[];
      const last = chunk[chunk.length - 1];
      if (last === undefined || this.before(last, value, upper)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The position in `chunk` of its first row not before the bound, by binary search. */
  private positionBound(chunk: readonly Row[], value: unknown, upper: boolean): number {
    let from = 0;
    let to = chunk.length;
    while (from < to) {
      const mid = (from + to) >> 1;
      if (this.before(chunk[mid] as Row, value, upper)) from = mid + 1;
      else to = mid;
    }
    return from;
  }

  /** {@link starts}, built now if a change dropped it. */
  private chunkStarts(): number[] {
    if (this.starts !== undefined) return this.starts;
    const starts = new Array<number>(this.chunks.length);
    let rank = 0;
    for (let c = 0; c < this.chunks.length; c++) {
      starts[c] = rank;
      rank += (this.chunks[c] as Row[]).length;
    }
    return (this.starts = starts);
  }

  /** The chunk holding ascending rank `rank` (0 to `size - 1`), by binary search over the chunks' first ranks. */
  private chunkAt(rank: number): number {
    const starts = this.chunkStarts();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= rank) low = mid;
      else high = mid - 1;
    }
    // Skip empty chunks that start at the same rank (only the last chunk is ever left empty, when the index is).
    while (low < starts.length - 1 && rank - (starts[low] as number) >= (this.chunks[low] as Row[]).length) low++;
    return low;
  }

  /** The row at an ascending rank. */
  at(rank: number): Row | undefined {
    if (!(rank >= 0 && rank < this.count)) return undefined;
    const c = this.chunkAt(rank);
    return (this.chunks[c] as Row[])[rank - (this.chunkStarts()[c] as number)];
  }

  /** Visits every row in ascending order. */
  forEach(visit: (row: Row) => void): void {
    for (const chunk of this.chunks) for (let i = 0; i < chunk.length; i++) visit(chunk[i] as Row);
  }

  /**
   * Visits groups of rows with equal field values, in ascending (`up`) or descending value order, starting with the
   * group that holds ascending rank `from`; each group comes in ascending id order, in one array reused for every
   * group (`visit` may sort it, but must not keep it). Stops when `visit` returns `true`.
   */
  forEachGroup(from: number, up: boolean, visit: (group: Row[]) => boolean): void {
    if (!(from >= 0 && from < this.count)) return;
    const value = (this.at(from) as Row)[this.field];
    const first = up ? this.rankOf(value) : this.rankOf(value, true) - 1;
    const chunks = this.chunks;
    let c = this.chunkAt(first);
    let i = first - (this.chunkStarts()[c] as number);
    const group: Row[] = [];
    let current: unknown = value;
    for (; up ? c < chunks.length : c >= 0; up ? c++ : c--) {
      const chunk = chunks[c] as Row[];
      if (!up && i === Infinity) i = chunk.length - 1;
      for (; up ? i < chunk.length : i >= 0; up ? i++ : i--) {
        const row = chunk[i] as Row;
        const v = row[this.field];
        if (group.length > 0 && compareNullable(v, current) !== 0) {
          if (visit(up ? group : group.reverse())) return;
          group.length = 0;
        }
        current = v;
        group.push(row);
      }
      i = up ? 0 : Infinity;
    }
    if (group.length > 0) visit(up ? group : group.reverse());
  }
}
