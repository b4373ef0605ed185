import { hasBody, malformedEncodingError, parseContentEncoding, type BodyEncoding } from './body-encoding';
import { DEFAULT_BODY_LIMIT, isJsonContentType, parseJsonBody } from './json-body';
import { bodyTooLargeError } from './route-errors';

/** Options of {@link readWebJsonBody}. */
export interface ReadWebJsonBodyOptions {
  /** Largest body read, in bytes (inflated, for a compressed body); default `DEFAULT_BODY_LIMIT`. */
  readonly limit?: number;
  /** The deepest nesting of arrays and objects taken (default `DEFAULT_DEPTH_LIMIT`, 64); deeper: a 400. */
  readonly depthLimit?: number | undefined;
  /** The text of a body that other code already read (`request.bodyUsed`), from the framework's copy of it. */
  readonly consumed?: () => Promise<string>;
}

/**
 * Reads the JSON body of a Fetch API `Request` (Hono, Bun, Deno, Workers) as every adapter reads bodies, parsing its
 * text with `parseJsonBody` so that the service sees every key the client sent (`__proto__` included) and refuses the
 * unsafe ones itself. A request with neither a body nor a content type gives `undefined` (the service answers it).
 *
 * @throws HttpError 415 before reading a body not sent as JSON, or with a `content-encoding` other than `gzip`,
 * `deflate` or `identity`; 413 when `content-length` says more than `limit` bytes, or as soon as the bytes read
 * (inflated) pass it, the rest unread; 400 for a compressed body that does not inflate, text that is not JSON, or JSON
 * nested deeper than `depthLimit`.
 * @example
 * const body = await readWebJsonBody(request, { limit: 16_384 });
 */
export async function readWebJsonBody(request: Request, options: ReadWebJsonBodyOptions = {}): Promise<unknown> {
  const { limit = DEFAULT_BODY_LIMIT, consumed } = options;
  const contentType = request.headers.get('content-type');
  if (!isJsonContentType(contentType)) {
    if (contentType === null && !hasBody(request.headers)) return undefined;
    // parseJsonBody's own 415, thrown before a single byte is read.
    return parseJsonBody('', contentType);
  }
  const format = parseContentEncoding(request.headers.get('content-encoding'));
  const declared = request.headers.get('content-length');
  if (format === undefined && declared !== null && Number(declared) > limit) throw bodyTooLargeError(limit);
  if (request.bodyUsed && consumed !== undefined) {
    const text = await consumed();
    if (new TextEncoder().encode(text).byteLength > limit) throw bodyTooLargeError(limit);
    return parseJsonBody(text, contentType, options);
  }
  return parseJsonBody(await readText(request, limit, format), contentType, options);
}

/** The body as UTF-8 text, inflated when `format` is given, counting the bytes as they arrive. */
async function readText(request: Request, limit: number, format: BodyEncoding | undefined): Promise<string> {
  if (request.body === null) return '';
  const stream = format === undefined ? request.body : request.body.pipeThrough(new DecompressionStream(format));
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((cause: unknown) => {
      throw format === undefined ? cause : malformedEncodingError(cause);
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
