import { describe, expect, it } from 'vitest';
import { ClientHttpError, isClientHttpError } from 'pagelope/client';
import { HttpError as RootHttpError, isHttpError as isRootHttpError, toErrorEnvelope } from '../../src/index';

describe('ClientHttpError', () => {
  it('returns an error carrying statusCode, message, error, extras and correlationID (kept out of extras)', () => {
    const error = new ClientHttpError(
      409,
      { message: ['email is taken'], error: 'Conflict', correlationID: 'ignored-here', field: 'email' },
      { correlationID: 'srv-7' },
    );
    expect(error).toMatchObject({
      name: 'ClientHttpError',
      statusCode: 409,
      message: ['email is taken'],
      error: 'Conflict',
      extras: { field: 'email' },
      correlationID: 'srv-7',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(RootHttpError);
    expect('cause' in error).toBe(false);
  });

  it.each([undefined, '', 42])('returns an error whose correlationID is undefined for %j', (correlationID) => {
    expect(new ClientHttpError(400, 'x', { correlationID: correlationID as never }).correlationID).toBeUndefined();
  });

  it('returns an error with the cause and the safe headers given', () => {
    const cause = new Error('inner');
    const error = new ClientHttpError(503, 'down', { cause, headers: { 'Retry-After': 5, 'x-correlation-id': 'no' } });
    expect(error.cause).toBe(cause);
    expect(error.headers).toEqual({ 'retry-after': '5' });
  });

  it('returns an error that toErrorEnvelope turns into its own status and messages, under the local correlation id', () => {
    const error = new ClientHttpError(
      404,
      { message: 'user not found', error: 'Not Found' },
      { correlationID: 'upstream' },
    );
    expect(toErrorEnvelope(error, { correlationId: 'local-1', now: () => 5 })).toEqual({
      statusCode: 404,
      message: 'user not found',
      error: 'Not Found',
      timestamp: 5,
      correlationID: 'local-1',
    });
  });

  it.each([200, 302, 600, 404.5, Number.NaN])('throws a RangeError for the status %d', (status) => {
    expect(() => new ClientHttpError(status)).toThrow(RangeError);
  });
});

describe('isClientHttpError', () => {
  it('returns true for the client ClientHttpError, and the root isClientHttpError does too', () => {
    const error = new ClientHttpError(400);
    expect(isClientHttpError(error)).toBe(true);
    expect(isRootHttpError(error)).toBe(true);
  });

  it("returns true for a branded value from another copy of the package, by Symbol.for('pagelope.client.HttpError')", () => {
    expect(isClientHttpError({ [Symbol.for('pagelope.client.HttpError')]: true })).toBe(true);
  });

  it.each([
    ['a root ClientHttpError', new RootHttpError(400)],
    ['an Error', new Error('x')],
    ['a look-alike', { statusCode: 400, message: 'x', error: 'Bad Request', correlationID: 'c' }],
    ['null', null],
    ['a string', 'HttpError'],
    [
      'a Proxy whose traps throw',
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
          getPrototypeOf() {
            throw new Error('trap');
          },
        },
      ),
    ],
  ])('returns false for %s, never throwing', (_name, value) => {
    expect(isClientHttpError(value)).toBe(false);
  });
});
