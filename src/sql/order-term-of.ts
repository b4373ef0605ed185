import type { SqlDialect } from './sql-dialect';

/**
 * A dialect's `orderTerm` (see {@link SqlDialect.orderTerm}): `x ASC NULLS LAST` where the dialect has
 * `NULLS FIRST/LAST` (`nullsKeyword`: SQLite), else an `x IS NULL` term first (`x IS NULL ASC, x ASC`: MariaDB); for
 * a column without NULLs the plain `x ASC`, which an index on it serves.
 */
export function orderTermOf(nullsKeyword: boolean): SqlDialect['orderTerm'] {
  return (expression, direction, nulls) => {
    const order = direction.toUpperCase();
    if (nulls === 'none') return `${expression()} ${order}`;
    if (nullsKeyword) return `${expression()} ${order} NULLS ${nulls.toUpperCase()}`;
    return `${expression()} IS NULL ${nulls === 'last' ? 'ASC' : 'DESC'}, ${expression()} ${order}`;
  };
}
