export {
  defineResource,
  withTieBreaker,
  RESERVED_FIELD_NAMES,
  type Resource,
  type ResourceConfig,
  type PaginationOptions,
  type LimitPolicy,
  type FieldOf,
  type UnknownFieldPolicy,
} from './define-resource';
export { introspectFields, type FieldDef, type SchemaLike, type IssueLike } from './introspect-fields';
export { validateCreate, validateReplace, validatePatch, issueMessages } from './validate-record';
export { notFoundError } from './not-found-error';
