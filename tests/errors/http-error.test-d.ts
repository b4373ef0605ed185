import { describe, expectTypeOf, it } from 'vitest';
import {
  errorResponse,
  HttpError,
  isHttpError,
  NotFoundError,
  toErrorEnvelope,
  type ErrorEnvelope,
  type ErrorResponse,
} from '../../src/errors/index';

describe('HttpError', () => {
  it('returns a message typed string | readonly string[]', () => {
    const error = new HttpError(400, ['a']);
    expectTypeOf(error.message).toEqualTypeOf<string | readonly string[]>();
    expectTypeOf(error.statusCode).toEqualTypeOf<number>();
    expectTypeOf(error.headers).toEqualTypeOf<Readonly<Record<string, string>>>();
    expectTypeOf(error).toExtend<{ name: string; stack?: string }>();
  });

  it('returns a literal statusCode on subclasses', () => {
    expectTypeOf(new NotFoundError().statusCode).toEqualTypeOf<404>();
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error the status is required
    new HttpError();
    // @ts-expect-error the message must be a string, string[] or body
    new HttpError(400, 42);
    // @ts-expect-error header values are strings or numbers
    new HttpError(400, 'x', { headers: { 'retry-after': true } });
  });
});

describe('isHttpError', () => {
  it('returns a type guard that narrows unknown to HttpError', () => {
    const value: unknown = null;
    if (isHttpError(value)) expectTypeOf(value).toEqualTypeOf<HttpError>();
  });
});

describe('toErrorEnvelope', () => {
  it('returns an ErrorEnvelope and requires a correlationId', () => {
    expectTypeOf(toErrorEnvelope(new Error('x'), { correlationId: 'a' })).toEqualTypeOf<ErrorEnvelope>();
    expectTypeOf(toErrorEnvelope).parameter(1).not.toBeAny();
    // @ts-expect-error correlationId is required
    toErrorEnvelope(new Error('x'), {});
  });
});

describe('errorResponse', () => {
  it('returns an ErrorResponse with optional options', () => {
    expectTypeOf(errorResponse(new Error('x'))).toEqualTypeOf<ErrorResponse>();
    expectTypeOf(errorResponse(new Error('x')).body.correlationID).toEqualTypeOf<string>();
  });
});
