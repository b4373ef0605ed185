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
export { QUERY_LIMITS, CURSOR_DEFAULT_LIMIT } from './limits';
export type { OrderDirection, OrderTerm } from './order-term';
export { introspectFields, type FieldDef, type SchemaLike, type IssueLike } from './introspect-fields';
export { Problems, badRequest, quote, clean, type ProblemSink } from './problems';
export {
  DATE_YEARS,
  DATE_RANGE_REASON,
  isDateInRange,
  isCalendarDay,
  isCalendarDateText,
  dateRangeProblem,
} from './date-range';
export type { RecordId, RecordIdOf } from './record-id';
