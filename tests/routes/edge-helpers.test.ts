import { describe, expect, it } from 'vitest';
import {
  bodyTooLargeError,
  DEFAULT_BODY_LIMIT,
  isHttpError,
  isJsonContentType,
  methodNotAllowedError,
  parseJsonBody,
  routeNotFoundError,
} from '../../src/index';

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
