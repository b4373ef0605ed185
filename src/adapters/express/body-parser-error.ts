import { bodyTooLargeError, HttpError } from 'pagelope';

/**
 * The error pagelope answers for one of body-parser's (and so `express.json()`'s, `express.raw()`'s, ...): a body
 * over the limit is `bodyTooLargeError(limit)` and unparsable JSON is 400 `Malformed JSON body`, the messages every
 * pagelope adapter gives; anything else is returned unchanged. Internal to the adapter.
 */
export function fromBodyParserError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { type, limit } = error as { readonly type?: unknown; readonly limit?: unknown };
  if (type === 'entity.too.large' && typeof limit === 'number') return bodyTooLargeError(limit);
  if (type === 'entity.parse.failed') return new HttpError(400, 'Malformed JSON body', { cause: error });
  return error;
}
