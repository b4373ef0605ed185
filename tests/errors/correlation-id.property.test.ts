import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeCorrelationId, resolveCorrelationId } from '../../src/errors/correlation-id';

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: 500 }); // the seed is tests/setup.ts's

const SAFE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const headerKey = fc.constantFrom('x-correlation-id', 'X-Correlation-ID', 'X-CORRELATION-ID', 'x-Correlation-Id');
const headerValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.stringMatching(SAFE),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.anything(),
);

describe('resolveCorrelationId', () => {
  it('returns a safe token, and echoes the incoming value only when it is safe', () => {
    fc.assert(
      fc.property(headerKey, headerValue, (key, value) => {
        const id = resolveCorrelationId({ [key]: value });
        expect(isSafeCorrelationId(id)).toBe(true);
        const first: unknown = Array.isArray(value) ? value[0] : value;
        if (typeof first === 'string' && SAFE.test(first)) expect(id).toBe(first);
        else expect(id).not.toBe(first);
      }),
    );
  });

  it('returns a safe token for any value at all', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withMap: true }), (headers) => {
        expect(isSafeCorrelationId(resolveCorrelationId(headers))).toBe(true);
      }),
    );
  });
});

describe('isSafeCorrelationId', () => {
  it('returns true exactly for strings matching the safe-token pattern', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 140 }), fc.stringMatching(SAFE)), (value) => {
        expect(isSafeCorrelationId(value)).toBe(SAFE.test(value));
      }),
    );
  });
});
