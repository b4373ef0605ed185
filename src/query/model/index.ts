// The query model: the public query types, the normalized, frozen query every repository consumes, and its
// normalization from programmatic input (`where`, `orderBy`, scope, search, select, and the limit and page rules of
// page-limits.ts). The lowest room of src/query: it imports neither parse/ nor evaluate/.
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
  OrderTerm,
} from './types';
export {
  remember,
  type NormalizedQuery,
  type Condition,
  type ConditionGroups,
  type SearchTerm,
  type RelationCondition,
  type RelationMatch,
  type FilterTerm,
  isRelationCondition,
} from './normalized-query';
export { queryWith } from './query-with';
export { relationPathOf, type RelationPathParts } from './relation-path';
export { relationsRead } from './relations-read';
export { normalizeInput, finishQuery } from './normalize-input';
export { normalizeScope } from './normalize-scope';
export { resolvePageLimits } from './page-limits';
export { SEARCH_LENGTH, resolveSearch, resolveSelect } from './search-and-select';
export { resolveRelationNames } from './relation-names';
export { toCondition } from './to-condition';
export { toWhere } from './to-where';
export { nextCursorOf } from './next-cursor';
export { withTotal, type TotalChoice } from './with-total';
