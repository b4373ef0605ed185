import { compareCodePoints } from '../../internal/index';
import type { OrderTerm } from '../model/index';

type Comparator = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) => number;

/**
 * Compares two non-null values of one field kind: strings, enums and calendar dates (`'YYYY-MM-DD'`, whose text
 * order is their date order) by code point, numbers and dates by value,
 * booleans false before true.
 */
export function compareValues(x: unknown, y: unknown): number {
  if (typeof x === 'string' && typeof y === 'string') return compareCodePoints(x, y);
  if (x instanceof Date && y instanceof Date) return x.getTime() - y.getTime();
  if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  return 0;
}

type FieldCompare = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) => number;

/** A comparator of one field, ascending, nulls last, specialised to the field's kind when it is known. */
function compileTerm(field: string, kind: string | undefined): FieldCompare {
  const nulls = (x: unknown, y: unknown): number => (x == null ? (y == null ? 0 : 1) : -1);
  switch (kind) {
    case 'date':
      return (a, b) => {
        const x = a[field] as Date | null | undefined;
        const y = b[field] as Date | null | undefined;
        return x == null || y == null ? nulls(x, y) : x.getTime() - y.getTime();
      };
    case 'number':
      return (a, b) => {
        const x = a[field] as number | null | undefined;
        const y = b[field] as number | null | undefined;
        return x == null || y == null ? nulls(x, y) : x < y ? -1 : x > y ? 1 : 0;
      };
    case 'string':
    case 'enum':
    case 'isoDate': // 'YYYY-MM-DD' texts of four-digit years sort as their dates
      return (a, b) => {
        const x = a[field] as string | null | undefined;
        const y = b[field] as string | null | undefined;
        return x == null || y == null ? nulls(x, y) : x === y ? 0 : compareCodePoints(x, y);
      };
    default:
      return (a, b) => {
        const x = a[field];
        const y = b[field];
        return x == null || y == null ? nulls(x, y) : compareValues(x, y);
      };
  }
}

/**
 * Compiles an order into a comparator: each term in turn, null or missing values after all others ascending
 * (first descending), as PostgreSQL does. `kinds` (field to kind) lets each term use a comparison made for its kind.
 */
export function compileComparator(
  order: readonly OrderTerm[],
  kinds: ReadonlyMap<string, { readonly kind: string }> = new Map(),
): Comparator {
  const terms = order.map(({ field, direction }) => ({
    compare: compileTerm(field, kinds.get(field)?.kind),
    sign: direction === 'desc' ? -1 : 1,
  }));
  const [first, second] = terms;
  if (terms.length === 1 && first) return first.sign === 1 ? first.compare : (a, b) => -first.compare(a, b);
  if (terms.length === 2 && first && second) {
    const { compare: c1, sign: s1 } = first;
    const { compare: c2, sign: s2 } = second;
    return (a, b) => c1(a, b) * s1 || c2(a, b) * s2;
  }
  return (a, b) => {
    for (const { compare, sign } of terms) {
      const result = compare(a, b);
      if (result !== 0) return result * sign;
    }
    return 0;
  };
}
