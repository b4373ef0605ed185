// pagelope/kit: the toolkit for storage adapters (repositories). A repository gets `list`/`listByCursor` input and a
// request scope; the kit turns them into one validated NormalizedQuery, evaluates it the reference way, and builds
// page results and cursors exactly as the memory and PostgreSQL repositories do.

// The normalized query model and the functions that produce it.
export { normalizeListInput, normalizeCursorInput, type NormalizeOptions } from './normalize-list-input';
export {
  normalizeScope,
  type NormalizedQuery,
  type Condition,
  type ConditionGroups,
  type SearchTerm,
  type RelationCondition,
  type RelationMatch,
  type FilterTerm,
  type RelationPathParts,
  isRelationCondition,
  queryWith,
  relationPathOf,
  relationsRead,
} from '../query/index';
// Relations: the declared relations of a resource, with their related resources resolved.
export { resolveRelations, type ResolvedRelation } from '../resource/index';

// Cursors.
export { encodeCursor, decodeCursor, scopeTagOf, CURSOR_MISMATCH, type DecodedCursor } from '../pagination/index';
export { nextCursorOf } from '../query/index';

// The reference evaluation: predicate, comparator, code-point order.
export {
  compileQueryPredicate,
  compileAfterCursor,
  type RelatedLookup,
  compilePredicate,
  compileSearch,
  compileComparator,
  compareValues,
  keyOf,
} from '../query/index';
export { compareCodePoints, codePointKey } from '../internal/index';

// Page results.
export {
  pageMeta,
  toPageResult,
  ownPageResult,
  type PageMeta,
  type PageMetaInput,
  type PageResult,
  type TotalMode,
  type TotalRelation,
  type TotalOf,
  TOTAL_MODES,
  TOTAL_THRESHOLD,
} from '../pagination/index';
export { readPageWithTotal, exactTotalMeta, type PageTotalReader, type PageWithTotal } from './read-page-with-total';

// The error storage adapters throw: a 4xx for the client's faults (constraint and data errors), 503 for transient ones.
export { HttpError } from '../errors/index';
export { toWriteConflictError, isWriteConflictError } from './write-conflict-error';

// Writes: validation of records and the errors every repository answers with.
export {
  validateCreate,
  validateReplace,
  validatePatch,
  notFoundError,
  duplicateIdError,
  missingIdError,
  toRecordId,
  type Resource,
  type ValidateCreateOptions,
  type RecordId,
  type RecordIdOf,
} from '../resource/index';
export { quote } from '../errors/index';
export {
  OPERATORS,
  introspectFields,
  type OperatorSpec,
  type OperatorArity,
  type FieldDef,
  type FieldKind,
  type OperatorName,
  type OrderTerm,
} from '../fields/index';

// The repository contract's types.
export type {
  Repository,
  RepositoryPage,
  Transaction,
  QueryResultRows,
  CreateInput,
  Patch,
  ScopeOptions,
  RelationBinding,
  ByValuesOptions,
  BatchChange,
  ListItem,
  SelectFields,
  SelectList,
} from './repository';
export type { CursorInput, CursorPage, ListInput, TotalInput, Where } from '../query/index';

// Relations whose related records live in another store: what a repository without native support falls back on.
export { listByValues, countByValues, type ByValuesRequest } from './related-by-values';
export { resolveRelationTerms, RELATED_READ_LIMIT, type ResolveRelationTermsOptions } from './related-terms';
