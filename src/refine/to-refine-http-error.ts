import type { ClientHttpError } from 'pagelope/client';

/**
 * refine's `HttpError` shape (`{ message, statusCode }`) as an `Error`, with what the server's error envelope adds.
 * It has no `errors` key: pagelope's messages are sentences, not a map of form fields.
 */
export interface RefineHttpError extends Error {
  readonly name: 'HttpError';
  /** The envelope's message; a list of messages joined with `'; '`, as the server's `HttpError` does for its text. */
  readonly message: string;
  /** The HTTP status, 400 to 599 (502 when the response was not what the route returns). */
  readonly statusCode: number;
  /** Every message of the envelope, in order (one when the envelope's `message` was a string). */
  readonly messages: readonly string[];
  /** The status's name from the envelope (`'Bad Request'`, `'Not Found'`, ...). */
  readonly error: string;
  /** The correlation id the server logged the exchange under, when known. */
  readonly correlationID: string | undefined;
  /** The client's `ClientHttpError` this was made from. */
  readonly cause: ClientHttpError;
}

/**
 * Turns the `ClientHttpError` of `pagelope/client` into refine's `HttpError` shape, so that refine's notifications show the
 * server's message and its auth provider's `onError` sees the status: the provider's calls throw these, and a
 * `custom` method written on `createClient` can do the same.
 *
 * @throws never; it returns the error for the caller to throw.
 * @example
 * try {
 *   await client.resource('/users').get('nobody');
 * } catch (error) {
 *   throw isClientHttpError(error) ? toRefineHttpError(error) : error;
 * }
 */
export function toRefineHttpError(error: ClientHttpError): RefineHttpError {
  const given: unknown = error.message;
  const messages = Array.isArray(given)
    ? given.filter((entry: unknown): entry is string => typeof entry === 'string')
    : [typeof given === 'string' ? given : String(given)];
  const refineError = new Error(messages.join('; '), { cause: error }) as Error & Record<string, unknown>;
  refineError.name = 'HttpError';
  refineError['statusCode'] = error.statusCode;
  refineError['messages'] = Object.freeze(messages);
  refineError['error'] = error.error;
  refineError['correlationID'] = error.correlationID;
  return refineError as unknown as RefineHttpError;
}
