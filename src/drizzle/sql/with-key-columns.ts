import type { ConstraintViolation, SqlDialect } from './sql-dialect';

/**
 * `dialect` for the table `table` whose duplicate-key errors name the key they broke but not its columns: `keyOf`
 * reads the key's name from the error and `keys` gives its columns, so that the repository tells a duplicate id (a
 * 409 naming the id) from another unique value. A key not in `keys` leaves the violation as the dialect reads it.
 */
export function withKeyColumns(
  dialect: SqlDialect,
  table: string,
  keys: ReadonlyMap<string, readonly string[]>,
  keyOf: (error: unknown) => string | undefined,
): SqlDialect {
  return Object.freeze({
    ...dialect,
    constraintViolation(error: unknown): ConstraintViolation | undefined {
      const violation = dialect.constraintViolation(error);
      if (violation?.kind !== 'unique' || violation.columns) return violation;
      const columns = keys.get(keyOf(error) ?? '');
      return columns ? { kind: 'unique', columns, table } : violation;
    },
  });
}
