import type { SearchTerm } from 'pagelope/kit';
import type { SqlDialect } from './sql-dialect';

/** What the search compiler reads of the statement being written. */
export interface SqlSearchSource {
  readonly dialect: Pick<SqlDialect, 'textMatch' | 'never'>;
  /**
   * Whether the statement can fold `field` as `toLowerCase()` folds it and test it for `needle` exactly (absent: a
   * function that folds so; a column that stores the field's text).
   */
  folds(field: string, needle: string): boolean;
  /** The text of `field` folded as `toLowerCase()` folds it, written (and its parameters bound) anew at each call. */
  folded(field: string): string;
  /** Binds a value as it is and returns its placeholder (a numbered dialect may return one placeholder per value). */
  add(value: string): string;
}

/**
 * A search (`q=`) as SQL: some searchable field contains the needle (lower-cased by the query) once folded,
 * `(a OR b ...)` with one dialect text test per field, so a NULL never matches; no field: the dialect's condition no
 * row meets. `undefined` when a field cannot be folded exactly in SQL (see {@link SqlSearchSource.folds}).
 */
export function compileSearch(search: SearchTerm, source: SqlSearchSource): string | undefined {
  const { dialect } = source;
  const { fields, needle } = search;
  // Every field checked before any is written: nothing is bound for a search left to the caller.
  if (!fields.every((field) => source.folds(field, needle))) return undefined;
  const terms = fields.map((field) =>
    dialect.textMatch(
      'contains',
      () => source.folded(field),
      needle,
      (value) => source.add(value),
    ),
  );
  return terms.length === 0 ? dialect.never : `(${terms.join(' OR ')})`;
}
