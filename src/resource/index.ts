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
export { EMBED_LIMITS } from './relation-config';
export { resolveRelations, type ResolvedRelation } from './resolve-relations';
export { baseResource, cursorDefaultLimit, withRoutePagination } from './route-resource';
export { freezeMap } from './freeze-collection';
export { validateCreate, validateReplace, validatePatch, type ValidateCreateOptions } from './validate-record';
export { checkBody } from './check-body';
export { validateWrite } from './validate-write';
export { markValidated } from './write-marks';
export { notFoundError } from './not-found-error';
export { duplicateIdError } from './duplicate-id-error';
export { missingIdError } from './missing-id-error';
export { toRecordId } from './to-record-id';
export { MAX_ID_PATH_LENGTH } from './id-text-problem';
export type { RecordId, RecordIdOf } from '../fields/index';
