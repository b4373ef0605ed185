import { HttpError } from 'pagelope';
import { bodyTooLargeError, malformedEncodingError } from 'pagelope/http';

/**
 * The error pagelope answers for one of body-parser's (and so `express.json()`'s, `express.raw()`'s, ...): a body
 * over the limit is `bodyTooLargeError(limit)`, unparsable JSON is 400 `Malformed JSON body` and a compressed body
 * that does not decode (a zlib error) is `malformedEncodingError`, the messages every pagelope adapter gives; anything
 * else is returned unchanged. Internal to the adapter.
 */
export function fromBodyParserError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { type, limit, code } = error as { readonly type?: unknown; readonly limit?: unknown; readonly code?: unknown };
  if (type === 'entity.too.large' && typeof limit === 'number') return bodyTooLargeError(limit);
  if (typeof code === 'string' && code.startsWith('Z_')) return malformedEncodingError(error);
  if (type === 'entity.parse.failed') return new HttpError(400, 'Malformed JSON body', { cause: error });
  return error;
}
