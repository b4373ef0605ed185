import { describe, expect, it } from 'vitest';
import { HttpError, isWriteConflictError } from '../../src/kit/index';
import { readFault, toFaultError, type SqlFault, type SqlFaultCodes } from '../../src/sql/index';

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

/** Codes as PostgreSQL's: a deadlock, a timeout, and the refusal of an aborted transaction. */
const CODES: SqlFaultCodes = {
  codeOf: (error) => (error as { code?: string }).code,
  conflict: new Set(['40P01']),
  unavailable: new Set(['57014']),
  aborted: new Set(['25P02']),
};

describe('readFault', () => {
  const aborted = { code: '25P02', message: 'current transaction is aborted' };
  it.each([
    { earlier: { code: '57014' }, fault: 'unavailable' },
    { earlier: { code: '40P01' }, fault: 'unavailable' },
    { earlier: { code: '23505' }, fault: undefined },
    { earlier: undefined, fault: undefined },
    { earlier: aborted, fault: undefined },
  ])('returns $fault for an aborted transaction after $earlier', ({ earlier, fault }) => {
    expect(readFault(aborted, CODES, earlier)).toBe(fault);
  });

  it('returns a 503 with the refusal as cause through toFaultError when the earlier failure was a fault', () => {
    const dialect = { faultOf: (error: unknown, earlier?: unknown) => readFault(error, CODES, earlier) };
    const answer = toFaultError(aborted, dialect, { code: '57014' });
    expect(answer).toMatchObject({ statusCode: 503, message: 'Service Unavailable', cause: aborted });
    expect(isWriteConflictError(answer)).toBe(false);
    expect(toFaultError(aborted, dialect)).toBe(aborted);
  });
});
