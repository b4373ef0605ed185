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
      'Problems',
      'STATUS_NAMES',
      'ServiceUnavailableError',
      'TooManyRequestsError',
      'UnauthorizedError',
      'UnprocessableEntityError',
      'badRequest',
      'clean',
      'createErrorReporter',
      'errorResponse',
      'isHttpError',
      'isSafeCorrelationId',
      'quote',
      'resolveCorrelationId',
      'statusName',
      'toErrorEnvelope',
    ]);
  });
});
