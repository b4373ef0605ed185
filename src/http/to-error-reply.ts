import { CORRELATION_ID_HEADER, errorResponse, type ErrorReportInfo, type ErrorResponse } from '../errors/index';
import { splitUrl } from './split-url';

/** The request an error answers, as an adapter knows it. */
export interface ErrorRequest {
  /** The correlation id already resolved for the request. */
  readonly correlationId: string;
  readonly method: string;
  /** The request target as the client sent it (with any mount prefix and query string). */
  readonly url: string;
}

/** The answer to an error: status, headers and envelope of `errorResponse`, and what a reporter is told of it. */
export interface ErrorReply extends ErrorResponse {
  /** For `createErrorReporter`'s function: the correlation id, method, path (without the query) and status. */
  readonly info: ErrorReportInfo;
}

/**
 * The error envelope of anything thrown (`errorResponse`) under the request's correlation id, the error's own headers
 * (`allow`, `retry-after`, ...) included, and the report info of that answer: what every adapter's error-writing
 * piece computes before the framework writes it.
 *
 * @example
 * const { statusCode, headers, body, info } = toErrorReply(error, { correlationId, method: req.method, url: req.url });
 */
export function toErrorReply(error: unknown, request: ErrorRequest): ErrorReply {
  const response = errorResponse(error, { headers: { [CORRELATION_ID_HEADER]: request.correlationId } });
  const { statusCode, body } = response;
  const path = splitUrl(request.url).path;
  return { ...response, info: { correlationId: body.correlationID, method: request.method, path, statusCode } };
}
