import { compareCodePoints } from '../../internal/compare';

type Row = Readonly<Record<string, unknown>>;

/** How a needle must sit in a value: anywhere, at its start, or at its end. */
export type TextMatch = 'cont' | 'starts' | 'ends';

/** Separator candidates: characters that values almost never hold (the first one absent from every value is used). */
const SEPARATORS = ['\u0000', '\u0001', '\u0002', '\u001f', '\ufffe', '\uffff', '\ufdd0', '\ufdef'];

/** One packed text: `sep v0 sep v1 sep ... sep`, and where each value starts in it. */
interface Packed {
  readonly text: string;
  readonly sep: string;
  /** `starts[i]`: index of the first character of value `i`; `starts[n]`: the text's length plus one. */
  readonly starts: Int32Array;
}

/** Packs `values` (`null` for a non-string) behind a separator that none of them holds, or gives up. */
function pack(values: readonly (string | null)[]): Packed | undefined {
  const plain = values.map((value) => value ?? '');
  const joined = plain.join('');
  const sep = SEPARATORS.find((candidate) => !joined.includes(candidate));
  if (sep === undefined) return undefined;
  const count = plain.length;
  const starts = new Int32Array(count + 1);
  let at = 1;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    at += (plain[i] as string).length + 1;
  }
  starts[count] = at;
  // One join over ['', v0, ..., ''] gives a flat string (a template literal would give a rope).
  plain.unshift('');
  plain.push('');
  return { text: plain.join(sep), sep, starts };
}

/**
 * The values of one string field packed into one string per case mode, so that a substring filter is a run of native
 * `indexOf` calls over contiguous text instead of one `includes` call per record. Built from a snapshot of the rows in
 * id order; later writes are patched in (a deleted or changed row is marked dead, a new or changed row joins a small
 * `extra` set tested one by one) until {@link TextColumn.worn} says a rebuild pays off.
 */
export class TextColumn {
  private readonly packed: [Packed | undefined, Packed | undefined] = [undefined, undefined];
  private dead: Uint8Array | undefined;
  private deadCount = 0;
  /** Rows created or changed since the snapshot, tested one by one. */
  readonly extra = new Set<Row>();
  /** How many live snapshot rows hold a value (not null). */
  private present = 0;

  private constructor(
    readonly field: string,
    private readonly idField: string,
    private readonly rows: Row[],
  ) {}

  /** Packs `field` of `rows` (given in id order) in the given case modes; `undefined` when no separator fits. */
  static build(
    rows: readonly Row[],
    field: string,
    idField: string,
    modes: readonly boolean[],
  ): TextColumn | undefined {
    const column = new TextColumn(field, idField, rows.slice());
    return modes.every((lower) => column.ensure(lower)) ? column : undefined;
  }

  /** The case modes packed so far (`true`: lower-cased). */
  get modes(): boolean[] {
    return [false, true].filter((lower) => this.packed[lower ? 1 : 0] !== undefined);
  }

  private valueAt(i: number): string | null {
    const value = (this.rows[i] as Row)[this.field];
    return typeof value === 'string' ? value : null;
  }

  /** Packs the given case mode if it is not yet; false when no separator fits or the snapshot has been patched. */
  ensure(lower: boolean): boolean {
    const slot = lower ? 1 : 0;
    if (this.packed[slot]) return true;
    if (this.deadCount > 0 || this.extra.size > 0) return false;
    const originals = this.rows.map((_, i) => this.valueAt(i));
    const values = lower ? originals.map((value) => value?.toLowerCase() ?? null) : originals;
    const other = this.packed[1 - slot];
    // With nothing to lower-case, both modes share one packing.
    const same = (): boolean => originals.every((value) => value === null || value.toLowerCase() === value);
    const packed = other && same() ? other : pack(values);
    if (!packed) return false;
    this.packed[slot] = packed;
    this.present = this.rows.reduce((sum, row) => sum + (row[this.field] == null ? 0 : 1), 0);
    return true;
  }

