// src/query: the list-query grammar, in three rooms, each with its own index.ts:
//   parse/     HTTP query text to a query (parseListQuery, parseCursorQuery), and every route's query parameters;
//   model/     the public query types, the normalized, frozen query and its normalization from programmatic input,
//              and the limit and page rules (model/page-limits.ts);
//   evaluate/  the reference evaluation of a normalized query: predicates and comparators.
// parse/ and evaluate/ build on model/; model/ imports neither. This file is the module's only surface for the rest
// of src/.

// Parsing HTTP query strings.
export {
  OR_LIMITS,
  parseListQuery,
  parseCursorQuery,
  parseRouteListQuery,
  parseRouteCursorQuery,
  parseRouteGetQuery,
  parseRouteDeleteQuery,
  parseRouteWriteQuery,
  type DeletedParam,
} from './parse/index';

// The query types, and the normalized query model every repository consumes.
export type {
  ListQuery,
  ListInput,
  TotalInput,
  CursorQuery,
  CursorInput,
  CursorPage,
  Where,
  WhereClause,
  FieldCondition,
  Selected,
  NormalizedQuery,
  Condition,
  ConditionGroups,
  SearchTerm,
  RelationCondition,
  RelationMatch,
  FilterTerm,
  RelationPathParts,
} from './model/index';
export { isRelationCondition, queryWith, relationPathOf, relationsRead } from './model/index';
export { SEARCH_LENGTH, resolveSelect, normalizeInput, normalizeScope, nextCursorOf } from './model/index';

// The reference evaluation of a normalized query.
export {
  compilePredicate,
  keyOf,
  compileComparator,
  compareValues,
  compileSearch,
  compileQueryPredicate,
  compileAfterCursor,
  type RelatedLookup,
} from './evaluate/index';
