type Row = Readonly<Record<string, unknown>>;

/** Visits each row of a source once. */
export type RowSource = (visit: (row: Row) => void) => void;

/** The matches of a pass: how many rows passed, and the `k` smallest of them in order. */
export interface TopResult {
  readonly total: number;
  readonly top: Row[];
}

/**
 * One pass over `source`: counts the rows that pass `test` and keeps the `k` smallest by `compare`, sorted. Bounded
 * selection: the buffer is sorted and cut back to `k` whenever it reaches `2k`, and a row that is not below the
 * current k-th smallest costs one comparison. It never sorts the whole set unless `k` covers it.
 */
export function selectTop(
  source: RowSource,
  test: ((row: Row) => boolean) | undefined,
  compare: (a: Row, b: Row) => number,
  k: number,
): TopResult {
  let total = 0;
  if (k <= 0) {
    source(test ? (row) => void (test(row) && total++) : () => void total++);
    return { total, top: [] };
  }
  const cap = Math.max(2 * k, 256);
  const buffer: Row[] = [];
  let threshold: Row | undefined;
  source((row) => {
    if (test && !test(row)) return;
    total++;
    if (threshold !== undefined && compare(row, threshold) >= 0) return;
    buffer.push(row);
    if (buffer.length >= cap) {
      buffer.sort(compare);
      buffer.length = k;
      threshold = buffer[k - 1];
    }
  });
  buffer.sort(compare);
  if (buffer.length > k) buffer.length = k;
  return { total, top: buffer };
}
