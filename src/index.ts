// pagination
export { pageMeta, toPageResult, type PageMeta, type PageMetaInput, type PageResult } from './pagination/index';

// query
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

// fields
export {
  OPERATORS,
  OPERATOR_NAMES,
  MAX_LIST_VALUES,
  QUERY_LIMITS,
  CURSOR_DEFAULT_LIMIT,
  isOperatorName,
  type FieldKind,
  type OperatorName,
  type OperatorArity,
  type OperatorSpec,
  type OrderTerm,
  type OrderDirection,
  type FieldDef,
} from './fields/index';

// resource
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

// repository
export {
  type Repository,
  type Transaction,
  type QueryResultRows,
  type CreateInput,
  type Patch,
  type ScopeOptions,
  type ListItem,
  type SelectFields,
  type SelectList,
} from './repository/index';
export { createMemoryRepository, type MemoryRepositoryOptions } from './memory/index';

// hooks
export { createHookBus, type HookBus, type HookBusOptions, type HookEvents, type HookOptions } from './hooks/index';

// service
export {
  createResourceService,
  type OperationOptions,
  type ResourceService,
  type ResourceServiceOptions,
  type ResourceHooks,
  type OperationContext,
  type CreateContext,
  type CreateErrorContext,
  type ListContext,
  type ListErrorContext,
  type ListByCursorContext,
  type ListByCursorErrorContext,
  type EntityContext,
  type IdErrorContext,
  type UpdateContext,
  type UpdateErrorContext,
  type BeforeCreateContext,
  type BeforeUpdateContext,
  type BeforeReplaceContext,
  type ReplaceContext,
  type ReplaceErrorContext,
  type ScopeContext,
  type ScopeFunction,
  type ServiceOperation,
  type DefaultLocals,
} from './service/index';

// errors
export {
  HttpError,
  isHttpError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  TooManyRequestsError,
  InternalServerError,
  ServiceUnavailableError,
  STATUS_NAMES,
  statusName,
  CORRELATION_ID_HEADER,
  isSafeCorrelationId,
  resolveCorrelationId,
  toErrorEnvelope,
  errorResponse,
  createErrorReporter,
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

// routes
export {
  ROUTE_TYPES,
  defineRoutes,
  DEFAULT_BODY_LIMIT,
  isJsonContentType,
  parseJsonBody,
  routeNotFoundError,
  methodNotAllowedError,
  bodyTooLargeError,
  parseContentEncoding,
  malformedEncodingError,
  hasBody,
  type BodyEncoding,
  type RouteType,
  type RouteMethod,
  type DefineRoutesOptions,
  type RouteOptions,
  type RouteInput,
  type RouteReply,
  type Route,
  type ResourceRoutes,
} from './routes/index';

// openapi
export {
  toOpenApi,
  toOpenApiRoute,
  responseSchemaOf,
  type OpenApiRoute,
  type OpenApiDocument,
  type OpenApiHeader,
  type OpenApiInfo,
  type OpenApiOptions,
  type OpenApiRouteOptions,
  type OpenApiSecurityRequirement,
  type OpenApiSecurityScheme,
  type OpenApiServer,
} from './openapi/index';
