import { codePointKey } from '../kit/index';
import { compareIds } from './compare-ids';

type Row = Readonly<Record<string, unknown>>;

/**
 * Rows in id order (numbers by value, strings by code point); rows that already come in that order are returned as
 * they are, without a sort.
 */
export function sortById(rows: readonly Row[], idField: string): readonly Row[] {
  let sorted = true;
  for (let i = 1; i < rows.length && sorted; i++) {
    sorted = compareIds((rows[i - 1] as Row)[idField], (rows[i] as Row)[idField]) <= 0;
  }
  if (sorted) return rows;
  if (typeof rows[0]?.[idField] === 'number') return [...rows].sort((a, b) => compareIds(a[idField], b[idField]));
  const keys = rows.map((row) => codePointKey(row[idField] as string));
  const order = Array.from(keys.keys());
  order.sort((x, y) => {
    const a = keys[x] as string;
    const b = keys[y] as string;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return order.map((i) => rows[i] as Row);
}

/**
 * Rows (given in id order) stably sorted by one field, nulls last, ties in the given (id) order: strings by code-point
 * keys computed once; numbers, dates and booleans by a radix sort of their 64-bit keys, with no comparison at all.
 */
export function sortByKey(rows: readonly Row[], field: string): readonly Row[] {
  const sample = rows.find((row) => row[field] != null)?.[field];
  if (typeof sample !== 'string') {
    const sorted = radixSortByNumber(rows, field);
    if (sorted) return sorted;
  }
  if (typeof sample === 'string') return radixSortByString(rows, field);
  const order = Array.from(rows.keys());
  {
    const keys = rows.map((row) => numericKey(row[field]));
    order.sort((x, y) => {
      const a = keys[x] as number;
      const b = keys[y] as number;
      if (a === b) return x - y;
      if (a !== a) return b !== b ? x - y : 1;
      if (b !== b) return -1;
      return a - b;
    });
  }
  return order.map((i) => rows[i] as Row);
}

/** The number a value sorts by (NaN for null or anything else). */
function numericKey(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  return Number.NaN;
}

/**
 * A stable LSD radix sort (16-bit digits) of rows by the order-preserving 64-bit image of their numeric key, nulls
 * mapped above every number. Digits that every key shares are skipped, so a small range (an age) costs one pass.
 * Returns `undefined` when a non-null key is NaN (an invalid Date), which only a comparison sort can place.
 */
function radixSortByNumber(rows: readonly Row[], field: string): readonly Row[] | undefined {
  const n = rows.length;
  const high = new Uint32Array(n);
  const low = new Uint32Array(n);
  const float = new Float64Array(1);
  const words = new Uint32Array(float.buffer);
  const hi = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
  for (let i = 0; i < n; i++) {
    const value = (rows[i] as Row)[field];
    if (value == null) {
      high[i] = 0xffffffff;
      low[i] = 0xffffffff;
      continue;
    }
    const key = numericKey(value);
    if (key !== key) return undefined;
    float[0] = key === 0 ? 0 : key; // -0 ties with 0, as compareValues has it
    const h = words[hi] as number;
    const l = words[1 - hi] as number;
    // Flip negatives entirely and set the sign bit of positives: unsigned order then equals numeric order.
    high[i] = h & 0x80000000 ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    low[i] = h & 0x80000000 ? ~l >>> 0 : l;
  }
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Int32Array(n);
  const counts = new Int32Array(65536);
  for (const [words16, shift] of [
    [low, 0],
    [low, 16],
    [high, 0],
    [high, 16],
  ] as const) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const digit = ((words16[i] as number) >>> shift) & 0xffff;
      counts[digit] = (counts[digit] as number) + 1;
    }
    if (n === 0 || counts[((words16[0] as number) >>> shift) & 0xffff] === n) continue;
    let sum = 0;
    for (let d = 0; d < 65536; d++) {
      const c = counts[d] as number;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const at = order[i] as number;
      const digit = ((words16[at] as number) >>> shift) & 0xffff;
      const to = counts[digit] as number;
      counts[digit] = to + 1;
      next[to] = at;
    }
    [order, next] = [next, order];
  }
  const sorted: Row[] = new Array<Row>(n);
  for (let i = 0; i < n; i++) sorted[i] = rows[order[i] as number] as Row;
  return sorted;
}

