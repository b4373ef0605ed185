import { HttpError } from 'pagelope';

/** `application/json` or a `+json` type, any case, with or without parameters. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Parses a request body as JSON, for frameworks that leave the body as text.
 *
 * @throws HttpError 415 when `contentType` is not a JSON media type (a `text/plain` body is what a cross-site form can
 * send without a preflight), and 400 `Malformed JSON body` when the text is not JSON, rather than the `SyntaxError`
 * (a 500) that `JSON.parse` would throw.
 */
export function parseJsonBody(text: string, contentType: string | undefined): unknown {
  if (!JSON_MEDIA_TYPE.test(contentType ?? '')) throw new HttpError(415, 'Content-Type must be application/json');
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new HttpError(400, 'Malformed JSON body', { cause });
  }
}
