export {
  defineResource,
  withTieBreaker,
  RESERVED_FIELD_NAMES,
  type Resource,
  type ResourceConfig,
  type PaginationOptions,
  type LimitPolicy,
  type FieldOf,
} from './define-resource';
export { introspectFields, type FieldDef, type SchemaLike, type IssueLike } from './introspect-fields';
export { validateRecord, issueMessages } from './validate-record';
