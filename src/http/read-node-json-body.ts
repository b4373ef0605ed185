import { HttpError } from '../errors/index';
import {
  malformedEncodingError,
  parseContentEncoding,
  hasBody,
  readsJsonBody,
  type BodyEncoding,
} from './body-encoding';
import { isJsonContentType, parseJsonBody, type ParseJsonBodyOptions } from './json-body';
import { checkJsonDepth, DEFAULT_DEPTH_LIMIT } from './json-depth';
import { bodyTooLargeError } from './route-errors';

/** A body parsed from JSON; `value` may itself be `undefined`-free JSON of any kind. */
export interface JsonBody {
  readonly value: unknown;
  /** The bytes read (after any `content-encoding` is undone); absent for a body a parser before it already read. */
  readonly size?: number;
}

/**
 * The structural part of a Node `IncomingMessage` (or any readable stream with headers) the reader uses, `TDecoder`
 * being the decoders it pipes into.
 */
export interface NodeBodySource<TDecoder extends NodeBodyDecoder = NodeBodyDecoder> {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly complete?: boolean;
  readonly readableEnded?: boolean;
  on(event: string, listener: (...args: any[]) => void): this; // eslint-disable-line @typescript-eslint/no-explicit-any
  off(event: string, listener: (...args: any[]) => void): this; // eslint-disable-line @typescript-eslint/no-explicit-any
  pipe(destination: TDecoder): unknown;
  unpipe(destination?: unknown): unknown;
  resume(): unknown;
}

/** A decompressing stream, as `node:zlib`'s `createGunzip()` and `createInflate()` make. */
export interface NodeBodyDecoder {
  on(event: string, listener: (...args: any[]) => void): this; // eslint-disable-line @typescript-eslint/no-explicit-any
  off(event: string, listener: (...args: any[]) => void): this; // eslint-disable-line @typescript-eslint/no-explicit-any
  destroy(): unknown;
}

/** Options of {@link readNodeJsonBody}; `TDecoder` is the type of its decoders. */
export interface ReadNodeJsonBodyOptions<TDecoder extends NodeBodyDecoder = NodeBodyDecoder> {
  /** Largest body read, in bytes, after any `content-encoding` is undone; over it, the 413 of `bodyTooLargeError`. */
  readonly limit: number;
  /** The deepest nesting of arrays and objects taken (default `DEFAULT_DEPTH_LIMIT`, 64); deeper: a 400. */
  readonly depthLimit?: number | undefined;
  /** The decoder of each coding (`{ gzip: createGunzip, deflate: createInflate }` from `node:zlib`). */
  readonly decoders: { readonly [E in BodyEncoding]: () => TDecoder };
}

/**
 * Reads and parses the JSON body of a Node request, as every adapter reads bodies: `undefined` unless it is sent as
 * JSON with a body (a body a parser before it already read is taken as that parser left it, but text or bytes, as
 * `express.text()` and `express.raw()` leave them, are parsed as JSON); gzip and deflate undone within `limit`; any
 * other coding a 415 (`parseContentEncoding`); undecodable bytes `malformedEncodingError`; a request aborted mid-body
 * a 400; malformed JSON or JSON nested deeper than `depthLimit` a 400 (`parseJsonBody`; a body parsed before is
 * checked for its depth too). On an error the rest of the body is drained, so the connection can serve the next
 * request. The decoders are passed in so that this entry loads no `node:` module.
 *
 * @example
 * const body = await readNodeJsonBody(req, { limit: 16_384, decoders: { gzip: createGunzip, deflate: createInflate } });
 */
export async function readNodeJsonBody<TDecoder extends NodeBodyDecoder>(
  // Its decoders' type is read from `options` alone (a Node request's `pipe` takes any writable stream).
  req: NodeBodySource<NoInfer<TDecoder>>,
  options: ReadNodeJsonBodyOptions<TDecoder>,
): Promise<JsonBody | undefined> {
  const contentType = req.headers['content-type'] as string | undefined;
  if (!isJsonContentType(contentType) || !hasBody(req.headers)) return undefined;
  if ((req as { _body?: unknown })._body === true || req.readableEnded === true) {
    const parsed = (req as { body?: unknown }).body;
    // Text or bytes (`express.text()`, `express.raw()`) are parsed as this reader parses what it reads.
    if (typeof parsed === 'string') return { value: parseJsonBody(parsed, contentType, options) };
    if (parsed instanceof Uint8Array) return { value: parseJsonBytes(parsed, contentType, options) };
    if (parsed !== undefined) checkJsonDepth(parsed, options.depthLimit ?? DEFAULT_DEPTH_LIMIT);
    return parsed === undefined ? undefined : { value: parsed };
  }
  const { text, size } = await readText(req, options);
  return text === '' ? undefined : { value: parseJsonBody(text, contentType, options), size };
}

