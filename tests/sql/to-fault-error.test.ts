import { describe, expect, it } from 'vitest';
import { HttpError, isWriteConflictError } from '../../src/kit/index';
import { toFaultError, type SqlFault } from '../../src/sql/index';

/** A dialect whose driver errors carry their fault by name. */
const DIALECT = {
  faultOf: (error: unknown): SqlFault | undefined => {
    const fault = (error as { fault?: unknown } | null)?.fault;
    return fault === 'conflict' || fault === 'unavailable' ? fault : undefined;
  },
};

describe('toFaultError', () => {
  it('returns a 503 with retry-after: 1 and the driver error as cause for an unavailable database', () => {
    const error = { fault: 'unavailable', message: 'lock wait timeout on "secret_table"' };
    const answer = toFaultError(error, DIALECT);
    expect(answer).toBeInstanceOf(HttpError);
    expect(answer).toMatchObject({ statusCode: 503, message: 'Service Unavailable', cause: error });
    expect((answer as HttpError).headers).toEqual({ 'retry-after': '1' });
  });

  it('returns a 503 the service may run again for a conflict', () => {
    const error = { fault: 'conflict' };
    const answer = toFaultError(error, DIALECT);
    expect(answer).toMatchObject({ statusCode: 503 });
    expect(isWriteConflictError(answer)).toBe(true);
    expect((answer as HttpError).cause).toBe(error);
  });

  it.each([{ fault: 'other' }, new Error('syntax error'), null, undefined, 'text', { __proto__: null }])(
    'returns any other error as it is (%o)',
    (error) => {
      expect(toFaultError(error, DIALECT)).toBe(error);
    },
  );
});
