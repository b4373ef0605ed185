import type { OrderTerm, FieldDef } from 'pagelope/kit';
import { bindValue, comparable, type SqlContext } from './sql-context';

/** `ORDER BY` terms in the shared ordering: code-point text, nulls after every value ascending, first descending. */
export function compileOrderBy(order: readonly OrderTerm[], context: Pick<SqlContext, 'collate' | 'column'>): string {
  return order
    .map(({ field, direction }) => {
      const col = comparable(field, context);
      return direction === 'desc' ? `${col} DESC NULLS FIRST` : `${col} ASC NULLS LAST`;
    })
    .join(', ');
}

interface Term {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
  readonly column: string;
  /** The column as compared: with `COLLATE "C"` when the context says so. */
  readonly col: string;
  readonly def: FieldDef | undefined;
  readonly value: unknown;
}

/**
 * The keyset condition "comes after the row whose sort key is `values`" in `order`. When every term has the same
 * direction and no sort field is nullable it is one row comparison, `(a, b, id) > ($1, $2, $3)`, which an index on
 * `(a, b, id)` serves directly. Otherwise it is the expansion that also handles NULLs and mixed directions, led by a
 * bound on the first column (see {@link leadingBound}) that an index on it can start from: without one PostgreSQL
 * can only filter the OR, reading every row before the cursor.
 */
export function compileKeyset(order: readonly OrderTerm[], values: readonly unknown[], context: SqlContext): string {
  const terms: Term[] = order.map((term, i) => {
    const column = context.column(term.field);
    const col = comparable(term.field, context);
    return { ...term, column, col, def: context.fields.get(term.field), value: values[i] };
  });
  const uniform = terms.every((t) => t.direction === terms[0]?.direction && !t.def?.nullable && t.value != null);
  if (uniform) {
    const left = terms.map((t) => t.col).join(', ');
    const right = terms.map((t) => bindValue(t.field, t.value, context)).join(', ');
    return `(${left}) ${terms[0]?.direction === 'desc' ? '<' : '>'} (${right})`;
  }
  const ors: string[] = [];
  terms.forEach((term, i) => {
    const after = afterTerm(term, context);
    if (after === 'FALSE') return;
    const equal = terms.slice(0, i).map((t) => equalTerm(t, context));
    ors.push([...equal, after].join(' AND '));
  });
  if (ors.length === 0) return 'FALSE';
  const expansion = ors.map((sql) => `(${sql})`).join(' OR ');
  const bound = terms[0] && leadingBound(terms[0], context);
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
function leadingBound({ field, direction, column, col, def, value }: Term, context: SqlContext): string | undefined {
  if (direction === 'desc') return value == null ? undefined : `${col} <= ${bindValue(field, value, context)}`;
  if (value == null) return `${column} IS NULL`;
  return def?.nullable ? undefined : `${col} >= ${bindValue(field, value, context)}`;
}

function equalTerm({ field, column, col, value }: Term, context: SqlContext): string {
  return value == null ? `${column} IS NULL` : `${col} = ${bindValue(field, value, context)}`;
}

function afterTerm({ field, direction, column, col, def, value }: Term, context: SqlContext): string {
  const bound = () => bindValue(field, value, context);
  if (direction === 'asc') {
    if (value == null) return 'FALSE';
    return def?.nullable ? `(${col} > ${bound()} OR ${column} IS NULL)` : `${col} > ${bound()}`;
  }
  return value == null ? `${column} IS NOT NULL` : `${col} < ${bound()}`;
}
