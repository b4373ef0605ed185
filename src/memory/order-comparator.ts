import { compileComparator, type OrderTerm } from '../kit/index';

type Row = Readonly<Record<string, unknown>>;
type Comparator = (a: Row, b: Row) => number;
type Fields = ReadonlyMap<string, { readonly kind: string }>;

/** Comparators by the field definitions of a store (its resource's), then by order: a few orders cover most lists. */
const compiled = new WeakMap<Fields, Map<string, Comparator>>();

/** Orders kept per store; past this many, the cache starts again (a client cycling through orders stays bounded). */
const MAX_ORDERS = 64;

/**
 * `compileComparator(order, fields)`, compiled once per store and order: every list request of the memory repository
 * needs its order's comparator, and compiling one builds a closure per term. Internal to the memory module.
 *
 * @example
 * const compare = orderComparator(store.fields, query.order);
 */
export function orderComparator(fields: Fields, order: readonly OrderTerm[]): Comparator {
  let byOrder = compiled.get(fields);
  if (byOrder === undefined) compiled.set(fields, (byOrder = new Map()));
  // Each term as its name's length, the name and the direction's initial: no two orders share a key.
  let key = '';
  for (let i = 0; i < order.length; i++) {
    const term = order[i] as OrderTerm;
    key += `${term.field.length}:${term.field}${term.direction === 'desc' ? 'd' : 'a'}`;
  }
  let compare = byOrder.get(key);
  if (compare === undefined) {
    if (byOrder.size >= MAX_ORDERS) byOrder.clear();
    compare = compileComparator(order, fields);
    byOrder.set(key, compare);
  }
  return compare;
}
