import { compareIds } from './compare-ids';

type Row = Readonly<Record<string, unknown>>;

/** How a needle must sit in a value: anywhere, at its start, or at its end. */
export type TextMatch = 'cont' | 'starts' | 'ends';

/** Separator candidates: characters that values almost never hold (the first one absent from every value is used). */
const SEPARATORS = ['\u0000', '\u0001', '\u0002', '\u001f', '\ufffe', '\uffff', '\ufdd0', '\ufdef'];

/** How a column reads its value from a row: one field's string, or several fields' lower-cased strings joined. */
interface ValueSource {
  /** The field name, or the joined fields' names (for messages and the store's keys). */
  readonly field: string;
  /** The row's value (`null`: none). */
  read(row: Row): string | null;
  /** Whether two versions of a row have the same value (so a replace keeps its position). */
  same(previous: Row, next: Row): boolean;
  /** Whether the values are lower-cased already (one packing serves both case modes). */
  readonly lowered: boolean;
  /** The character between the fields of one row in a joined value, which no value holds; a needle with it matches nothing. */
  readonly inner?: string;
}

/** A string field's own values. */
function fieldSource(field: string): ValueSource {
  return {
    field,
    read: (row) => {
      const value = row[field];
      return typeof value === 'string' ? value : null;
    },
    same: (previous, next) => previous[field] === next[field],
    lowered: false,
  };
}

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

/** A string value lower-cased, anything else as an empty string (which no needle is found in). */
function lowerOf(row: Row, field: string): string {
  const value = row[field];
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/**
 * Each row's fields lower-cased and joined by the first separator candidate that none of them holds, or `undefined`.
 * (A function of its own, so the columns' closures never keep its per-field arrays alive.)
 */
function joinLowered(
  rows: readonly Row[],
  fields: readonly string[],
): { readonly inner: string; readonly values: string[] } | undefined {
  const lowered = fields.map((field) => rows.map((row) => lowerOf(row, field)));
  const all = lowered.map((values) => values.join('')).join('');
  const inner = SEPARATORS.find((candidate) => !all.includes(candidate));
  if (inner === undefined) return undefined;
  const values = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) values[i] = lowered.map((each) => each[i] as string).join(inner);
  return { inner, values };
}

