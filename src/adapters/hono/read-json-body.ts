import type { Context } from 'hono';
import {
  bodyTooLargeError,
  hasBody,
  isJsonContentType,
  malformedEncodingError,
  parseContentEncoding,
  parseJsonBody,
  type BodyEncoding,
} from 'pagelope/http';

/**
 * Reads a request's JSON body as pagelope parses it on every framework, and parses its text with `parseJsonBody`, so
 * that the service sees every key the client sent (`__proto__` included) and refuses the unsafe ones itself. A
 * request with neither a body nor a content type gives `undefined` (the service answers the missing body).
 *
 * @throws HttpError 415 before reading a body that is not sent as JSON, or sent with a `content-encoding` other than
 * `gzip`, `deflate` or `identity` (`parseContentEncoding`); 413 (`bodyTooLargeError`) when `content-length` says more than `limit` bytes, or
 * as soon as the bytes read (inflated, for a compressed body) pass it, the rest unread; 400 for a compressed body
 * that does not inflate, and `Malformed JSON body` when the text is not JSON.
 */
export async function readJsonBody(c: Context, limit: number): Promise<unknown> {
  const contentType = c.req.header('content-type');
  if (!isJsonContentType(contentType)) {
    if (contentType === undefined && !hasBody(c.req.raw.headers)) return undefined;
    // parseJsonBody's own 415, thrown before a single byte is read.
    return parseJsonBody('', contentType);
  }
  const format = parseContentEncoding(c.req.header('content-encoding'));
  const declared = c.req.header('content-length');
  if (format === undefined && declared !== undefined && Number(declared) > limit) throw bodyTooLargeError(limit);
  return parseJsonBody(await readText(c, limit, format), contentType);
}

/** The body as UTF-8 text, inflated when `format` is given, counting the bytes as they arrive. */
async function readText(c: Context, limit: number, format: BodyEncoding | undefined): Promise<string> {
  const request = c.req.raw;
  if (request.bodyUsed) {
    // Read before by other middleware through `c.req`, which keeps a copy of what it read.
    const text = await c.req.text();
    if (new TextEncoder().encode(text).byteLength > limit) throw bodyTooLargeError(limit);
    return text;
  }
  if (request.body === null) return '';
  const stream = format === undefined ? request.body : request.body.pipeThrough(new DecompressionStream(format));
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((cause: unknown) => {
      if (format === undefined) throw cause;
      throw malformedEncodingError(cause);
    });
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLargeError(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
}
