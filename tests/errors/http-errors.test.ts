import { describe, expect, it } from 'vitest';
import { HttpError, isHttpError } from '../../src/errors/http-error';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InternalServerError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnprocessableEntityError,
} from '../../src/errors/http-errors';

const rows = [
  { ErrorClass: BadRequestError, status: 400, reason: 'Bad Request' },
  { ErrorClass: UnauthorizedError, status: 401, reason: 'Unauthorized' },
  { ErrorClass: ForbiddenError, status: 403, reason: 'Forbidden' },
  { ErrorClass: NotFoundError, status: 404, reason: 'Not Found' },
  { ErrorClass: ConflictError, status: 409, reason: 'Conflict' },
  { ErrorClass: UnprocessableEntityError, status: 422, reason: 'Unprocessable Entity' },
  { ErrorClass: TooManyRequestsError, status: 429, reason: 'Too Many Requests' },
  { ErrorClass: InternalServerError, status: 500, reason: 'Internal Server Error' },
  { ErrorClass: ServiceUnavailableError, status: 503, reason: 'Service Unavailable' },
];

describe.each(rows)('$ErrorClass.name', ({ ErrorClass, status, reason }) => {
  it(`returns an HttpError with status ${status} and its reason phrase by default`, () => {
    const error = new ErrorClass();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(Error);
    expect(isHttpError(error)).toBe(true);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.statusCode).toBe(status);
    expect(error.message).toBe(reason);
    expect(error.error).toBe(reason);
  });

  it('returns the message, body extras, headers and cause it is given', () => {
    const cause = new Error('root');
    const error = new ErrorClass(
      { message: ['m'], details: { __proto__: 'x', ok: 1 } },
      { cause, headers: { 'Retry-After': 5 } },
    );
    expect(error.message).toEqual(['m']);
    expect(error.extras).toEqual({ details: { ok: 1 } });
    expect(error.headers).toEqual({ 'retry-after': '5' });
    expect(error.cause).toBe(cause);
  });
});
