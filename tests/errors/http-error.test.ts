import { describe, expect, it } from 'vitest';
import { HttpError, isHttpError } from '../../src/errors/http-error';

interface ConstructorRow {
  readonly label: string;
  readonly status: number;
  readonly input: unknown;
  readonly message: unknown;
  readonly error: string;
  readonly extras: Readonly<Record<string, unknown>>;
}

describe('HttpError', () => {
  it.each<ConstructorRow>([
    { label: 'no message', status: 400, input: undefined, message: 'Bad Request', error: 'Bad Request', extras: {} },
    {
      label: 'a string',
      status: 404,
      input: 'Book not found',
      message: 'Book not found',
      error: 'Not Found',
      extras: {},
    },
    { label: 'an empty string', status: 409, input: '', message: 'Conflict', error: 'Conflict', extras: {} },
    {
      label: 'a string[]',
      status: 422,
      input: ['a is required', 'b is too long'],
      message: ['a is required', 'b is too long'],
      error: 'Unprocessable Entity',
      extras: {},
    },
    {
      label: 'an empty string[]',
      status: 422,
      input: [],
      message: 'Unprocessable Entity',
      error: 'Unprocessable Entity',
      extras: {},
    },
    {
      label: 'a Unicode message',
      status: 400,
      input: 'ünïcödé 🚀',
      message: 'ünïcödé 🚀',
      error: 'Bad Request',
      extras: {},
    },
    {
      label: 'a body with message and extras',
      status: 422,
      input: { message: 'x', details: [1] },
      message: 'x',
      error: 'Unprocessable Entity',
      extras: { details: [1] },
    },
    {
      label: 'a body with a custom error name',
      status: 403,
      input: { error: 'QuotaExceeded' },
      message: 'Forbidden',
      error: 'QuotaExceeded',
      extras: {},
    },
    {
      label: 'a body with an empty error name',
      status: 403,
      input: { error: '' },
      message: 'Forbidden',
      error: 'Forbidden',
      extras: {},
    },
    {
      label: 'a body with a non-string message',
      status: 400,
      input: { message: 42 },
      message: 'Bad Request',
      error: 'Bad Request',
      extras: {},
    },
    {
      label: 'a body with a mixed message array',
      status: 400,
      input: { message: ['a', 1, null, 'b'] },
      message: ['a', 'b'],
      error: 'Bad Request',
      extras: {},
    },
    {
      label: 'a body trying to override fixed keys',
      status: 400,
      input: {
        statusCode: 200,
        timestamp: 0,
        correlationID: 'evil',
        stack: 's',
        constructor: 'c',
        prototype: 'p',
        keep: true,
      },
      message: 'Bad Request',
      error: 'Bad Request',
      extras: { keep: true },
    },
    {
      label: 'a body with an own __proto__ key',
      status: 400,
      input: JSON.parse('{"__proto__":{"polluted":true},"ok":1}') as object,
      message: 'Bad Request',
      error: 'Bad Request',
      extras: { ok: 1 },
    },
    {
      label: 'a body with non-JSON extras',
      status: 400,
      input: { fn: () => 1, sym: Symbol('s'), big: 1n, undef: undefined, date: new Date(0) },
      message: 'Bad Request',
      error: 'Bad Request',
      extras: { date: '1970-01-01T00:00:00.000Z' },
    },
    {
      label: 'a 5xx with a message',
      status: 503,
      input: 'Maintenance',
      message: 'Maintenance',
      error: 'Service Unavailable',
      extras: {},
    },
    { label: 'an unnamed status', status: 499, input: undefined, message: 'Error', error: 'Error', extras: {} },
  ])('returns statusCode, message, error and extras for $label', ({ status, input, message, error, extras }) => {
    const httpError = new HttpError(status, input as string);
    expect(httpError.statusCode).toBe(status);
    expect(httpError.message).toEqual(message);
    expect(httpError.error).toBe(error);
    expect(httpError.extras).toEqual(extras);
    expect(Object.isFrozen(httpError.extras)).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([
    { status: 399 },
    { status: 600 },
    { status: 200 },
    { status: 404.5 },
    { status: Number.NaN },
    { status: Number.POSITIVE_INFINITY },
    { status: -404 },
    { status: '404' },
    { status: undefined },
  ])('throws RangeError for status $status', ({ status }) => {
    expect(() => new HttpError(status as number)).toThrow(RangeError);
  });

  it('returns an instance of Error with name, stack and a string[] message', () => {
    const httpError = new HttpError(400, ['a', 'b']);
    expect(httpError).toBeInstanceOf(Error);
    expect(httpError).toBeInstanceOf(HttpError);
    expect(httpError.name).toBe('HttpError');
    expect(typeof httpError.stack).toBe('string');
    expect(String(httpError.stack)).toContain('a');
    expect(Object.isFrozen(httpError.message)).toBe(true);
  });

  it('returns a copy of the message array, not the caller’s array', () => {
    const messages = ['a'];
    const httpError = new HttpError(400, messages);
    messages.push('b');
    expect(httpError.message).toEqual(['a']);
  });

  it('returns the cause given in options', () => {
    const cause = new Error('db down');
    expect(new HttpError(500, undefined, { cause }).cause).toBe(cause);
    expect('cause' in new HttpError(500)).toBe(false);
  });

  it.each([
    {
      label: 'lower-cases names and stringifies numbers',
      input: { 'Retry-After': 30 },
      expected: { 'retry-after': '30' },
    },
    { label: 'drops CR/LF values', input: { 'x-a': 'a\r\nSet-Cookie: x', 'x-b': 'ok' }, expected: { 'x-b': 'ok' } },
    {
      label: 'drops response-owned names',
      input: { 'Content-Type': 'text/html', 'X-Correlation-Id': 'x', 'www-authenticate': 'Bearer' },
      expected: { 'www-authenticate': 'Bearer' },
    },
    { label: 'drops invalid names', input: { 'bad name': 'x', 'bad:name': 'y' }, expected: {} },
    { label: 'returns empty headers when none are given', input: undefined, expected: {} },
  ])('returns headers: $label', ({ input, expected }) => {
    const httpError = new HttpError(
      429,
      undefined,
      input === undefined ? {} : { headers: input as unknown as Record<string, string> },
    );
    expect(httpError.headers).toEqual(expected);
    expect(Object.isFrozen(httpError.headers)).toBe(true);
  });

  it('returns defaults when the body’s getters throw', () => {
    const body = Object.defineProperty({}, 'message', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    const httpError = new HttpError(400, body);
    expect(httpError.message).toBe('Bad Request');
    expect(httpError.extras).toEqual({});
  });
});

describe('isHttpError', () => {
  const branded = { [Symbol.for('pagelope.HttpError')]: true, statusCode: 404 };
  const throwingProxy = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );

  it.each([
    { label: 'an HttpError', value: new HttpError(400), expected: true },
    { label: 'a subclass instance', value: new (class extends HttpError {})(418), expected: true },
    { label: 'a branded object from another copy', value: branded, expected: true },
    {
      label: 'an object created from an HttpError prototype',
      value: Object.create(HttpError.prototype) as object,
      expected: true,
    },
    { label: 'a plain Error', value: new Error('x'), expected: false },
    {
      label: 'a look-alike without brand',
      value: { statusCode: 404, message: 'x', error: 'Not Found' },
      expected: false,
    },
    { label: 'a brand with a non-true value', value: { [Symbol.for('pagelope.HttpError')]: 'yes' }, expected: false },
    {
      label: 'a local (non-registered) symbol brand',
      value: { [Symbol('pagelope.HttpError')]: true },
      expected: false,
    },
    { label: 'null', value: null, expected: false },
    { label: 'undefined', value: undefined, expected: false },
    { label: 'a string', value: 'HttpError', expected: false },
    { label: 'a Proxy whose traps throw', value: throwingProxy, expected: false },
  ])('returns $expected for $label', ({ value, expected }) => {
    expect(isHttpError(value)).toBe(expected);
  });
});
