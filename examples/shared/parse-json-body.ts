import { HttpError } from 'pagelope';

/**
 * Parses a request body as JSON.
 *
 * @throws HttpError 400 `Malformed JSON body` when the text is not JSON, rather than the `SyntaxError` (a 500) that
 * `JSON.parse` would throw.
 */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new HttpError(400, 'Malformed JSON body', { cause });
  }
}
