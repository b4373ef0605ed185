import type { OrderTerm } from '../query/types';
import type { FieldDef } from '../resource/introspect-fields';
import { comparable } from './column-types';
import { quoteIdentifier } from './quote-identifier';
import type { SqlParams } from './sql-params';

type Fields = ReadonlyMap<string, FieldDef>;

/** `ORDER BY` terms in the shared ordering: code-point text, nulls after every value ascending, first descending. */
export function compileOrderBy(order: readonly OrderTerm[], fields: Fields): string {
  return order
    .map(({ field, direction }) => {
      const col = comparable(quoteIdentifier(field), fields.get(field));
      return direction === 'desc' ? `${col} DESC NULLS FIRST` : `${col} ASC NULLS LAST`;
    })
    .join(', ');
}

/**
 * The keyset condition "comes after the row whose sort key is `values`" in `order`. When every term has the same
 * direction and no sort field is nullable it is one row comparison, `(a, b, id) > ($1, $2, $3)`, which an index on
 * `(a, b, id)` serves directly; otherwise the equivalent expansion that also handles NULLs and mixed directions.
 */
export function compileKeyset(
  order: readonly OrderTerm[],
  values: readonly unknown[],
  fields: Fields,
  params: SqlParams,
): string {
  const terms = order.map((term, i) => ({
    ...term,
    column: quoteIdentifier(term.field),
    def: fields.get(term.field),
    value: values[i],
  }));
  const uniform = terms.every((t) => t.direction === terms[0]?.direction && !t.def?.nullable && t.value != null);
  if (uniform) {
    const left = terms.map((t) => comparable(t.column, t.def)).join(', ');
    const right = terms.map((t) => params.add(t.value)).join(', ');
    return `(${left}) ${terms[0]?.direction === 'desc' ? '<' : '>'} (${right})`;
  }
  const ors: string[] = [];
  terms.forEach((term, i) => {
    const after = afterTerm(term, params);
    if (after === 'FALSE') return;
    const equal = terms.slice(0, i).map((t) => equalTerm(t, params));
    ors.push([...equal, after].join(' AND '));
  });
  return ors.length === 0 ? 'FALSE' : ors.map((sql) => `(${sql})`).join(' OR ');
}

interface Term {
  readonly direction: 'asc' | 'desc';
  readonly column: string;
  readonly def: FieldDef | undefined;
  readonly value: unknown;
}

function equalTerm({ column, def, value }: Term, params: SqlParams): string {
  return value == null ? `${column} IS NULL` : `${comparable(column, def)} = ${params.add(value)}`;
}

function afterTerm({ direction, column, def, value }: Term, params: SqlParams): string {
  const col = comparable(column, def);
  if (direction === 'asc') {
    if (value == null) return 'FALSE';
    return def?.nullable ? `(${col} > ${params.add(value)} OR ${column} IS NULL)` : `${col} > ${params.add(value)}`;
  }
  return value == null ? `${column} IS NOT NULL` : `${col} < ${params.add(value)}`;
}
