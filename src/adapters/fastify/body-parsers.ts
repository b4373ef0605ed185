import { gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyBodyParser, FastifyInstance, FastifyRequest } from 'fastify';
import { bodyTooLargeError, parseJsonBody, unsupportedMediaTypeError, type Route } from 'pagelope/http';
import { malformedEncodingError, parseContentEncoding } from '../../http/body-encoding';
import { malformedJsonError } from '../../http/malformed-json-error';
import type { AdapterOptions } from '../../http/adapter-options';
import { routeBodyLimit, routeReadsBody } from '../../http/route-body';

/** The route `config` key of what the plugin mounted: the pagelope route a Fastify route runs, or a 405's `allow`. */
export const MOUNTED = Symbol('pagelope.mounted');

/** What the plugin mounted on the route a request matched (nothing for the app's own routes). Internal. */
export const mountedOf = (request: FastifyRequest): { readonly route?: Route; readonly allow?: string } =>
  (request.routeOptions.config as { readonly [MOUNTED]?: object } | undefined)?.[MOUNTED] ?? {};

/** The body limit of the route the request matched: its own `bodyLimit`, else `fallback`. Internal to the adapter. */
export const bodyLimitOf = (request: FastifyRequest, fallback: number): number =>
  routeBodyLimit(mountedOf(request).route ?? {}, fallback);

/** `application/*+json` as Fastify hands it to a parser: type and subtype lower-cased, then any parameters. */
const JSON_SUFFIX = /^application\/[\w.!#$&^-]+\+json(?:;|$)/;

/**
 * Fastify's refusal of a body (an `FST_ERR_CTP_` error, ...) as every pagelope adapter answers it: a 413 for `limit`,
 * a 415, a 400 `Malformed JSON body`; another `FST_ERR_CTP_` error as it is; `undefined` for any other error.
 */
export function fromBodyError(error: unknown, limit: number): unknown {
  const code = String((error as { readonly code?: unknown } | null)?.code);
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return bodyTooLargeError(limit);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE')
    return unsupportedMediaTypeError();
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return malformedJsonError(error);
  return code.startsWith('FST_ERR_CTP_') ? error : undefined;
}

/**
 * Replaces Fastify's `application/json` and `text/plain` parsers with pagelope's: JSON bodies (`application/json`,
 * `application/*+json`) up to `bodyLimit` bytes and `depthLimit` levels, inflated ones too (gzip, deflate), parsed by
 * `parseJsonBody`, which keeps keys such as `__proto__` for the service's own checks; a body no parser of the app
 * takes is a 415 before it is read (a route's own `bodyLimit` wins). The body of a 404, of a 405 or of a route that
 * reads none (`routeReadsBody`) is ignored. What a parser throws, Fastify answers as its error. Internal.
 *
 * @example
 * addBodyParsers(app, { bodyLimit: 16_384, depthLimit: 64 });
 */
export function addBodyParsers(app: FastifyInstance, { bodyLimit, depthLimit }: AdapterOptions<unknown>): void {
  const ignoresBody = (request: FastifyRequest): boolean => {
    const { route, allow } = mountedOf(request);
    return request.is404 || allow !== undefined || (route !== undefined && !routeReadsBody(route));
  };
  const parseJson: FastifyBodyParser<Buffer> = (request, body, done) => {
    if (ignoresBody(request)) return done(null, undefined);
    const encoding = parseContentEncoding(request.headers['content-encoding']);
    const bytes = encoding === undefined ? body : inflate(body, encoding === 'gzip', bodyLimitOf(request, bodyLimit));
    done(null, parseJsonBody(bytes.toString('utf8'), request.headers['content-type'], { depthLimit }));
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
