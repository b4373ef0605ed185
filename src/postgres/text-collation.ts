import type { FieldDef } from 'pagelope/kit';
import { isTextType, type SqlType } from './sql-types';

/**
 * What the adapter assumes of the collation of the table's text columns, which decides where `COLLATE "C"` is added
 * for code-point order (orderings, ranges, keyset predicates; never equality, which is the same in every
 * deterministic collation and keeps the column's indexes):
 * - `'detect'` (default): read each column's collation from the catalog the first time the repository runs a
 *   statement, and keep it; columns in the "C" (or "POSIX") collation and non-text columns (uuid, numbers, dates)
 *   are compared as they are, every other text column with `COLLATE "C"`.
 * - `'C'`: every text column is declared `COLLATE "C"` (as `createTableSql` declares them): nothing is collated.
 * - `'unknown'`: add `COLLATE "C"` to every string and enum field on a text column (always correct; indexes on
 *   columns in another collation cannot serve that order).
 */
export type TextCollation = 'detect' | 'C' | 'unknown';

/** Whether a field holds text the adapter orders by code point (string and enum fields). */
const isTextField = (def: FieldDef): boolean => def.kind === 'string' || def.kind === 'enum';

/** What the catalog says of one column: its type, and whether it is collatable and in "C"/"POSIX". */
export interface CatalogColumn {
  readonly type: SqlType;
  readonly collatable: boolean;
  readonly codePoint: boolean;
}

/**
 * Whether a field's column needs `COLLATE "C"` for code-point order under `mode`. `column` is what the catalog says
 * (absent: not read, or no such column, which is collated as if nothing were known).
 */
export function needsCollate(
  def: FieldDef,
  type: SqlType,
  mode: TextCollation,
  column: CatalogColumn | undefined,
): boolean {
  if (!isTextField(def) || mode === 'C') return false;
  if (!column) return isTextType(type);
  return column.collatable && (mode === 'unknown' || !column.codePoint);
}