  /** True once patches make up a large enough share of the column that rebuilding it is cheaper than testing them. */
  get worn(): boolean {
    return this.deadCount + this.extra.size > Math.max(256, this.rows.length >> 4);
  }

  /** The snapshot position of the row with this id, or -1. */
  private positionOf(id: string): number {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compareCodePoints((this.rows[mid] as Row)[this.idField] as string, id) < 0) low = mid + 1;
      else high = mid;
    }
    return low < this.rows.length && (this.rows[low] as Row)[this.idField] === id ? low : -1;
  }

  add(row: Row): void {
    this.extra.add(row);
  }

  remove(row: Row): void {
    if (this.extra.delete(row)) return;
    const at = this.positionOf(row[this.idField] as string);
    if (at < 0 || this.dead?.[at] === 1) return;
    this.dead ??= new Uint8Array(this.rows.length);
    this.dead[at] = 1;
    this.deadCount++;
    if ((this.rows[at] as Row)[this.field] != null) this.present--;
  }

  replace(previous: Row, next: Row): void {
    if (this.extra.delete(previous)) {
      this.extra.add(next);
      return;
    }
    const at = this.positionOf(previous[this.idField] as string);
    if (at >= 0 && this.dead?.[at] !== 1 && this.rows[at] === previous && previous[this.field] === next[this.field]) {
      this.rows[at] = next;
      return;
    }
    this.remove(previous);
    this.extra.add(next);
  }

  /**
   * Visits, in snapshot order, the live snapshot rows whose value holds `needle` as `how` says (`needle` non-empty,
   * lower-cased for `lower`); returns how many. Rows in {@link TextColumn.extra} are the caller's to test.
   */
  scanMatches(how: TextMatch, needle: string, lower: boolean, visit?: (row: Row) => void): number {
    const packed = this.packed[lower ? 1 : 0];
    if (!packed) throw new Error('text column not packed for this case mode');
    const { text, sep, starts } = packed;
    if (needle.length === 0 || needle.includes(sep)) return 0;
    const pattern = how === 'starts' ? sep + needle : how === 'ends' ? needle + sep : needle;
    // A match of `sep + needle` sits one character before its value's first character.
    const shift = how === 'starts' ? 1 : 0;
    const last = this.rows.length - 1;
    const dead = this.deadCount > 0 ? this.dead : undefined;
    let count = 0;
    let r = 0;
    let from = 0;
    for (;;) {
      const found = text.indexOf(pattern, from);
      if (found < 0) break;
      const p = found + shift;
      // The value that holds position p: gallop from the previous one, then binary search.
      let low = r;
      let high = r + 1;
      let step = 1;
      while (high <= last && (starts[high] as number) <= p) {
        low = high;
        high += step;
        step <<= 1;
      }
      if (high > last + 1) high = last + 1;
      while (low + 1 < high) {
        const mid = (low + high) >> 1;
        if ((starts[mid] as number) <= p) low = mid;
        else high = mid;
      }
      r = low;
      if (dead === undefined || dead[r] === 0) {
        count++;
        if (visit) visit(this.rows[r] as Row);
      }
      // Go on from the next value (its leading separator, for `starts`).
      from = (starts[r + 1] as number) - shift;
      if (r >= last) break;
    }
    return count;
  }

  /** How many live snapshot rows hold a value (not null). */
  get values(): number {
    return this.present;
  }

  /** Visits the live snapshot rows that hold a value and are not among `matched` (in snapshot order, as visited). */
  forEachOther(matched: readonly Row[], visit: (row: Row) => void): void {
    let next = 0;
    for (let i = 0; i < this.rows.length; i++) {
      const row = this.rows[i] as Row;
      if (row === matched[next]) {
        next++;
        continue;
      }
      if (this.dead?.[i] === 1 || row[this.field] == null) continue;
      visit(row);
    }
  }
}
