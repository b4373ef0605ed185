import type { HttpError } from '../errors/index';
import { malformedEncodingError } from './body-encoding';
import { malformedJsonError } from './malformed-json-error';
import { bodyTooLargeError, unsupportedMediaTypeError } from './route-errors';

/** A framework's refusals of a body, by body-parser's `type` (Express) or Fastify's `code`. */
const REFUSALS: ReadonlyMap<unknown, 'too large' | 'not JSON' | 'media type'> = new Map([
  ['entity.too.large', 'too large'],
  ['FST_ERR_CTP_BODY_TOO_LARGE', 'too large'],
  ['entity.parse.failed', 'not JSON'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'not JSON'],
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'not JSON'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'media type'],
  ['FST_ERR_ROUTE_MISSING_CONTENT_TYPE', 'media type'],
]);

/**
 * The error every pagelope adapter answers for a framework's refusal of a request body, recognised by shape
 * (body-parser's `type`, so `express.json()`'s; Fastify's `code`): a body over the limit is `bodyTooLargeError` of the
 * error's own numeric `limit` (body-parser's), else of `limit`; unparsable JSON the 400 `Malformed JSON body`
 * (`malformedJsonError`, the error as its cause); a refused media type the 415 of `unsupportedMediaTypeError`; another
 * of Fastify's (`FST_ERR_CTP_...`) as it is. `undefined` for any other error, and for a body over an unknown limit.
 *
 * @example
 * const refused = fromBodyError(error, routeBodyLimit(route, bodyLimit)) ?? error;
 */
export function fromBodyError(error: unknown, limit?: number): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, code, limit: own } = error as { readonly type?: unknown; readonly code?: unknown; limit?: unknown };
  const refusal = REFUSALS.get(type) ?? REFUSALS.get(code);
  const max = typeof own === 'number' ? own : limit;
  if (refusal === 'too large') return max === undefined ? undefined : bodyTooLargeError(max);
  if (refusal === 'not JSON') return malformedJsonError(error);
  if (refusal === 'media type') return unsupportedMediaTypeError();
  return typeof code === 'string' && code.startsWith('FST_ERR_CTP_') ? error : undefined;
}

/**
 * The error every pagelope adapter answers for a compressed body that `node:zlib` did not inflate, recognised by its
 * `code`: past a `maxOutputLength` of `limit` bytes (`ERR_BUFFER_TOO_LARGE`), the 413 of `bodyTooLargeError`; a
 * zlib error (`Z_...`, as body-parser passes them on) the 400 of `malformedEncodingError`, the error as its cause.
 * `undefined` for any other error, and for an output past an unknown limit.
 *
 * @example
 * const refused = fromZlibError(error, limit) ?? malformedEncodingError(error);
 */
export function fromZlibError(error: unknown, limit?: number): HttpError | undefined {
  const code = (error as { readonly code?: unknown } | null | undefined)?.code;
  if (code === 'ERR_BUFFER_TOO_LARGE') return limit === undefined ? undefined : bodyTooLargeError(limit);
  return typeof code === 'string' && code.startsWith('Z_') ? malformedEncodingError(error) : undefined;
}
