// The reference evaluation of a normalized query: predicates over records, comparators of an order, the search,
// and the cursor's "strictly after" test. The memory repository runs them; other repositories test against them.
// Imports model/ (the query's types) and nothing of parse/.
export { compilePredicate, keyOf, type RelatedLookup } from './compile-predicate';
export { compileComparator, compareValues } from './compile-comparator';
export { compileSearch } from './compile-search';
export { compileQueryPredicate, compileAfterCursor } from './compile-query-predicate';
