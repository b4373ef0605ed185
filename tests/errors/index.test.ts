import { describe, expect, it } from 'vitest';
import * as errors from '../../src/errors/index';

describe('errors/index', () => {
  it('returns exactly the public export names', () => {
    expect(Object.keys(errors).sort()).toEqual([
      'BadRequestError',
      'CORRELATION_ID_HEADER',
      'ConflictError',
      'ForbiddenError',
      'HttpError',
      'InternalServerError',
      'NotFoundError',
      'STATUS_NAMES',
      'ServiceUnavailableError',
      'TooManyRequestsError',
      'UnauthorizedError',
      'UnprocessableEntityError',
      'createErrorReporter',
      'errorResponse',
      'isHttpError',
      'isSafeCorrelationId',
      'resolveCorrelationId',
      'statusName',
      'toErrorEnvelope',
    ]);
  });
});
