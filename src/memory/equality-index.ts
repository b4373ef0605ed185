import { keyOf } from '../kit/index';
import { OrderedIndex } from './ordered-index';

type Row = Readonly<Record<string, unknown>>;

const NONE: readonly Row[] = Object.freeze([]);

/**
 * Rows bucketed by the value of one field, so equality filters count in O(1): every enum-like field (enum or boolean)
 * has one, and a relating field (a to-many relation's `field`) gets one on first use, read to find a parent's related
 * records. Each bucket is an ordered index by id (chunked arrays: a quarter of the memory of a `Set`, and built from
 * rows in id order without a sort).
 */
export class EqualityIndex {
  private readonly buckets = new Map<unknown, OrderedIndex>();

  /**
   * @param presence When true, the index has two buckets only, the rows whose value is null or absent (key `null`)
   * and the others (key `true`), read by `isnull` and `notnull` through {@link bucketOf}: a soft-delete field's.
   */
  constructor(
    readonly field: string,
    private readonly idField: string,
    private readonly presence = false,
  ) {}

  private keyOfRow(row: Row): unknown {
    const value = row[this.field];
    if (value == null) return null;
    return this.presence ? true : keyOf(value);
  }

  /** The bucket of a key as the index keys rows (`null` for null or absent values), if it holds any row. */
  bucketOf(key: unknown): OrderedIndex | undefined {
    return this.buckets.get(key);
  }

  /** Replaces the content with `rows`, given in id order. */
  load(rows: readonly Row[]): void {
    const groups = new Map<unknown, Row[]>();
    for (const row of rows) {
      const key = this.keyOfRow(row);
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    this.buckets.clear();
    for (const [key, group] of groups) {
      const bucket = new OrderedIndex(this.idField, this.idField);
      bucket.load(group, true);
      this.buckets.set(key, bucket);
    }
  }

  add(row: Row): void {
    const key = this.keyOfRow(row);
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new OrderedIndex(this.idField, this.idField)));
    bucket.insert(row);
  }

  remove(row: Row): void {
    this.buckets.get(this.keyOfRow(row))?.remove(row);
  }

  /** Swaps a stored row for its new version: in place when its value is unchanged. */
  replace(previous: Row, next: Row): void {
    const key = this.keyOfRow(previous);
    const bucket = this.buckets.get(key);
    if (bucket && key === this.keyOfRow(next)) bucket.replace(previous, next);
    else {
      this.remove(previous);
      this.add(next);
    }
  }

  /** The rows whose value equals `value`, in id order (none for `null` or `undefined`). */
  rowsOf(value: unknown): readonly Row[] {
    if (value == null) return NONE;
    return this.buckets.get(keyOf(value))?.toArray() ?? NONE;
  }

  /** How many rows hold `value` (0 for `null` or `undefined`). */
  sizeOf(value: unknown): number {
    return value == null ? 0 : (this.buckets.get(keyOf(value))?.size ?? 0);
  }

  /** The buckets of the rows whose value equals one of `values` (non-null values). */
  bucketsOf(values: readonly unknown[]): OrderedIndex[] {
    const found: OrderedIndex[] = [];
    for (const value of new Set(values.map(keyOf))) {
      const bucket = this.buckets.get(value);
      if (bucket && bucket.size > 0) found.push(bucket);
    }
    return found;
  }
}
