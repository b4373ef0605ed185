/** fromBodyError: the refusals of a body by Express's body-parser and by Fastify, as every adapter answers them. */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/index';
import { fromBodyError, fromZlibError } from '../../src/http/from-body-error';

const fastify = (code: string) => Object.assign(new Error(code), { code });
const unchanged = fastify('FST_ERR_CTP_INVALID_CONTENT_LENGTH');

describe('fromBodyError', () => {
  it.each([
    { label: 'body-parser: too large', error: { type: 'entity.too.large', limit: 10 }, limit: 99, status: 413 },
    { label: 'Fastify: too large', error: fastify('FST_ERR_CTP_BODY_TOO_LARGE'), limit: 99, status: 413 },
    { label: 'body-parser: parse failed', error: { type: 'entity.parse.failed' }, limit: undefined, status: 400 },
    { label: 'Fastify: empty JSON', error: fastify('FST_ERR_CTP_EMPTY_JSON_BODY'), limit: 1, status: 400 },
    { label: 'Fastify: invalid JSON', error: fastify('FST_ERR_CTP_INVALID_JSON_BODY'), limit: 1, status: 400 },
    { label: 'Fastify: media type', error: fastify('FST_ERR_CTP_INVALID_MEDIA_TYPE'), limit: 1, status: 415 },
    { label: 'Fastify: no content type', error: fastify('FST_ERR_ROUTE_MISSING_CONTENT_TYPE'), limit: 1, status: 415 },
  ])('returns the HttpError every adapter answers ($label)', ({ error, limit, status }) => {
    const answer = fromBodyError(error, limit);
    expect(answer).toBeInstanceOf(HttpError);
    expect((answer as HttpError).statusCode).toBe(status);
  });

  it('words a body over the limit with the error’s own limit (body-parser’s), else the one given', () => {
    expect((fromBodyError({ type: 'entity.too.large', limit: 10 }, 99) as HttpError).message).toContain('10 bytes');
    expect((fromBodyError(fastify('FST_ERR_CTP_BODY_TOO_LARGE'), 99) as HttpError).message).toContain('99 bytes');
  });

  it('gives the parse error as the cause of the 400', () => {
    const error = { type: 'entity.parse.failed' };
    expect(fromBodyError(error)).toMatchObject({ message: 'Malformed JSON body', cause: error });
  });

  it.each([
    { label: 'a body over an unknown limit', error: { type: 'entity.too.large' } },
    { label: 'an Error', error: new Error('boom') },
    { label: 'a string', error: 'entity.parse.failed' },
    { label: 'null', error: null },
    { label: 'a __proto__ type', error: { type: '__proto__', code: 'constructor' } },
    { label: 'a zlib error', error: Object.assign(new Error('bad'), { code: 'Z_DATA_ERROR' }) },
  ])('returns undefined for another error ($label)', ({ error }) => {
    expect(fromBodyError(error)).toBeUndefined();
  });

  it('returns another of Fastify’s body errors as it is', () => {
    expect(fromBodyError(unchanged, 1)).toBe(unchanged);
  });
});

describe('fromZlibError', () => {
  const zlib = (code: string) => Object.assign(new Error(code), { code });

  it('returns the 413 of an output past the limit, and the 400 of a zlib error with it as the cause', () => {
    expect(fromZlibError(zlib('ERR_BUFFER_TOO_LARGE'), 64)).toMatchObject({
      statusCode: 413,
      message: 'Request body is larger than 64 bytes',
    });
    const corrupt = zlib('Z_DATA_ERROR');
    expect(fromZlibError(corrupt)).toMatchObject({
      statusCode: 400,
      message: 'Malformed compressed body',
      cause: corrupt,
    });
  });

  it.each([
    { label: 'an output past an unknown limit', error: zlib('ERR_BUFFER_TOO_LARGE') },
    { label: 'another code', error: zlib('ECONNRESET') },
    { label: 'a Z_ string', error: 'Z_DATA_ERROR' },
    { label: 'undefined', error: undefined },
  ])('returns undefined for $label', ({ error }) => {
    expect(fromZlibError(error)).toBeUndefined();
  });
});
