import { CORRELATION_ID_HEADER, errorResponse, type ErrorReportInfo, type ErrorResponse } from '../errors/index';
import { splitUrl } from './split-url';

/** The request an error answers: its correlation id (already resolved), method and URL as received. */
export interface ErrorReplyRequest {
  readonly correlationId: string;
  readonly method: string;
  /** The request target as the client sent it (`originalUrl`); its query string is left out of `info.path`. */
  readonly url: string;
}

/** The error envelope response, and what a reporter is told of it (`createErrorReporter` reports only a 5xx). */
export interface ErrorReply extends ErrorResponse {
  readonly info: ErrorReportInfo;
}

/**
 * The error envelope of anything thrown (`errorResponse`) under the request's correlation id, the error's own headers
 * (`allow`, `retry-after`, ...) included, with the report info of the answer. Never throws.
 *
 * @example
 * const { statusCode, headers, body, info } = toErrorReply(error, { correlationId, method, url: req.originalUrl });
 * res.writeHead(statusCode, headers).end(JSON.stringify(body));
 * report(error, info);
 */
export function toErrorReply(error: unknown, request: ErrorReplyRequest): ErrorReply {
  const { correlationId, method, url } = request;
  const response = errorResponse(error, { headers: { [CORRELATION_ID_HEADER]: correlationId } });
  const info = { correlationId, method, path: splitUrl(url).path, statusCode: response.statusCode };
  return { statusCode: response.statusCode, headers: response.headers, body: response.body, info };
}
