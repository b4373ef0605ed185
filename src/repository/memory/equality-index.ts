import { keyOf } from './compile-predicate';

type Row = Readonly<Record<string, unknown>>;

/** Rows bucketed by the value of one enum-like field (enum or boolean), so equality filters count in O(1). */
export class EqualityIndex {
  private readonly buckets = new Map<unknown, Set<Row>>();

  constructor(readonly field: string) {}

  private keyOfRow(row: Row): unknown {
    const value = row[this.field];
    return value == null ? null : keyOf(value);
  }

  /** Replaces the content with `rows`. */
  load(rows: readonly Row[]): void {
    const groups = new Map<unknown, Row[]>();
    for (const row of rows) {
      const key = this.keyOfRow(row);
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    this.buckets.clear();
    for (const [key, group] of groups) this.buckets.set(key, new Set(group));
  }

  add(row: Row): void {
    const key = this.keyOfRow(row);
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new Set()));
    bucket.add(row);
  }

  remove(row: Row): void {
    this.buckets.get(this.keyOfRow(row))?.delete(row);
  }

  /** The rows whose value equals one of `values` (non-null values). */
  bucketsOf(values: readonly unknown[]): Set<Row>[] {
    const found: Set<Row>[] = [];
    for (const value of new Set(values.map(keyOf))) {
      const bucket = this.buckets.get(value);
      if (bucket && bucket.size > 0) found.push(bucket);
    }
    return found;
  }
}