/** The joined lower-cased fields of a row, as {@link joinLowered} builds them. */
function joinedSource(fields: readonly string[], inner: string): ValueSource {
  return {
    field: fields.join(','),
    read: (row) => fields.map((field) => lowerOf(row, field)).join(inner),
    same: (previous, next) => fields.every((field) => previous[field] === next[field]),
    lowered: true,
    inner,
  };
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
    private readonly source: ValueSource,
    private readonly idField: string,
    private readonly rows: Row[],
    readonly snapshot: object,
  ) {}

  /** The field this column packs (for a joined column, the names of its fields joined by commas). */
  get field(): string {
    return this.source.field;
  }

  /**
   * Packs `field` of `rows` (given in id order) in the given case modes; `undefined` when no separator fits.
   * Columns built with one `snapshot` token from the same rows share positions: position `i` is the same record in
   * each (see {@link TextColumn.scanMatches}).
   */
  static build(
    rows: readonly Row[],
    field: string,
    idField: string,
    modes: readonly boolean[],
    snapshot: object = {},
  ): TextColumn | undefined {
    const column = new TextColumn(fieldSource(field), idField, rows.slice(), snapshot);
    return modes.every((lower) => column.ensure(lower)) ? column : undefined;
  }

  /**
   * One column for a search over several string fields: each row's value is its fields' lower-cased strings (an
   * empty string for a non-string) joined by an inner separator that no value holds, so that a needle without it
   * matches within one field, and {@link TextColumn.scanMatches} visits each row once however many of its fields hold
   * the needle. Lower-cased only: scan it with `lower`. `undefined` when no two separators fit the values.
   */
  static buildJoined(rows: readonly Row[], fields: readonly string[], idField: string): TextColumn | undefined {
    const joined = joinLowered(rows, fields);
    if (!joined) return undefined;
    const column = new TextColumn(joinedSource(fields, joined.inner), idField, rows.slice(), {});
    return column.packValues(joined.values) ? column : undefined;
  }

  /** How many rows the snapshot holds (dead ones included): positions run from 0 below it. */
  get size(): number {
    return this.rows.length;
  }

  /** The case modes packed so far (`true`: lower-cased). */
  get modes(): boolean[] {
    return [false, true].filter((lower) => this.packed[lower ? 1 : 0] !== undefined);
  }

  private valueAt(i: number): string | null {
    return this.source.read(this.rows[i] as Row);
  }

  /** Packs the given (lower-cased) values of the snapshot's rows for both case modes. */
  private packValues(values: readonly string[]): boolean {
    const packed = pack(values);
    if (!packed) return false;
    this.packed[0] = packed;
    this.packed[1] = packed;
    this.present = values.length;
    return true;
  }

  /** Packs the given case mode if it is not yet; false when no separator fits or the snapshot has been patched. */
  ensure(lower: boolean): boolean {
    const slot = lower ? 1 : 0;
    if (this.packed[slot]) return true;
    if (this.deadCount > 0 || this.extra.size > 0) return false;
    const originals = this.rows.map((_, i) => this.valueAt(i));
    const values = lower && !this.source.lowered ? originals.map((value) => value?.toLowerCase() ?? null) : originals;
    const other = this.packed[1 - slot];
    // With nothing to lower-case, both modes share one packing.
    const same = (): boolean =>
      this.source.lowered || originals.every((value) => value === null || value.toLowerCase() === value);
    const packed = other && same() ? other : pack(values);
    if (!packed) return false;
    this.packed[slot] = packed;
    this.present = originals.reduce((sum, value) => sum + (value === null ? 0 : 1), 0);
    return true;
  }

  /** True once patches make up a large enough share of the column that rebuilding it is cheaper than testing them. */
  get worn(): boolean {
    return this.deadCount + this.extra.size > Math.max(256, this.rows.length >> 4);
  }

  /** The snapshot position of the row with this id, or -1. */
  private positionOf(id: unknown): number {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compareIds((this.rows[mid] as Row)[this.idField], id) < 0) low = mid + 1;
      else high = mid;
    }
    return low < this.rows.length && (this.rows[low] as Row)[this.idField] === id ? low : -1;
  }

  add(row: Row): void {
    this.extra.add(row);
  }

  remove(row: Row): void {
    if (this.extra.delete(row)) return;
    const at = this.positionOf(row[this.idField]);
    if (at < 0 || this.dead?.[at] === 1) return;
    this.dead ??= new Uint8Array(this.rows.length);
    this.dead[at] = 1;
    this.deadCount++;
    if (this.valueAt(at) !== null) this.present--;
  }

  replace(previous: Row, next: Row): void {
    if (this.extra.delete(previous)) {
      this.extra.add(next);
      return;
    }
    const at = this.positionOf(previous[this.idField]);
    if (at >= 0 && this.dead?.[at] !== 1 && this.rows[at] === previous && this.source.same(previous, next)) {
      this.rows[at] = next;
      return;
    }
    this.remove(previous);
    this.extra.add(next);
  }

  /**
   * Visits, in snapshot order, the live snapshot rows whose value holds `needle` as `how` says (`needle` non-empty,
   * lower-cased for `lower`), each with its snapshot position; returns how many (those visited, when `stop` ends the
   * scan early: it is asked after each visit). Rows in {@link TextColumn.extra} are the caller's to test. A live row
   * at a position is the stored record itself, in every column of the snapshot.
   */
  scanMatches(
    how: TextMatch,
    needle: string,
    lower: boolean,
    visit?: (row: Row, position: number) => void,
    stop?: () => boolean,
  ): number {
    const packed = this.packed[lower ? 1 : 0];
    if (!packed) throw new Error('text column not packed for this case mode');
    const { text, sep, starts } = packed;
    const { inner } = this.source;
    if (needle.length === 0 || needle.includes(sep) || (inner !== undefined && needle.includes(inner))) return 0;
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
        if (visit) visit(this.rows[r] as Row, r);
        if (stop?.()) break;
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
      if (this.dead?.[i] === 1 || this.valueAt(i) === null) continue;
      visit(row);
    }
  }
}
