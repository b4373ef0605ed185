export { OR_LIMITS } from './query-params';
export { SEARCH_LENGTH } from './search-and-select';
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
} from './types';
export type { Selected } from './types';
export type { NormalizedQuery } from './normalized-query';
export type { SearchTerm } from './normalized-query';
export type { Condition } from './normalized-query';
export { normalizeInput } from './normalize-input';
export { nextCursorOf } from './next-cursor';
export { normalizeScope } from './normalize-scope';
export { compilePredicate } from './compile-predicate';
export { resolveSelect } from './search-and-select';
export { compileComparator } from './compile-comparator';
export { compareValues } from './compile-comparator';
export { keyOf } from './compile-predicate';
export type { ConditionGroups } from './normalized-query';
export { compileSearch } from './compile-search';
export { compileQueryPredicate, compileAfterCursor } from './compile-query-predicate';
