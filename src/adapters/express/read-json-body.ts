import express, { type Request, type RequestHandler, type Response } from 'express';
import { bodyTooLargeError, parseJsonBody } from 'pagelope/http';
import { malformedEncodingError, parseContentEncoding, readsJsonBody } from '../../http/body-encoding';
import { malformedJsonError } from '../../http/malformed-json-error';
import { checkJsonDepth } from '../../http/json-depth';

/** Reads a request's JSON body: `(req, res) => Promise<parsed body>`. Internal to the adapter. */
export type JsonBodyReader = (req: Request, res: Response) => Promise<unknown>;

/**
 * Returns a reader of request bodies as pagelope parses them on every framework: a request whose content type is
 * not `application/json` or `application/*+json` (any parameters) is a 415 before its body is read, except that one
 * with neither a body nor a content type gives `undefined` (the service refuses it). The raw body is read up to
 * `limit` bytes (after any `content-encoding` is undone; over it, the 413 of `bodyTooLargeError`), then its text is
 * parsed by `parseJsonBody` (400 `Malformed JSON body`, or nested deeper than `depthLimit`), so that keys such as
 * `__proto__` reach the service's own checks. A body an earlier parser already read (`express.json()` before the
 * router) is taken as that parser left it, its depth checked. Internal to the adapter.
 */
export function jsonBodyReader(limit: number, depthLimit: number): JsonBodyReader {
  const options = { depthLimit };
  const raw: RequestHandler = express.raw({ type: () => true, limit });
  return async (req, res) => {
    if (!readsJsonBody(req.headers)) return undefined;
    const contentType = req.headers['content-type'];
    // The codings every adapter takes (gzip, deflate; a 415 for any other), which body-parser then undoes.
    parseContentEncoding(req.headers['content-encoding']);
    await new Promise<void>((resolve, reject) => {
      void raw(req, res, (error?: unknown) => (error ? reject(fromBodyParserError(error)) : resolve()));
    });
    const body: unknown = req.body;
    if (Buffer.isBuffer(body)) return parseJsonBody(body.toString('utf8'), contentType, options);
    if (body === undefined || typeof body === 'string') return parseJsonBody(body ?? '', contentType, options);
    checkJsonDepth(body, depthLimit);
    return body;
  };
}

/**
 * The error pagelope answers for one of body-parser's (and so `express.json()`'s, `express.raw()`'s, ...): a body
 * over the limit is `bodyTooLargeError(limit)`, unparsable JSON is 400 `Malformed JSON body` and a compressed body
 * that does not decode (a zlib error) is `malformedEncodingError`, the messages every pagelope adapter gives; anything
 * else is returned unchanged. Internal to the adapter.
 */
export function fromBodyParserError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { type, limit, code } = error as { readonly type?: unknown; readonly limit?: unknown; readonly code?: unknown };
  if (type === 'entity.too.large' && typeof limit === 'number') return bodyTooLargeError(limit);
  if (typeof code === 'string' && code.startsWith('Z_')) return malformedEncodingError(error);
  if (type === 'entity.parse.failed') return malformedJsonError(error);
  return error;
}
