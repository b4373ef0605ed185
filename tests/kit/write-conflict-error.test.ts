import { HttpError, isWriteConflictError, toWriteConflictError } from 'pagelope/kit';
import { describe, expect, it } from 'vitest';

describe('toWriteConflictError', () => {
  it('is a 503 with retry-after 1 and the driver error as cause, marked as a write conflict', () => {
    const cause = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const error = toWriteConflictError(cause);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(503);
    expect(error.cause).toBe(cause);
    expect(error.headers).toEqual({ 'retry-after': '1' });
    expect(isWriteConflictError(error)).toBe(true);
  });

  it('marks nothing else: another 503, a copy of its fields, a plain object', () => {
    const other = new HttpError(503, 'Service Unavailable', { headers: { 'retry-after': 1 } });
    expect(isWriteConflictError(other)).toBe(false);
    expect(isWriteConflictError({ ...toWriteConflictError(new Error('x')) })).toBe(false);
    expect(isWriteConflictError(undefined)).toBe(false);
  });
});
