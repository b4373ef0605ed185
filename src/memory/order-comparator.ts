import { compileComparator, type OrderTerm } from '../kit/index';

type Row = Readonly<Record<string, unknown>>;
type Comparator = (a: Row, b: Row) => number;
type Fields = ReadonlyMap<string, { readonly kind: string }>;

/** One step of the cache: the comparator of the order so far, and the orders that go on by one more term. */
interface Step {
  compare?: Comparator;
  readonly asc: Map<string, Step>;
  readonly desc: Map<string, Step>;
}

interface Cache {
  root: Step;
  size: number;
}

/** Comparators by the field definitions of a store (its resource's), then by order, term by term. */
const caches = new WeakMap<Fields, Cache>();

/** Orders kept per resource; past this many, the cache starts again (a client cycling through orders stays bounded). */
const MAX_ORDERS = 64;

const step = (): Step => ({ asc: new Map(), desc: new Map() });

/**
 * `compileComparator(order, fields)`, compiled once per resource and order: every list request of the memory
 * repository needs its order's comparator, and compiling one builds closures. Looked up term by term (a map lookup
 * per term, no key built). Internal to the memory module.
 *
 * @example
 * const compare = orderComparator(store.fields, query.order);
 */
export function orderComparator(fields: Fields, order: readonly OrderTerm[]): Comparator {
  let cache = caches.get(fields);
  if (cache === undefined) caches.set(fields, (cache = { root: step(), size: 0 }));
  let at = cache.root;
  for (let i = 0; i < order.length; i++) {
    const term = order[i] as OrderTerm;
    const next = term.direction === 'desc' ? at.desc : at.asc;
    let found = next.get(term.field);
    if (found === undefined) next.set(term.field, (found = step()));
    at = found;
  }
  if (at.compare !== undefined) return at.compare;
  if (cache.size >= MAX_ORDERS) {
    cache.root = step();
    cache.size = 0;
    return orderComparator(fields, order);
  }
  cache.size++;
  return (at.compare = compileComparator(order, fields));
}
