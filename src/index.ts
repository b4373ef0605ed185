// pagelope: the entry for application authors. Resources, services, routes, errors, the query grammar and the
// OpenAPI document. Adapter authors add `pagelope/http`, storage authors `pagelope/kit` (which owns the `Repository`
// contract, re-exported here as a type).

// resources
export {
  defineResource,
  RESERVED_FIELD_NAMES,
  type Resource,
  type ResourceConfig,
  type PaginationOptions,
  type LimitPolicy,
  type FieldOf,
  type UnknownFieldPolicy,
  type RecordId,
  type RecordIdOf,
} from './resource/index';
export {
  OPERATORS,
  QUERY_LIMITS,
  type FieldDef,
  type FieldKind,
  type OperatorName,
  type OrderTerm,
  type OrderDirection,
} from './fields/index';

// the query grammar and pages
export {
  parseListQuery,
  parseCursorQuery,
  type ListQuery,
  type ListInput,
  type CursorQuery,
  type CursorInput,
  type CursorPage,
  type Where,
  type WhereClause,
  type FieldCondition,
} from './query/index';
export { pageMeta, type PageMeta, type PageMetaInput, type PageResult } from './pagination/index';

// storage
export type { Repository, Transaction, ListItem, SelectList } from './kit/index';
export { createMemoryRepository, type MemoryRepositoryOptions } from './memory/index';

// hooks and services
export { createHookBus, type HookBus, type HookBusOptions, type HookEvents, type HookOptions } from './hooks/index';
export {
  createResourceService,
  type OperationOptions,
  type WriteOptions,
  type ResourceService,
  type ResourceServiceOptions,
  type ResourceHooks,
  type HookContext,
  type ScopeContext,
  type ScopeFunction,
  type ServiceOperation,
  type DefaultLocals,
} from './service/index';

// errors
export {
  HttpError,
  isHttpError,
  CORRELATION_ID_HEADER,
  resolveCorrelationId,
  toErrorEnvelope,
  errorResponse,
  type HttpErrorBody,
  type HttpErrorOptions,
  type ErrorEnvelope,
  type ToErrorEnvelopeOptions,
  type ErrorResponse,
  type ErrorResponseOptions,
  type ErrorReportInfo,
  type ErrorReportingOptions,
  type ReportError,
  type HeadersInput,
} from './errors/index';
export type { RequestHeaders } from './internal/index';

// routes and the document
export {
  ROUTE_TYPES,
  defineRoutes,
  type RouteType,
  type DefineRoutesOptions,
  type RouteOptions,
  type ResourceRoutes,
} from './routes/index';
export { toOpenApi, type OpenApiDocument, type OpenApiInfo, type OpenApiOptions } from './openapi/index';
