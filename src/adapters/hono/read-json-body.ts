import type { Context } from 'hono';
import { bodyTooLargeError, HttpError, isJsonContentType, parseJsonBody } from 'pagelope';

/** The `content-encoding`s a body may be sent with, and the `DecompressionStream` format of each. */
const ENCODINGS: ReadonlyMap<string, CompressionFormat | undefined> = new Map([
  ['identity', undefined],
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['deflate', 'deflate'],
]);

/**
 * Reads a request's JSON body as pagelope parses it on every framework, and parses its text with `parseJsonBody`, so
 * that the service sees every key the client sent (`__proto__` included) and refuses the unsafe ones itself. A
 * request with neither a body nor a content type gives `undefined` (the service answers the missing body).
 *
 * @throws HttpError 415 before reading a body that is not sent as JSON, or sent with a `content-encoding` other than
 * `gzip`, `deflate` or `identity`; 413 (`bodyTooLargeError`) when `content-length` says more than `limit` bytes, or
 * as soon as the bytes read (inflated, for a compressed body) pass it, the rest unread; 400 for a compressed body
 * that does not inflate, and `Malformed JSON body` when the text is not JSON.
 */
export async function readJsonBody(c: Context, limit: number): Promise<unknown> {
  const contentType = c.req.header('content-type');
  if (!isJsonContentType(contentType)) {
    if (contentType === undefined && announcesNoBody(c)) return undefined;
    // parseJsonBody's own 415, thrown before a single byte is read.
    return parseJsonBody('', contentType);
  }
  const encoding = (c.req.header('content-encoding') ?? 'identity').trim().toLowerCase();
  if (!ENCODINGS.has(encoding)) throw new HttpError(415, 'Unsupported Content-Encoding');
  const format = ENCODINGS.get(encoding);
  const declared = c.req.header('content-length');
  if (format === undefined && declared !== undefined && Number(declared) > limit) throw bodyTooLargeError(limit);
  return parseJsonBody(await readText(c, limit, format), contentType);
}

/** Neither `transfer-encoding` nor a non-zero `content-length`. */
function announcesNoBody(c: Context): boolean {
  const length = c.req.header('content-length');
  return c.req.header('transfer-encoding') === undefined && (length === undefined || length.trim() === '0');
}

/** The body as UTF-8 text, inflated when `format` is given, counting the bytes as they arrive. */
async function readText(c: Context, limit: number, format: CompressionFormat | undefined): Promise<string> {
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
      throw new HttpError(400, 'Malformed compressed body', { cause });
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
