import { gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { bodyTooLargeError, parseJsonBody, unsupportedMediaTypeError } from 'pagelope/http';
import { malformedEncodingError, parseContentEncoding } from '../../http/body-encoding';
import { bodyLimitOf, ignoresBody } from './mount-routes';

/** `application/*+json` as Fastify hands it to a parser: type and subtype lower-cased, then any parameters. */
const JSON_SUFFIX = /^application\/[\w.!#$&^-]+\+json(?:;|$)/;

/**
 * Replaces Fastify's `application/json` and `text/plain` parsers with pagelope's: JSON bodies (`application/json`,
 * `application/*+json`) up to `bodyLimit` bytes and `depthLimit` levels, inflated ones too (gzip, deflate), parsed by
 * `parseJsonBody`, which
 * keeps keys such as `__proto__` for the service's own checks; a body no parser of the app takes is a 415 before it
 * is read (a route's own `bodyLimit` wins). A request whose answer does not depend on its body has it ignored.
 *
 * @example
 * addBodyParsers(app, 16_384, 64);
 */
export function addBodyParsers(app: FastifyInstance, bodyLimit: number, depthLimit: number): void {
  const options = { depthLimit };
  const parseJson: FastifyBodyParser<Buffer> = (request, body, done) => {
    if (ignoresBody(request)) return done(null, undefined);
    try {
      const encoding = parseContentEncoding(request.headers['content-encoding']);
      const bytes = encoding === undefined ? body : inflate(body, encoding === 'gzip', bodyLimitOf(request, bodyLimit));
      done(null, parseJsonBody(bytes.toString('utf8'), request.headers['content-type'], options));
    } catch (error) {
      done(error as Error, undefined);
    }
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, parseJson);
  app.addContentTypeParser(JSON_SUFFIX, { parseAs: 'buffer', bodyLimit }, parseJson);
  app.addContentTypeParser('*', { bodyLimit }, (request, _payload, done) => {
    done(ignoresBody(request) ? null : (unsupportedMediaTypeError() as Error), undefined);
  });
}

/** Inflates a body into at most `limit` bytes: past it a 413, a body that does not inflate a 400. */
function inflate(body: Buffer, gzip: boolean, limit: number): Buffer {
  try {
    return (gzip ? gunzipSync : inflateSync)(body, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw bodyTooLargeError(limit);
    throw malformedEncodingError(error);
  }
}
