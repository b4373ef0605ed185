import { DEFAULT_DEPTH_LIMIT, jsonTextTooDeep, jsonTooDeepError } from './json-depth';
import { malformedJsonError } from './malformed-json-error';
import { unsupportedMediaTypeError } from './route-errors';

/** Largest request body the framework adapters read by default, in bytes (16 KiB). */
export const DEFAULT_BODY_LIMIT = 16_384;

/** `application/json` or any `application/*+json` type, any case, with or without parameters. */
const JSON_MEDIA_TYPE = /^\s*application\/(?:[\w.!#$&^-]+\+)?json\s*(?:;|$)/i;

/** Whether a `content-type` header value names JSON: `application/json` or `application/*+json`, any parameters. */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  return typeof contentType === 'string' && JSON_MEDIA_TYPE.test(contentType);
}

/** Options of {@link parseJsonBody}. */
export interface ParseJsonBodyOptions {
  /** The deepest nesting of arrays and objects taken (default `DEFAULT_DEPTH_LIMIT`, 64). */
  readonly depthLimit?: number | undefined;
}

/**
 * Parses a request body's text as JSON, the same way on every framework adapter: its nesting is measured on the text
 * first, so a body deeper than `depthLimit` is refused before it is parsed.
 *
 * @throws HttpError 415 when `contentType` is not a JSON media type (a `text/plain` body is what a cross-site form
 * can send without a preflight), 400 `JSON body is nested deeper than 64 levels` (`jsonTooDeepError`) and 400
 * `Malformed JSON body` when the text is not JSON.
 * @example
 * const body = parseJsonBody('{"username":"ada"}', 'application/json; charset=utf-8');
 */
export function parseJsonBody(
  text: string,
  contentType: string | null | undefined,
  options: ParseJsonBodyOptions = {},
): unknown {
  if (!isJsonContentType(contentType)) throw unsupportedMediaTypeError();
  const limit = options.depthLimit ?? DEFAULT_DEPTH_LIMIT;
  if (jsonTextTooDeep(text, limit)) throw jsonTooDeepError(limit);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw malformedJsonError(cause);
  }
}
