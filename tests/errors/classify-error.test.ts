import { describe, expect, it } from 'vitest';
import { classifyError, INTERNAL_ERROR } from '../../src/errors/classify-error';
import { HttpError } from '../../src/errors/http-error';
import { NotFoundError, TooManyRequestsError, UnprocessableEntityError } from '../../src/errors/http-errors';
import { fakeBoom, fakeFastifyError, FakeHttpException, fakeHttpErrors, ThrottlerException } from './fakes';

const BRAND = Symbol.for('pagelope.HttpError');
const SECRET = 'SECRET-db-password-hunter2';
const TOO_MANY = { statusCode: 429, message: 'Too Many Requests', error: 'Too Many Requests', extras: {}, headers: {} };

function throwing(key: string, base: object = {}): object {
  return Object.defineProperty(base, key, {
    enumerable: true,
    get() {
      throw new Error(SECRET);
    },
  });
}

const nestCyclic: Record<string, unknown> = { message: 'x', keep: 1 };
nestCyclic['self'] = nestCyclic;

describe('classifyError', () => {
  it.each([
    {
      label: 'HttpError with a string',
      value: new HttpError(404, 'Book not found'),
      expected: { statusCode: 404, message: 'Book not found', error: 'Not Found' },
    },
    {
      label: 'HttpError with a string[]',
      value: new UnprocessableEntityError(['a', 'b']),
      expected: { statusCode: 422, message: ['a', 'b'], error: 'Unprocessable Entity' },
    },
    {
      label: 'HttpError with a body and headers',
      value: new HttpError(403, { error: 'QuotaExceeded', message: 'x', limit: 5 }, { headers: { 'X-Quota': 5 } }),
      expected: {
        statusCode: 403,
        message: 'x',
        error: 'QuotaExceeded',
        extras: { limit: 5 },
        headers: { 'x-quota': '5' },
      },
    },
    {
      label: 'a 5xx HttpError keeps its explicit message',
      value: new HttpError(503, 'Maintenance'),
      expected: { statusCode: 503, message: 'Maintenance', error: 'Service Unavailable' },
    },
    {
      label: 'a subclass',
      value: new NotFoundError(),
      expected: { statusCode: 404, message: 'Not Found', error: 'Not Found' },
    },
    {
      label: 'a branded HttpError from another copy',
      value: {
        [BRAND]: true,
        statusCode: 409,
        message: 'dup',
        error: 'Conflict',
        extras: { id: 1, statusCode: 200 },
        headers: { etag: '"1"' },
      },
      expected: { statusCode: 409, message: 'dup', error: 'Conflict', extras: { id: 1 }, headers: { etag: '"1"' } },
    },
    {
      label: 'a branded copy with wrong-typed fields',
      value: { [BRAND]: true, statusCode: 400, message: 42, error: {}, extras: 'x', headers: ['a'] },
      expected: { statusCode: 400, message: 'Bad Request', error: 'Bad Request' },
    },
    {
      label: 'NestJS HttpException with a string response',
      value: new FakeHttpException('Forbidden resource', 403),
      expected: { statusCode: 403, message: 'Forbidden resource', error: 'Forbidden' },
    },
    {
      label: 'NestJS HttpException with a body and extras',
      value: new FakeHttpException({ message: 'x', details: [1] }, 400),
      expected: { statusCode: 400, message: 'x', error: 'Bad Request', extras: { details: [1] } },
    },
    {
      label: 'NestJS HttpException whose body tries to override fixed keys',
      value: new FakeHttpException(
        {
          ...(JSON.parse('{"__proto__":{"polluted":1}}') as object),
          statusCode: 200,
          timestamp: 0,
          correlationID: 'evil',
          stack: SECRET,
          message: ['a'],
          error: 'Bad Request',
          __proto__x: 1,
        },
        400,
      ),
      expected: { statusCode: 400, message: ['a'], error: 'Bad Request', extras: { __proto__x: 1 } },
    },
    {
      label: 'NestJS HttpException with a custom error name',
      value: new FakeHttpException({ message: 'x', error: 'ValidationFailed' }, 422),
      expected: { statusCode: 422, message: 'x', error: 'ValidationFailed' },
    },
    {
      label: 'NestJS HttpException with a body without message',
      value: new FakeHttpException({ reason: 'r' }, 409),
      expected: { statusCode: 409, message: 'Conflict', error: 'Conflict', extras: { reason: 'r' } },
    },
    {
      label: 'NestJS HttpException with a cyclic extra',
      value: new FakeHttpException(nestCyclic, 400),
      expected: { statusCode: 400, message: 'x', error: 'Bad Request', extras: { keep: 1 } },
    },
    {
      label: 'NestJS HttpException with a 5xx body',
      value: new FakeHttpException({ message: 'Upstream failed', error: 'Bad Gateway' }, 502),
      expected: { statusCode: 502, message: 'Upstream failed', error: 'Bad Gateway' },
    },
    {
      label: 'http-errors 404',
      value: fakeHttpErrors(404, 'No such user'),
      expected: { statusCode: 404, message: 'No such user', error: 'Not Found' },
    },
    {
      label: 'http-errors 401 with headers',
      value: fakeHttpErrors(401, 'Login', {
        headers: { 'WWW-Authenticate': 'Basic', 'X-Bad': 'a\r\nb', 'Content-Type': 'text/html' },
      }),
      expected: { statusCode: 401, message: 'Login', error: 'Unauthorized', headers: { 'www-authenticate': 'Basic' } },
    },
    {
      label: 'http-errors 5xx with expose false',
      value: fakeHttpErrors(500, SECRET),
      expected: { statusCode: 500, message: 'Internal Server Error', error: 'Internal Server Error' },
    },
    {
      label: 'http-errors 503 with expose false',
      value: fakeHttpErrors(503, SECRET),
      expected: { statusCode: 503, message: 'Service Unavailable', error: 'Service Unavailable' },
    },
    {
      label: 'http-errors 5xx with expose true',
      value: fakeHttpErrors(502, 'Upstream down', { expose: true }),
      expected: { statusCode: 502, message: 'Upstream down', error: 'Bad Gateway' },
    },
    {
      label: 'http-errors 4xx with expose false',
      value: fakeHttpErrors(400, SECRET, { expose: false }),
      expected: { statusCode: 400, message: 'Bad Request', error: 'Bad Request' },
    },
    {
      label: 'http-errors props are not extras',
      value: fakeHttpErrors(400, 'x', { details: SECRET }),
      expected: { statusCode: 400, message: 'x', error: 'Bad Request' },
    },
    {
      label: 'an Error with only status',
      value: Object.assign(new Error('Gone away'), { status: 410 }),
      expected: { statusCode: 410, message: 'Gone away', error: 'Gone' },
    },
    {
      label: 'a string statusCode falls back to status',
      value: Object.assign(new Error('x'), { statusCode: '404', status: 404 }),
      expected: { statusCode: 404, message: 'x', error: 'Not Found' },
    },
    {
      label: 'a plain object with statusCode',
      value: { statusCode: 404, message: 'Nope' },
      expected: { statusCode: 404, message: 'Nope', error: 'Not Found' },
    },
    {
      label: 'a null-prototype object with status',
      value: Object.assign(Object.create(null) as object, { status: 400, message: 'x' }),
      expected: { statusCode: 400, message: 'x', error: 'Bad Request' },
    },
    {
      label: 'an http-errors shape with an empty message',
      value: fakeHttpErrors(404, ''),
      expected: { statusCode: 404, message: 'Not Found', error: 'Not Found' },
    },
    {
      label: 'a Fastify validation error',
      value: fakeFastifyError(400, 'body/name must be string', { validation: [{ instancePath: '/name' }] }),
      expected: { statusCode: 400, message: 'body/name must be string', error: 'Bad Request' },
    },
    {
      label: 'a Fastify 413',
      value: fakeFastifyError(413, 'Request body is too large'),
      expected: { statusCode: 413, message: 'Request body is too large', error: 'Payload Too Large' },
    },
    {
      label: 'a Fastify 5xx',
      value: fakeFastifyError(500, SECRET),
      expected: { statusCode: 500, message: 'Internal Server Error', error: 'Internal Server Error' },
    },
    {
      label: 'Boom 404',
      value: fakeBoom(404, { statusCode: 404, error: 'Not Found', message: 'missing' }),
      expected: { statusCode: 404, message: 'missing', error: 'Not Found' },
    },
    {
      label: 'Boom 401 with attributes and a header',
      value: fakeBoom(
        401,
        { statusCode: 401, error: 'Unauthorized', message: 'bad token', attributes: { realm: 'api' } },
        { 'WWW-Authenticate': 'Bearer realm="api"' },
      ),
      expected: {
        statusCode: 401,
        message: 'bad token',
        error: 'Unauthorized',
        extras: { attributes: { realm: 'api' } },
        headers: { 'www-authenticate': 'Bearer realm="api"' },
      },
    },
    {
      label: 'Boom 500 (payload already generic)',
      value: fakeBoom(
        500,
        { statusCode: 500, error: 'Internal Server Error', message: 'An internal server error occurred' },
        {},
        SECRET,
      ),
      expected: { statusCode: 500, message: 'An internal server error occurred', error: 'Internal Server Error' },
    },
    {
      label: 'Boom without a payload',
      value: fakeBoom(409, undefined as unknown as Record<string, unknown>),
      expected: { statusCode: 409, message: 'Conflict', error: 'Conflict' },
    },
  ])('returns the status, message and extras of $label', ({ value, expected }) => {
    const result = classifyError(value);
    expect(result).toEqual({ extras: {}, headers: {}, ...expected });
    expect(Object.isFrozen(result)).toBe(true);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it.each([
    { label: 'a ThrottlerException', value: new ThrottlerException(), headers: {} },
    {
      label: 'any object named ThrottlerException',
      value: { name: 'ThrottlerException', message: SECRET },
      headers: {},
    },
    {
      label: 'a NestJS 429 with a custom body',
      value: new FakeHttpException({ message: SECRET, error: 'Slow down', wait: 5 }, 429),
      headers: {},
    },
    {
      label: 'http-errors 429 with retry-after',
      value: fakeHttpErrors(429, SECRET, { headers: { 'Retry-After': '30' } }),
      headers: { 'retry-after': '30' },
    },
    { label: 'a Fastify 429', value: fakeFastifyError(429, SECRET), headers: {} },
    {
      label: 'Boom 429 with retry-after',
      value: fakeBoom(
        429,
        { statusCode: 429, error: 'Too Many Requests', message: SECRET, extra: 1 },
        { 'Retry-After': 60 },
      ),
      headers: { 'retry-after': '60' },
    },
    {
      label: 'an HttpError 429 with retry-after',
      value: new TooManyRequestsError({ message: SECRET, extra: 1 }, { headers: { 'retry-after': 10 } }),
      headers: { 'retry-after': '10' },
    },
    { label: 'a plain object with status 429', value: { status: 429, message: SECRET }, headers: {} },
  ])('returns exactly Too Many Requests for $label', ({ value, headers }) => {
    const result = classifyError(value);
    expect(result).toEqual({ ...TOO_MANY, headers });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  const cyclic: Record<string, unknown> = { message: SECRET };
  cyclic['self'] = cyclic;
  const cyclicWithStatus: Record<string, unknown> = { statusCode: 400, message: 'ok' };
  cyclicWithStatus['self'] = cyclicWithStatus;

  it.each([
    { label: 'a plain Error', value: new Error(SECRET) },
    { label: 'a TypeError', value: new TypeError(SECRET) },
    { label: 'a thrown string', value: SECRET },
    { label: 'an empty string', value: '' },
    { label: 'null', value: null },
    { label: 'undefined', value: undefined },
    { label: 'a number', value: 404 },
    { label: 'a boolean', value: false },
    { label: 'a Symbol', value: Symbol(SECRET) },
    { label: 'a bigint', value: 404n },
    { label: 'a function', value: Object.assign(() => SECRET, { statusCode: 404 }) },
    { label: 'an array', value: [SECRET] },
    { label: 'a cyclic object', value: cyclic },
    { label: 'an object whose getter throws', value: throwing('statusCode') },
    { label: 'an object whose name getter throws', value: throwing('name', { statusCode: 404 }) },
    {
      label: 'an HttpError whose message getter throws',
      value: throwing('message', { [BRAND]: true, statusCode: 400 }),
    },
    {
      label: 'a Proxy whose traps all throw',
      value: new Proxy(
        {},
        {
          get: () => {
            throw new Error(SECRET);
          },
          getPrototypeOf: () => {
            throw new Error(SECRET);
          },
        },
      ),
    },
    { label: 'status 200', value: Object.assign(new Error(SECRET), { statusCode: 200 }) },
    { label: 'status 302', value: { status: 302, message: SECRET } },
    { label: 'status 600', value: { statusCode: 600, message: SECRET } },
    { label: 'status 399', value: { statusCode: 399, message: SECRET } },
    { label: 'a non-integer status', value: { statusCode: 404.5, message: SECRET } },
    { label: 'NaN status', value: { statusCode: Number.NaN, message: SECRET } },
    { label: 'a string status', value: Object.assign(new Error(SECRET), { status: '404' }) },
    {
      label: 'a class instance with statusCode (not Error, not plain)',
      value: new (class Response {
        statusCode = 404;
        message = SECRET;
      })(),
    },
    { label: 'a branded copy with status 200', value: { [BRAND]: true, statusCode: 200, message: SECRET } },
    { label: 'NestJS getStatus returning 200', value: new FakeHttpException(SECRET, 200) },
    { label: 'NestJS getStatus returning a string', value: { getStatus: () => '404', getResponse: () => SECRET } },
    {
      label: 'NestJS getStatus throwing',
      value: {
        getStatus: () => {
          throw new Error(SECRET);
        },
        getResponse: () => SECRET,
      },
    },
    {
      label: 'NestJS getResponse throwing',
      value: {
        getStatus: () => 400,
        getResponse: () => {
          throw new Error(SECRET);
        },
      },
    },
    { label: 'Boom without output', value: Object.assign(new Error(SECRET), { isBoom: true }) },
    {
      label: 'Boom with a string status',
      value: { isBoom: true, output: { statusCode: '404', payload: { message: SECRET } } },
    },
    { label: 'Boom with output getter throwing', value: throwing('output', { isBoom: true }) },
    {
      label: 'an object inheriting a valid status (not plain, not Error)',
      value: Object.create(cyclicWithStatus) as object,
    },
  ])('returns the generic 500 for $label', ({ value }) => {
    const result = classifyError(value);
    expect(result).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: 'Internal server error',
      extras: {},
      headers: {},
    });
    expect(result).toBe(INTERNAL_ERROR);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('returns a 400 for a cyclic plain object with a valid status', () => {
    expect(classifyError(cyclicWithStatus)).toEqual({
      statusCode: 400,
      message: 'ok',
      error: 'Bad Request',
      extras: {},
      headers: {},
    });
  });
});
