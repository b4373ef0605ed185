/**
 * The lower-cased text of a column, as the case-insensitive operators and the search compare it: the one expression
 * both the WHERE clauses and the trigram indexes of `createTableSql` are written with, since PostgreSQL uses an
 * expression index only for the very same expression.
 *
 * `lower()` folds by the column's collation: the database default's comes closest to JavaScript's `toLowerCase()`
 * ("C" folds ASCII only, and `createTableSql` declares text columns "C"). U+0130 (İ) is the one single-character
 * difference left: JavaScript folds it to "i̇" (i + U+0307), PostgreSQL to "i", so it is spelled out first. Final
 * sigma stays a documented difference. `ILIKE` is not used for the same reason: it folds by the column's collation.
 */
export function lowerText(column: string): string {
  return `lower(replace(${column} COLLATE "default", 'İ', 'i̇'))`;
}
