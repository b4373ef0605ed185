import { HttpError } from '../errors/index';

/**
 * The 400 of a request body that is not JSON, `Malformed JSON body`, as `parseJsonBody` throws it: for adapters
 * whose framework parsed (or refused) the body itself.
 *
 * @example
 * if (error.type === 'entity.parse.failed') return malformedJsonError(error);
 */
export function malformedJsonError(cause?: unknown): HttpError {
  return new HttpError(400, 'Malformed JSON body', cause === undefined ? {} : { cause });
}
