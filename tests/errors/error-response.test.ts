import { validate as isUuid } from 'uuid';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../src/errors/error-response';
import { HttpError } from '../../src/errors/http-error';
import { ServiceUnavailableError, TooManyRequestsError } from '../../src/errors/http-errors';
import { fakeBoom, fakeHttpErrors, ThrottlerException } from './fakes';

const SECRET = 'SECRET-do-not-leak-91c2';
const NOW = (): number => 1_700_000_000_000;
const JSON_TYPE = 'application/json; charset=utf-8';

describe('errorResponse', () => {
  it.each([
    { label: 'a Node header object', headers: { 'x-correlation-id': 'abc-1' }, expected: 'abc-1' },
    { label: 'Node headers with mixed-case keys', headers: { 'X-Correlation-ID': 'abc-2' }, expected: 'abc-2' },
    { label: 'a string[] value', headers: { 'x-correlation-id': ['abc-3', 'other'] }, expected: 'abc-3' },
    { label: 'a Fetch Headers', headers: new Headers({ 'x-correlation-id': 'abc-4' }), expected: 'abc-4' },
  ])('returns the incoming correlation id from $label in both header and body', ({ headers, expected }) => {
    const response = errorResponse(new HttpError(404), { headers, now: NOW });
    expect(response.headers['x-correlation-id']).toBe(expected);
    expect(response.body.correlationID).toBe(expected);
  });

  it.each([
    { label: 'a CR/LF id', headers: { 'x-correlation-id': 'abc\r\nSet-Cookie: evil=1' }, unsafe: 'evil' },
    { label: 'a 10 KB id', headers: { 'x-correlation-id': 'a'.repeat(10_240) }, unsafe: 'a'.repeat(129) },
    { label: 'a Unicode id', headers: { 'x-correlation-id': 'ünïcödé' }, unsafe: 'ünïcödé' },
    { label: 'no headers', headers: undefined, unsafe: 'undefined' },
  ])('returns a generated uuid, the same in header and body, for $label', ({ headers, unsafe }) => {
    const response = errorResponse(new HttpError(400), { headers });
    expect(isUuid(response.body.correlationID)).toBe(true);
    expect(response.headers['x-correlation-id']).toBe(response.body.correlationID);
    expect(JSON.stringify(response)).not.toContain(unsafe);
  });

  it.each([
    {
      label: 'an HttpError with retry-after',
      error: new ServiceUnavailableError('Maintenance', { headers: { 'Retry-After': 120 } }),
      statusCode: 503,
      headers: { 'retry-after': '120' },
    },
    {
      label: 'a TooManyRequestsError',
      error: new TooManyRequestsError(undefined, { headers: { 'retry-after': 30 } }),
      statusCode: 429,
      headers: { 'retry-after': '30' },
    },
    {
      label: 'a Boom 429',
      error: fakeBoom(429, { message: 'slow' }, { 'Retry-After': '9' }),
      statusCode: 429,
      headers: { 'retry-after': '9' },
    },
    {
      label: 'http-errors trying to set owned headers',
      error: fakeHttpErrors(401, 'x', {
        headers: {
          'Content-Type': 'text/html',
          'X-Correlation-Id': 'evil',
          'Content-Length': '0',
          'WWW-Authenticate': 'Basic',
        },
      }),
      statusCode: 401,
      headers: { 'www-authenticate': 'Basic' },
    },
    {
      label: 'an error header with CR/LF',
      error: fakeHttpErrors(400, 'x', { headers: { 'x-a': 'a\r\nSet-Cookie: evil=1' } }),
      statusCode: 400,
      headers: {},
    },
    { label: 'a ThrottlerException', error: new ThrottlerException(), statusCode: 429, headers: {} },
    { label: 'a thrown string', error: SECRET, statusCode: 500, headers: {} },
  ])('returns status and headers for $label', ({ error, statusCode, headers }) => {
    const response = errorResponse(error, { headers: { 'x-correlation-id': 'req-9' }, now: NOW });
    expect(response.statusCode).toBe(statusCode);
    expect(response.body.statusCode).toBe(statusCode);
    expect(response.headers).toEqual({ 'content-type': JSON_TYPE, 'x-correlation-id': 'req-9', ...headers });
    expect(JSON.stringify(response)).not.toContain('evil');
    expect(JSON.stringify(response)).not.toContain(SECRET);
  });

  it('returns the envelope as body', () => {
    const response = errorResponse(new HttpError(422, { message: ['a'], details: [1] }), {
      headers: { 'x-correlation-id': 'req-1' },
      now: NOW,
    });
    expect(response.body).toEqual({
      statusCode: 422,
      message: ['a'],
      error: 'Unprocessable Entity',
      timestamp: 1_700_000_000_000,
      correlationID: 'req-1',
      details: [1],
    });
  });

  it('returns frozen response, headers and body', () => {
    const response = errorResponse(new Error(SECRET));
    expect(Object.isFrozen(response)).toBe(true);
    expect(Object.isFrozen(response.headers)).toBe(true);
    expect(Object.isFrozen(response.body)).toBe(true);
  });

  it.each([
    { label: 'no options', options: undefined },
    { label: 'null options', options: null },
    {
      label: 'options whose getters throw',
      options: new Proxy(
        {},
        {
          get: () => {
            throw new Error('x');
          },
        },
      ),
    },
  ])('returns a 500 response for a thrown Error with $label', ({ options }) => {
    const error = new Error(SECRET);
    const response = errorResponse(error, options as unknown as undefined);
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe(JSON_TYPE);
    expect(JSON.stringify(response.body)).not.toContain(SECRET);
    expect(JSON.stringify(response.body)).not.toContain(String(error.stack).split('\n')[1]);
  });
});
