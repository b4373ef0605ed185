import { HttpError } from '../errors/index';
import { normalizeHeaders } from '../internal/index';
import { isJsonContentType } from './json-body';
import { unsupportedMediaTypeError } from './route-errors';

/** The content codings a request body may be sent with, besides none: `gzip` and `deflate`. */
export type BodyEncoding = 'gzip' | 'deflate';

const CODINGS: ReadonlyMap<string, BodyEncoding | undefined> = new Map([
  ['identity', undefined],
  ['gzip', 'gzip'],
  ['deflate', 'deflate'],
]);

/**
 * Reads a request's `content-encoding` the same way on every framework adapter: absent or `identity` gives
 * `undefined`, `gzip` and `deflate` (any case) name the decoder to use; the body limit applies to the decoded bytes.
 *
 * @throws HttpError 415 `Unsupported Content-Encoding` for any other value (`br`, a list such as `gzip, gzip`, ...).
 * @example
 * const encoding = parseContentEncoding(req.headers['content-encoding']); // 'gzip' | 'deflate' | undefined
 */
export function parseContentEncoding(header: string | null | undefined): BodyEncoding | undefined {
  if (header === undefined || header === null) return undefined;
  const coding = header.trim().toLowerCase();
  if (!CODINGS.has(coding)) throw new HttpError(415, 'Unsupported Content-Encoding');
  return CODINGS.get(coding);
}

/** The 400 of a compressed body that does not decode. */
export function malformedEncodingError(cause?: unknown): HttpError {
  return new HttpError(400, 'Malformed compressed body', cause === undefined ? {} : { cause });
}

/**
 * Whether a request announces a body: a `transfer-encoding`, or a `content-length` other than 0. A request with
 * neither a body nor a content type reaches the service with no body (which then answers it); any other request
 * not sent as JSON is a 415.
 *
 * @example
 * if (!hasBody(req.headers) && req.headers['content-type'] === undefined) body = undefined;
 */
export function hasBody(headers: unknown): boolean {
  const normalized = normalizeHeaders(headers);
  const length = normalized['content-length'];
  if (normalized['transfer-encoding'] !== undefined) return true;
  return length !== undefined && (typeof length !== 'string' || length.trim() !== '0');
}

/**
 * Whether to read a request's body as JSON: `true` for a JSON content type (`isJsonContentType`), `false` for a
 * request with neither a body nor a content type (the service answers the missing body).
 *
 * @throws HttpError 415 (`unsupportedMediaTypeError`) for any other request.
 * @example
 * const body = readsJsonBody(req.headers) ? await readJson(req) : undefined;
 */
export function readsJsonBody(headers: { readonly 'content-type'?: string | undefined }): boolean {
  const contentType = headers['content-type'];
  if (isJsonContentType(contentType)) return true;
  if (contentType === undefined && !hasBody(headers)) return false;
  throw unsupportedMediaTypeError();
}
