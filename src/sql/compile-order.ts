import type { OrderTerm } from 'pagelope/kit';
import type { SqlOrderSource } from './sql-order-source';

/** NULLs last ascending and first descending, as the memory repository orders them. */
const nullsOf = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'last' : 'first');

/**
 * The `ORDER BY` list of `order` in the shared ordering: each term as it orders (code-point text), NULLs after every
 * value ascending and before every value descending.
 */
export function compileOrder(order: readonly OrderTerm[], source: SqlOrderSource): string {
  return order
    .map(({ field, direction }) =>
      source.dialect.orderTerm(
        () => source.ordered(field),
        direction,
        source.nullable(field) ? nullsOf(direction) : 'none',
      ),
    )
    .join(', ');
}

/**
 * The keyset condition "comes after the row whose sort key is `values`" in `order`, written (and bound) in text
 * order. Where the dialect has row comparisons, every term has the same direction and no sort field is nullable it is
 * one, `(a, b, id) > ($1, $2, $3)`, which an index on `(a, b, id)` serves directly. Otherwise it is the OR expansion
 * ("every earlier term equal, this one after") that also handles NULLs and mixed directions, led by a bound on the
 * first column (see {@link leadingBound}) that an index on it can start from.
 */
export function compileKeyset(order: readonly OrderTerm[], values: readonly unknown[], source: SqlOrderSource): string {
  const uniform = order.every(
    (term, i) => term.direction === order[0]?.direction && !source.nullable(term.field) && values[i] != null,
  );
  if (uniform && source.dialect.rowKeyset && order.length > 0) {
    const left = order.map((term) => source.ordered(term.field)).join(', ');
    const right = order.map((term, i) => source.bind(term.field, values[i])).join(', ');
    return `(${left}) ${order[0]?.direction === 'desc' ? '<' : '>'} (${right})`;
  }
  const first = order[0];
  const bound = first && leadingBound(first, values[0], source);
  const alternatives: string[] = [];
  order.forEach((term, i) => {
    // Ascending, NULLs last: nothing is after NULL (checked first: nothing may be bound for a term left out).
    if (term.direction === 'asc' && values[i] == null) return;
    const equal = order.slice(0, i).map((earlier, j) => equalTerm(earlier.field, values[j], source));
    alternatives.push([...equal, afterTerm(term, values[i], source)].join(' AND '));
  });
  if (alternatives.length === 0) return source.dialect.never;
  const expansion = alternatives.map((sql) => `(${sql})`).join(' OR ');
  return bound ? `${bound} AND (${expansion})` : expansion;
}

/**
 * A condition on the first sort column alone that every row after the cursor meets ("at or after the cursor's first
 * value"), so it adds no rows and removes none of the expansion's, but is an index range. Nulls sort after every value
 * ascending and before every value descending:
 * - descending, value `v`: `col <= v` (the NULLs come before `v`, and `NULL <= v` is not true);
 * - descending, NULL: none (every row can follow a NULL);
 * - ascending, NULL: `col IS NULL` (only NULLs follow a NULL);
 * - ascending, value `v`, column not nullable: `col >= v`;
 * - ascending, value `v`, nullable column: none (the NULLs after `v` make it `col >= v OR col IS NULL`, which is no
 *   single index range).
 */
function leadingBound({ field, direction }: OrderTerm, value: unknown, source: SqlOrderSource): string | undefined {
  if (direction === 'desc')
    return value == null ? undefined : `${source.ordered(field)} <= ${source.bind(field, value)}`;
  if (value == null) return `${source.column(field)} IS NULL`;
  return source.nullable(field) ? undefined : `${source.ordered(field)} >= ${source.bind(field, value)}`;
}

function equalTerm(field: string, value: unknown, source: SqlOrderSource): string {
  return value == null ? `${source.column(field)} IS NULL` : `${source.ordered(field)} = ${source.bind(field, value)}`;
}

/** The term's "after the cursor": NULL is after every value ascending, every value after NULL descending. */
function afterTerm({ field, direction }: OrderTerm, value: unknown, source: SqlOrderSource): string {
  if (direction === 'asc') {
    const greater = `${source.ordered(field)} > ${source.bind(field, value)}`;
    return source.nullable(field) ? `(${greater} OR ${source.column(field)} IS NULL)` : greater;
  }
  return value == null
    ? `${source.column(field)} IS NOT NULL`
    : `${source.ordered(field)} < ${source.bind(field, value)}`;
}
