export {
  OPERATORS,
  operatorFits,
  type FieldKind,
  type OperatorName,
  type OperatorArity,
  type OperatorSpec,
} from './operators';
export { QUERY_LIMITS } from './limits';
export type { OrderDirection, OrderTerm } from './order-term';
export { introspectFields, type FieldDef, type SchemaLike, type IssueLike } from './introspect-fields';
export { DATE_RANGE_REASON, isDateInRange, isCalendarDay, isCalendarDateText, dateRangeProblem } from './date-range';
export type { RecordId, RecordIdOf } from './record-id';