/** Code units past which a range is finished by a comparison sort rather than more passes. */
const MAX_RADIX_DEPTH = 32;
/** Ranges up to this size are finished by insertion sort. */
const SMALL_RANGE = 32;

/**
 * A stable MSD radix sort of rows by the code-point key of a string field, nulls last in the given order. Each pass
 * buckets a range by one code unit (257 buckets, "string ended" first) when all its units are below 256, else by
 * the unit's high byte first. Small ranges are finished by insertion sort, and ranges still tied after
 * {@link MAX_RADIX_DEPTH} units by a comparison sort, so long shared prefixes cost no more than a comparison sort.
 */
function radixSortByString(rows: readonly Row[], field: string): readonly Row[] {
  const keys: string[] = new Array<string>(rows.length).fill('');
  const order: number[] = [];
  const nulls: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const value = (rows[i] as Row)[field];
    if (typeof value === 'string') {
      order.push(i);
      keys[i] = codePointKey(value);
    } else nulls.push(i);
  }
  const at = Int32Array.from(order);
  const spare = new Int32Array(at.length);
  const codes = new Int32Array(at.length);
  const counts = new Int32Array(258);
  const less = (x: number, y: number): boolean => {
    const a = keys[x] as string;
    const b = keys[y] as string;
    return a < b || (a === b && x < y);
  };
  // Stack of ranges: lo, hi, unit index, and 0 (whole unit or high byte) or 1 (low byte, high bytes all equal).
  const stack: number[] = [0, at.length, 0, 0];
  while (stack.length > 0) {
    const half = stack.pop() as number;
    const unit = stack.pop() as number;
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    if (hi - lo <= SMALL_RANGE) {
      for (let i = lo + 1; i < hi; i++) {
        const current = at[i] as number;
        let j = i - 1;
        while (j >= lo && less(current, at[j] as number)) {
          at[j + 1] = at[j] as number;
          j--;
        }
        at[j + 1] = current;
      }
      continue;
    }
    if (unit >= MAX_RADIX_DEPTH) {
      const part = Array.from(at.subarray(lo, hi)).sort((x, y) => (less(x, y) ? -1 : less(y, x) ? 1 : 0));
      at.set(part, lo);
      continue;
    }
    let max = 0;
    for (let i = lo; i < hi; i++) {
      const key = keys[at[i] as number] as string;
      const code = unit < key.length ? key.charCodeAt(unit) + 1 : 0;
      codes[i] = code;
      if (code > max) max = code;
    }
    // Digits: the unit plus one (0: the string ended) when every unit is below 256, else one of its bytes plus one.
    const byHighByte = half === 0 && max > 256;
    if (half === 1 || byHighByte) {
      for (let i = lo; i < hi; i++) {
        const code = codes[i] as number;
        codes[i] = code === 0 ? 0 : (half === 1 ? (code - 1) & 0xff : (code - 1) >> 8) + 1;
      }
    }
    counts.fill(0);
    for (let i = lo; i < hi; i++) {
      const d = (codes[i] as number) + 1;
      counts[d] = (counts[d] as number) + 1;
    }
    const nextUnit = byHighByte ? unit : unit + 1;
    const nextHalf = byHighByte ? 1 : 0;
    const first = codes[lo] as number;
    if (counts[first + 1] === hi - lo) {
      // Every key shares this digit: go on without moving anything (unless they all ended: then they are equal).
      if (first !== 0) stack.push(lo, hi, nextUnit, nextHalf);
      continue;
    }
    for (let d = 1; d < 258; d++) counts[d] = (counts[d] as number) + (counts[d - 1] as number);
    for (let i = lo; i < hi; i++) {
      const d = codes[i] as number;
      const to = counts[d] as number;
      counts[d] = to + 1;
      spare[lo + to] = at[i] as number;
    }
    at.set(spare.subarray(lo, hi), lo);
    // counts[d] now ends bucket d; bucket 0 (the strings ended) is all one key, already in id order.
    let start = lo + (counts[0] as number);
    for (let d = 1; d < 257; d++) {
      const end = lo + (counts[d] as number);
      if (end - start > 1) stack.push(start, end, nextUnit, nextHalf);
      start = end;
    }
  }
  const sorted: Row[] = new Array<Row>(rows.length);
  let k = 0;
  for (let i = 0; i < at.length; i++) sorted[k++] = rows[at[i] as number] as Row;
  for (const i of nulls) sorted[k++] = rows[i] as Row;
  return sorted;
}