/**
 * Parses a JSON body's bytes as `readNodeJsonBody` parses what it reads: decoded as UTF-8 (a leading byte order mark
 * dropped, as `TextDecoder` does), then `parseJsonBody`. For a framework that read the bytes itself (Fastify).
 *
 * @throws HttpError as `parseJsonBody` does (415, 400).
 * @example
 * const value = parseJsonBytes(buffer, request.headers['content-type'], { depthLimit });
 */
export function parseJsonBytes(
  bytes: Uint8Array,
  contentType: string | undefined,
  options: ParseJsonBodyOptions = {},
): unknown {
  return parseJsonBody(UTF8.decode(bytes), contentType, options);
}

const UTF8 = new TextDecoder();

/**
 * A route's JSON body from what {@link readNodeJsonBody} read, or is reading (at once when it is not a promise): over
 * the route's `limit`, the 413 of `bodyTooLargeError`; without a body, a JSON content type is a 400 (`Malformed JSON
 * body`) and a body of another content type a 415 (`readsJsonBody`). What the Express and NestJS adapters' routes read.
 *
 * @example
 * const body = await routeJsonBody(req, limit, readNodeJsonBody(req, { limit, depthLimit, decoders }));
 */
export function routeJsonBody(
  req: { readonly headers: { readonly 'content-type'?: string | undefined } },
  limit: number,
  read: JsonBody | Promise<JsonBody | undefined> | undefined,
): unknown {
  return read instanceof Promise ? read.then((body) => withinLimit(req, body, limit)) : withinLimit(req, read, limit);
}

function withinLimit(req: Parameters<typeof routeJsonBody>[0], read: JsonBody | undefined, limit: number): unknown {
  if ((read?.size ?? 0) > limit) throw bodyTooLargeError(limit);
  if (read !== undefined) return read.value;
  return readsJsonBody(req.headers) ? parseJsonBody('', req.headers['content-type']) : undefined;
}

function readText<TDecoder extends NodeBodyDecoder>(
  req: NodeBodySource<TDecoder>,
  { limit, decoders }: ReadNodeJsonBodyOptions<TDecoder>,
): Promise<{ readonly text: string; readonly size: number }> {
  let encoding: BodyEncoding | undefined;
  try {
    encoding = parseContentEncoding(req.headers['content-encoding'] as string | undefined);
  } catch (error) {
    return Promise.reject(error);
  }
  const decoder = encoding === undefined ? undefined : decoders[encoding];
  if (decoder === undefined && Number(req.headers['content-length']) > limit)
    return Promise.reject(bodyTooLargeError(limit));
  const decoding = decoder?.();
  if (decoding !== undefined) req.pipe(decoding);
  const source = decoding ?? req;
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: unknown, text?: string): void => {
      if (settled) return;
      settled = true;
      source.off('data', onData).off('end', onEnd).off('error', onDecodeError);
      req.off('error', onAbort).off('close', onAbort);
      if (error === undefined) return resolve({ text: text ?? '', size });
      if (decoding !== undefined) {
        req.unpipe(decoding);
        decoding.destroy();
      }
      // The rest of the body is read and dropped, so that the connection can serve the next request.
      req.resume();
      reject(error);
    };
    const onData = (chunk: Uint8Array): void => {
      size += chunk.length;
      if (size > limit) settle(bodyTooLargeError(limit));
      else chunks.push(chunk);
    };
    const onEnd = (): void => settle(undefined, decode(chunks, size));
    const onDecodeError = (cause: unknown): void => settle(source === req ? cause : malformedEncodingError(cause));
    const onAbort = (): void => {
      if (req.complete !== true) settle(new HttpError(400, 'The request body was not received in full'));
    };
    source.on('data', onData).on('end', onEnd).on('error', onDecodeError);
    req.on('error', onAbort).on('close', onAbort);
  });
}

/** The UTF-8 text of the chunks, joined. */
function decode(chunks: readonly Uint8Array[], size: number): string {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(bytes);
}
