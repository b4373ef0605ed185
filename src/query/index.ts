export {
  OPERATORS,
  OPERATOR_NAMES,
  MAX_LIST_VALUES,
  isOperatorName,
  operatorFits,
  type FieldKind,
  type OperatorName,
  type OperatorArity,
  type OperatorSpec,
} from './operators';
export { QUERY_LIMITS } from './limits';
export { CURSOR_DEFAULT_LIMIT } from './resolve-bounds';
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
  OrderTerm,
  OrderDirection,
} from './types';
