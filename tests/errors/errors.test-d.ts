/**
 * Types of the errors module from the root entry: correlation ids and `HttpError`; the status classes and names, which
 * no entry exports (application code throws `HttpError` with a status), from src/errors.
 */
import {
  CORRELATION_ID_HEADER,
  HttpError,
  errorResponse,
  resolveCorrelationId,
  toErrorEnvelope,
  type ErrorEnvelope,
  type ErrorReportInfo,
  type ErrorReportingOptions,
  type ReportError,
  type ErrorResponse,
  type ErrorResponseOptions,
  type HttpErrorOptions,
  type ToErrorEnvelopeOptions,
} from 'pagelope';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InternalServerError,
  STATUS_NAMES,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnprocessableEntityError,
  statusName,
} from '../../src/errors/index';
import { createErrorReporter, isSafeCorrelationId } from 'pagelope/http';
import { describe, expectTypeOf, it } from 'vitest';

describe('the HTTP error classes', () => {
  it('return HttpErrors with a literal status code each', () => {
    expectTypeOf(new BadRequestError('x').statusCode).toEqualTypeOf<400>();
    expectTypeOf(new UnauthorizedError().statusCode).toEqualTypeOf<401>();
    expectTypeOf(new ForbiddenError().statusCode).toEqualTypeOf<403>();
    expectTypeOf(new ConflictError().statusCode).toEqualTypeOf<409>();
    expectTypeOf(new UnprocessableEntityError().statusCode).toEqualTypeOf<422>();
    expectTypeOf(new TooManyRequestsError().statusCode).toEqualTypeOf<429>();
    expectTypeOf(new InternalServerError().statusCode).toEqualTypeOf<500>();
    expectTypeOf(new ServiceUnavailableError().statusCode).toEqualTypeOf<503>();
    expectTypeOf(new ConflictError()).toExtend<HttpError>();
    expectTypeOf<HttpErrorOptions>().not.toBeAny();
  });

  it('rejects another status on a subclass at compile time', () => {
    // @ts-expect-error a BadRequestError is a 400
    const wrong: BadRequestError = new HttpError(404, 'x');
    expectTypeOf(wrong).not.toBeAny();
  });
});

describe('STATUS_NAMES and statusName', () => {
  it('map numbers to strings', () => {
    expectTypeOf(STATUS_NAMES).toEqualTypeOf<Readonly<Record<number, string>>>();
    expectTypeOf(statusName).toEqualTypeOf<(code: number) => string>();
    // @ts-expect-error the status is a number
    statusName('404');
  });
});

describe('CORRELATION_ID_HEADER, isSafeCorrelationId and resolveCorrelationId', () => {
  it('return a string, and a guard that narrows unknown to string', () => {
    expectTypeOf<typeof CORRELATION_ID_HEADER>().toEqualTypeOf<'x-correlation-id'>();
    expectTypeOf(resolveCorrelationId).toEqualTypeOf<(headers: unknown) => string>();
    const value: unknown = 'abc';
    if (isSafeCorrelationId(value)) expectTypeOf(value).toEqualTypeOf<string>();
  });
});

describe('toErrorEnvelope and errorResponse', () => {
  it('take options of their own types', () => {
    expectTypeOf(toErrorEnvelope).parameter(1).toEqualTypeOf<ToErrorEnvelopeOptions>();
    expectTypeOf(toErrorEnvelope).returns.toEqualTypeOf<ErrorEnvelope>();
    expectTypeOf(errorResponse).parameter(1).toEqualTypeOf<ErrorResponseOptions | undefined>();
    expectTypeOf(errorResponse).returns.toEqualTypeOf<ErrorResponse>();
    expectTypeOf<ErrorEnvelope['statusCode']>().toEqualTypeOf<number>();
  });
});

describe('createErrorReporter and its types', () => {
  it('takes a ReportError, false or undefined, and returns a total reporter', () => {
    expectTypeOf(createErrorReporter).parameter(0).toEqualTypeOf<ReportError | false | undefined>();
    expectTypeOf(createErrorReporter(undefined)).toEqualTypeOf<(error: unknown, info: ErrorReportInfo) => void>();
    expectTypeOf<ErrorReportInfo>().toEqualTypeOf<{
      readonly correlationId: string;
      readonly method: string | undefined;
      readonly path: string | undefined;
      readonly statusCode: number;
    }>();
    expectTypeOf<ErrorReportingOptions>().toEqualTypeOf<{ readonly reportError?: ReportError | false | undefined }>();
    const asyncReporter: ReportError = async () => undefined;
    expectTypeOf(asyncReporter).not.toBeAny();
    // @ts-expect-error reportError is a function or false
    createErrorReporter(true);
  });
});
