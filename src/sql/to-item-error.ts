import { HttpError } from 'pagelope/kit';

/** A message that starts with the field it concerns (`authorId: ...`). */
const FIELD_MESSAGE = /^[A-Za-z_$][A-Za-z0-9_$]*: /;

/**
 * `error` as the error of the batch item at index `item`: each message names the item first (`items[56].authorId:
 * ...`, `items[56]: ...`), as the service names the items of a batch, with the same status and `cause`.
 */
export function toItemError(error: HttpError, item: number, cause: unknown): HttpError {
  const messages = typeof error.message === 'string' ? [error.message] : error.message;
  return new HttpError(
    error.statusCode,
    messages.map((message) =>
      FIELD_MESSAGE.test(message) ? `items[${item}].${message}` : `items[${item}]: ${message}`,
    ),
    { cause },
  );
}
