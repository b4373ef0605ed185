import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { HttpError } from 'pagelope';
import {
  bodyTooLargeError,
  hasBody,
  isJsonContentType,
  malformedEncodingError,
  parseContentEncoding,
  parseJsonBody,
  type BodyEncoding,
} from 'pagelope/http';

/** A parsed JSON body; `undefined` stands for a request without one. */
export interface JsonBody {
  readonly value: unknown;
}

/**
 * Reads and parses the JSON body of a Node request, as every pagelope adapter does: only a request sent as
 * `application/json` or `application/*+json` (any parameters) that announces a body is read (anything else is left
 * unread and gives `undefined`), up to `limit` bytes after a `gzip` or `deflate` content encoding is undone (`parseContentEncoding`),
 * and its text is parsed by `parseJsonBody`, which keeps keys such as `__proto__` for the service's own checks. A body
 * a platform parser read before (Nest's own, when the app was not created with `bodyParser: false`) is taken as that
 * parser left it. Internal to the adapter.
 *
 * @throws HttpError 413 (`bodyTooLargeError`) when `content-length` or the bytes read pass `limit`, 400
 * `Malformed JSON body` for text that is not JSON, `malformedEncodingError` for a body that does not decompress, 415
 * for another content encoding, 400 when the client closes the request before its body is in.
 * @example
 * const body = await readJsonBody(req, 16_384); // { value: { username: 'ada' } } or undefined
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<JsonBody | undefined> {
  const contentType = req.headers['content-type'];
  if (!isJsonContentType(contentType) || !hasBody(req.headers)) return undefined;
  if ((req as { _body?: unknown })._body === true || req.readableEnded) {
    const parsed = (req as { body?: unknown }).body;
    return parsed === undefined ? undefined : { value: parsed };
  }
  const text = await readText(req, limit);
  return text === '' ? undefined : { value: parseJsonBody(text, contentType) };
}

const DECODERS: { readonly [E in BodyEncoding]: () => NodeJS.ReadWriteStream } = {
  gzip: createGunzip,
  deflate: createInflate,
};

/** The body as UTF-8 text, counting the decoded bytes as they arrive; over `limit`, the rest is drained unread. */
function readText(req: IncomingMessage, limit: number): Promise<string> {
  let encoding: BodyEncoding | undefined;
  try {
    encoding = parseContentEncoding(req.headers['content-encoding']);
  } catch (error) {
    return Promise.reject(error);
  }
  const decoder = encoding === undefined ? undefined : DECODERS[encoding];
  if (decoder === undefined && Number(req.headers['content-length']) > limit)
    return Promise.reject(bodyTooLargeError(limit));
  const source: Readable = decoder === undefined ? req : (req.pipe(decoder()) as unknown as Readable);
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: unknown, text?: string): void => {
      if (settled) return;
      settled = true;
      source.off('data', onData).off('end', onEnd).off('error', onDecodeError);
      req.off('error', onAbort).off('close', onAbort);
      if (error === undefined) return resolve(text ?? '');
      if (source !== req) {
        req.unpipe(source as unknown as NodeJS.WritableStream);
        source.destroy();
      }
      // The rest of the body is read and dropped, so that the connection can serve the next request.
      req.resume();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) settle(bodyTooLargeError(limit));
      else chunks.push(chunk);
    };
    const onEnd = (): void => settle(undefined, Buffer.concat(chunks).toString('utf8'));
    const onDecodeError = (cause: unknown): void => settle(source === req ? cause : malformedEncodingError(cause));
    const onAbort = (): void => {
      if (!req.complete) settle(new HttpError(400, 'The request body was not received in full'));
    };
    source.on('data', onData).on('end', onEnd).on('error', onDecodeError);
    req.on('error', onAbort).on('close', onAbort);
  });
}
