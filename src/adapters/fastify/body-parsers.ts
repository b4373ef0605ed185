import { gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import {
  bodyTooLargeError,
  malformedEncodingError,
  parseContentEncoding,
  parseJsonBody,
  unsupportedMediaTypeError,
  type BodyEncoding,
} from 'pagelope/http';
import { ignoresBody } from './mount-routes';

/** `application/*+json` as Fastify hands it to a parser: type and subtype lower-cased, then any parameters. */
const JSON_SUFFIX = /^application\/[\w.!#$&^-]+\+json(?:;|$)/;

/**
 * Installs pagelope's content-type parsers on `app`: `application/json` and `application/*+json` (any parameters)
 * are read up to `bodyLimit` bytes (a longer body is Fastify's `FST_ERR_CTP_BODY_TOO_LARGE`, which the error handler
 * answers as a 413), inflated when sent `gzip` or `deflate` (`parseContentEncoding`; the limit applies to the inflated
 * bytes too) and parsed by `parseJsonBody`, which keeps keys such as `__proto__` for the service's own checks; a body
 * of any type no parser of the app takes, or of none, is a 415 before it is read. Fastify's own `application/json`
 * and `text/plain` parsers are removed; parsers the app added for other types stay. A request whose answer does not
 * depend on its body (404, 405, DELETE) has it ignored. Internal to the adapter.
 *
 * @example
 * addBodyParsers(app, 16_384);
 */
export function addBodyParsers(app: FastifyInstance, bodyLimit: number): void {
  const parseJson: FastifyBodyParser<Buffer> = (request, body, done) => {
    if (ignoresBody(request)) return done(null, undefined);
    try {
      const encoding = parseContentEncoding(request.headers['content-encoding']);
      const bytes = encoding === undefined ? body : inflate(body, encoding, bodyLimit);
      done(null, parseJsonBody(bytes.toString('utf8'), request.headers['content-type']));
    } catch (error) {
      done(error as Error, undefined);
    }
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, parseJson);
  app.addContentTypeParser(JSON_SUFFIX, { parseAs: 'buffer', bodyLimit }, parseJson);
  app.addContentTypeParser('*', { bodyLimit }, (request, _payload, done) => {
    if (ignoresBody(request)) done(null, undefined);
    else done(unsupportedMediaTypeError() as Error, undefined);
  });
}

/**
 * Inflates a body of at most `limit` bytes into at most `limit` bytes.
 *
 * @throws HttpError 413 when it inflates past `limit`, 400 (`malformedEncodingError`) when it does not inflate.
 */
function inflate(body: Buffer, encoding: BodyEncoding, limit: number): Buffer {
  try {
    return (encoding === 'gzip' ? gunzipSync : inflateSync)(body, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw bodyTooLargeError(limit);
    throw malformedEncodingError(error);
  }
}
