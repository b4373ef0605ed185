import { describe, expect, it } from 'vitest';
import { isHttpError } from '../../src/index';
import { bodyTooLargeError, methodNotAllowedError, parseJsonBody, routeNotFoundError } from '../../src/http/index';
import { DEFAULT_BODY_LIMIT, isJsonContentType } from '../../src/http/json-body';
import { hasBody, malformedEncodingError, parseContentEncoding } from '../../src/http/body-encoding';

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON;charset=UTF-8', true],
    ['application/merge-patch+json', true],
    ['application/vnd.api+json; ext=x', true],
    ['  application/json', true],
    ['application/jsonp', false],
    ['application/json-seq', false],
    ['text/json', false],
    ['text/plain', false],
    ['application/x-www-form-urlencoded', false],
    ['multipart/form-data; boundary=x', false],
    ['application/+json', false],
    ['', false],
    [undefined, false],
    [null, false],
  ])('returns %j for %s', (value, expected) => {
    expect(isJsonContentType(value as string | undefined)).toBe(expected);
  });
});

describe('parseJsonBody', () => {
  it('returns the parsed JSON, keeping a __proto__ key as an own property', () => {
    const body = parseJsonBody('{"__proto__":{"admin":true},"a":[1]}', 'application/json') as Record<string, unknown>;
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
    expect(body['a']).toStrictEqual([1]);
  });

  it.each([
    ['{"a":', 'Malformed JSON body'],
    ['', 'Malformed JSON body'],
    ["{'a':1}", 'Malformed JSON body'],
  ])('throws a 400 for %j', (text, message) => {
    let thrown: unknown;
    try {
      parseJsonBody(text, 'application/json');
    } catch (error) {
      thrown = error;
    }
    expect(isHttpError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ statusCode: 400, message });
  });

  it.each(['text/plain', undefined, 'application/x-www-form-urlencoded'])('throws a 415 for %s', (type) => {
    expect(() => parseJsonBody('{}', type)).toThrow('Content-Type must be application/json');
    try {
      parseJsonBody('{}', type);
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 415 });
    }
  });
});

describe('route errors', () => {
  it('builds the 404 of an unmatched route, control characters replaced and long paths cut', () => {
    expect(routeNotFoundError('GET', '/x/y')).toMatchObject({ statusCode: 404, message: 'Cannot GET /x/y' });
    expect(routeNotFoundError('GET', '/a\r\nb').message).toBe('Cannot GET /a??b');
    expect(routeNotFoundError('GET', `/${'z'.repeat(500)}`).message).toHaveLength('Cannot GET '.length + 200);
  });

  it('builds the 405 with its allow header', () => {
    const error = methodNotAllowedError('PUT', 'GET, POST');
    expect(error).toMatchObject({ statusCode: 405, message: 'Method PUT is not allowed here' });
    expect(error.headers).toMatchObject({ allow: 'GET, POST' });
  });

  it('builds the 413 naming the limit', () => {
    expect(bodyTooLargeError(DEFAULT_BODY_LIMIT)).toMatchObject({
      statusCode: 413,
      message: 'Request body is larger than 16384 bytes',
    });
  });
});

describe('parseContentEncoding', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    ['identity', undefined],
    [' Identity ', undefined],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', 'deflate'],
  ] as const)('returns %j for %j', (header, expected) => {
    expect(parseContentEncoding(header)).toBe(expected);
  });

  it.each(['br', 'x-gzip', 'gzip, gzip', 'compress', '', 'zstd', '__proto__', 'constructor'])(
    'throws a 415 for %j',
    (header) => {
      expect(() => parseContentEncoding(header)).toThrow('Unsupported Content-Encoding');
      try {
        parseContentEncoding(header);
      } catch (error) {
        expect(error).toMatchObject({ statusCode: 415 });
      }
    },
  );
});

describe('malformedEncodingError', () => {
  it('builds the 400 of a body that does not decode, keeping the cause', () => {
    const cause = new Error('incorrect header check');
    expect(malformedEncodingError(cause)).toMatchObject({ statusCode: 400, message: 'Malformed compressed body' });
    expect(malformedEncodingError(cause).cause).toBe(cause);
  });
});

describe('hasBody', () => {
  it.each([
    [{}, false],
    [{ 'content-length': '0' }, false],
    [{ 'Content-Length': ' 0 ' }, false],
    [{ 'content-length': '12' }, true],
    [{ 'transfer-encoding': 'chunked' }, true],
    [{ 'Transfer-Encoding': 'chunked', 'content-length': '0' }, true],
    [new Headers({ 'content-length': '5' }), true],
    [new Headers(), false],
    [null, false],
  ])('returns %j for %j', (headers, expected) => {
    expect(hasBody(headers)).toBe(expected);
  });
});
