import type { OrderTerm } from 'pagelope/kit';
import type { SqlStatement } from './sql-statement';

/** NULLs last ascending and first descending, as the memory repository orders them. */
const nullsOf = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'last' : 'first');

/** Whether `statement` can order by every term of `order` (fields of its table, relation paths it reads). */
export function canOrder(order: readonly OrderTerm[], statement: SqlStatement): boolean {
  return order.every((term) => statement.reads(term.field));
}

/** The `ORDER BY` list of `order`: each term by its column, NULLs last ascending and first descending. */
export function compileSqlOrder(order: readonly OrderTerm[], statement: SqlStatement): string {
  return order
    .map(({ field, direction }) =>
      statement.dialect.orderTerm(
        () => statement.ordered(field),
        direction,
        statement.nullable(field) ? nullsOf(direction) : 'none',
      ),
    )
    .join(', ');
}

/**
 * The rows strictly after the sort key `after` (one value per term) in `order`, as SQL: an OR over the terms of
 * "every earlier term equal, this one after", where NULL is after every value ascending and before every value
 * descending, as {@link compileSqlOrder} orders them.
 */
export function compileSqlKeyset(
  order: readonly OrderTerm[],
  after: readonly unknown[],
  statement: SqlStatement,
): string {
  const alternatives: string[] = [];
  for (let i = 0; i < order.length; i++) {
    // Ascending, NULLs last: nothing is after NULL (checked first: nothing may be bound for a term left out).
    if ((order[i] as OrderTerm).direction === 'asc' && after[i] == null) continue;
    const parts: string[] = [];
    for (let j = 0; j < i; j++) {
      const { field } = order[j] as OrderTerm;
      const value = after[j];
      parts.push(
        value == null
          ? `${statement.column(field)} IS NULL`
          : `${statement.ordered(field)} = ${statement.bind(field, value)}`,
      );
    }
    const { field, direction } = order[i] as OrderTerm;
    const value = after[i];
    // Each use of a column is written (and its parameters bound) in text order: a relation path's subquery binds.
    const column = () => statement.column(field);
    const ordered = () => statement.ordered(field);
    if (direction === 'asc') {
      // NULL is after every value.
      const greater = `${ordered()} > ${statement.bind(field, value)}`;
      parts.push(statement.nullable(field) ? `(${greater} OR ${column()} IS NULL)` : greater);
    } else {
      // Descending, NULLs first: every value is after NULL.
      parts.push(value == null ? `${column()} IS NOT NULL` : `${ordered()} < ${statement.bind(field, value)}`);
    }
    alternatives.push(parts.join(' AND '));
  }
  return alternatives.length === 0 ? '1 = 0' : alternatives.map((sql) => `(${sql})`).join(' OR ');
}
