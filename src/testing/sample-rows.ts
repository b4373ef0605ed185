/**
 * The sampling of the contract's short mode: which rows of a table a secondary leg declares, and how many runs its
 * properties make.
 */

/** Short mode declares one row in this many of each table. */
export const SHORT_STRIDE = 3;

/** The most runs a property makes in short mode. */
export const SHORT_RUNS = 8;

/**
 * The offset of the rows a suite named `name` declares in short mode, from 0 to {@link SHORT_STRIDE} - 1: a 32-bit
 * FNV-1a hash of the name's UTF-16 code units, modulo the stride. The same name always gives the same offset; legs
 * with different names mostly sample different rows.
 */
export function shortOffsetOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SHORT_STRIDE;
}

/**
 * The rows at `offset`, `offset + SHORT_STRIDE`, `offset + 2 * SHORT_STRIDE`, ... of `rows`, in order; every row of a
 * table of at most two rows. A table of three rows or more gives at least one row for any offset from 0 to
 * {@link SHORT_STRIDE} - 1, and the offsets together give every row once.
 */
export function sampleRows<TRow>(rows: readonly TRow[], offset: number): TRow[] {
  if (rows.length <= 2) return [...rows];
  return rows.filter((_, index) => index % SHORT_STRIDE === offset);
}
