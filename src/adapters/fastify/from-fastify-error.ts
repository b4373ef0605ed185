import { HttpError } from 'pagelope';
import { bodyTooLargeError } from 'pagelope/http';
import { unsupportedMediaType } from './body-parsers';

const malformedJson = (cause: unknown): HttpError => new HttpError(400, 'Malformed JSON body', { cause });

/** Fastify's own errors for a body it could not take, by code. */
const BODY_ERRORS: ReadonlyMap<string, (limit: number, cause: unknown) => unknown> = new Map([
  ['FST_ERR_CTP_BODY_TOO_LARGE', (limit: number) => bodyTooLargeError(limit)],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', () => unsupportedMediaType()],
  ['FST_ERR_ROUTE_MISSING_CONTENT_TYPE', () => unsupportedMediaType()],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', (_limit: number, cause: unknown) => malformedJson(cause)],
  ['FST_ERR_CTP_INVALID_JSON_BODY', (_limit: number, cause: unknown) => malformedJson(cause)],
]);

/** The `code` of one of Fastify's errors, or `undefined`. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { readonly code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether `error` is Fastify's refusal of a request's body or content type (`FST_ERR_CTP_*`, or a `QUERY` request
 * without one). Internal to the adapter.
 *
 * @example
 * isFastifyBodyError(new FST_ERR_CTP_BODY_TOO_LARGE()); // true
 */
export function isFastifyBodyError(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && (code.startsWith('FST_ERR_CTP_') || code === 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE');
}

/**
 * The error pagelope answers for one of Fastify's own: a body over the limit is `bodyTooLargeError(bodyLimit)`, an
 * invalid or missing content type the 415 `Content-Type must be application/json`, and an empty or malformed JSON
 * body 400 `Malformed JSON body`, the statuses and messages every pagelope adapter gives. Anything else is returned
 * unchanged, for `errorResponse` to classify. Internal to the adapter.
 *
 * @example
 * const { statusCode, body } = errorResponse(fromFastifyError(error, 16_384));
 */
export function fromFastifyError(error: unknown, bodyLimit: number): unknown {
  const code = codeOf(error);
  const translate = code === undefined ? undefined : BODY_ERRORS.get(code);
  return translate === undefined ? error : translate(bodyLimit, error);
}
