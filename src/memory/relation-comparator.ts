import { compileComparator, relationPathOf, type OrderTerm } from '../kit/index';
import { compareNullable } from './ordered-index';

type Row = Readonly<Record<string, unknown>>;
type Comparator = (a: Row, b: Row) => number;

/**
 * The comparator of an order whose terms may be to-one relation paths (`'author.fullName'`): a path compares the
 * values `valueOf` gives (the related record's field, `null` without one) with the reference comparator's rules
 * (nulls last ascending, first descending); a field of the resource compares as `compileComparator` does.
 *
 * @example
 * const compare = relationComparator(store.fields, query.order, valueOf);
 */
export function relationComparator(
  fields: ReadonlyMap<string, { readonly kind: string }>,
  order: readonly OrderTerm[],
  valueOf: (path: string, row: Row) => unknown,
): Comparator {
  const terms = order.map(({ field, direction }) => {
    const sign = direction === 'desc' ? -1 : 1;
    if (relationPathOf(field) === undefined)
      return { compare: compileComparator([{ field, direction }], fields), sign: 1 };
    const compare: Comparator = (a, b) => compareNullable(valueOf(field, a), valueOf(field, b));
    return { compare, sign };
  });
  return (a, b) => {
    for (const { compare, sign } of terms) {
      const result = compare(a, b);
      if (result !== 0) return result * sign;
    }
    return 0;
  };
}
