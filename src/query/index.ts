// The list-query grammar: parsing HTTP query strings and programmatic input.
export { OR_LIMITS } from './query-params';
export { SEARCH_LENGTH, resolveSelect } from './search-and-select';
export { parseListQuery, parseCursorQuery } from './parse-list-query';
export type {
  ListQuery,
  ListInput,
  CursorQuery,
  CursorInput,
  CursorPage,
  Where,
  WhereClause,
  FieldCondition,
  Selected,
} from './types';

// The normalized query model every repository consumes.
export type { NormalizedQuery, Condition, ConditionGroups, SearchTerm } from './normalized-query';
export { normalizeInput } from './normalize-input';
export { normalizeScope } from './normalize-scope';
export { nextCursorOf } from './next-cursor';

// The reference evaluation of a normalized query.
export { compilePredicate, keyOf } from './compile-predicate';
export { compileComparator, compareValues } from './compile-comparator';
export { compileSearch } from './compile-search';
export { compileQueryPredicate, compileAfterCursor } from './compile-query-predicate';
