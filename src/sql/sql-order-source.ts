import type { SqlDialect } from './sql-dialect';

/**
 * What the order and keyset compilers read of the statement being written: its dialect, a field's column, how it
 * orders, whether it may be NULL, and how a value of the field is bound. Each call of `column`, `ordered` and `bind`
 * writes (and binds) anew, so a compiler calls them in the order their text appears (positional placeholders).
 */
export interface SqlOrderSource {
  readonly dialect: Pick<SqlDialect, 'orderTerm' | 'rowKeyset' | 'never'>;
  /** The field's column (or the expression that reads it), for `IS NULL` tests. */
  column(field: string): string;
  /** {@link column} as it compares and orders (in code-point order where the dialect collates text otherwise). */
  ordered(field: string): string;
  /** Whether the field may be NULL. */
  nullable(field: string): boolean;
  /** Binds a value of the field as its column takes it and returns its placeholder. */
  bind(field: string, value: unknown): string;
}
