export { HttpError, isHttpError, type HttpErrorBody, type HttpErrorOptions } from './http-error';
export {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InternalServerError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnprocessableEntityError,
} from './http-errors';
export { STATUS_NAMES, statusName } from './status-names';
export { CORRELATION_ID_HEADER, isSafeCorrelationId, resolveCorrelationId } from './correlation-id';
export { toErrorEnvelope, type ErrorEnvelope, type ToErrorEnvelopeOptions } from './error-envelope';
export { errorResponse, type ErrorResponse, type ErrorResponseOptions } from './error-response';
export type { HeadersInput } from '../internal/index';
export {
  createErrorReporter,
  type ErrorReportInfo,
  type ErrorReportingOptions,
  type ReportError,
} from './report-error';
export { Problems, badRequest, quote, clean, type ProblemSink } from './problems';
