import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeCorrelationId } from '../../src/errors/correlation-id';
import { toErrorEnvelope } from '../../src/errors/error-envelope';
import { errorResponse } from '../../src/errors/error-response';

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: 300 }); // the seed is tests/setup.ts's

const FIXED_KEYS = ['statusCode', 'message', 'error', 'timestamp', 'correlationID'];

/** Thrown values: anything, plus objects shaped like other frameworks' errors with arbitrary fields. */
const thrown = fc.oneof(
  fc.anything({
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withNullPrototype: true,
  }),
  fc.record(
    {
      statusCode: fc.anything(),
      status: fc.anything(),
      message: fc.anything(),
      expose: fc.anything(),
      headers: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    isBoom: fc.constant(true),
    output: fc.record({
      statusCode: fc.integer({ min: 300, max: 700 }),
      payload: fc.anything(),
      headers: fc.anything(),
    }),
  }),
  fc
    .tuple(fc.integer({ min: 300, max: 700 }), fc.anything())
    .map(([status, response]) => ({ getStatus: () => status, getResponse: () => response })),
  fc
    .tuple(fc.integer({ min: 400, max: 599 }), fc.dictionary(fc.string(), fc.anything()))
    .map(([statusCode, body]) => ({ ...body, statusCode })),
);

describe('toErrorEnvelope', () => {
  it('returns a frozen envelope with a 4xx/5xx status and a safe correlationID for any thrown value and any id', () => {
    fc.assert(
      fc.property(thrown, fc.anything(), (error, correlationId) => {
        const envelope = toErrorEnvelope(error, { correlationId: correlationId as string });
        expect(Number.isInteger(envelope.statusCode)).toBe(true);
        expect(envelope.statusCode).toBeGreaterThanOrEqual(400);
        expect(envelope.statusCode).toBeLessThanOrEqual(599);
        expect(isSafeCorrelationId(envelope.correlationID)).toBe(true);
        expect(Number.isFinite(envelope.timestamp)).toBe(true);
        expect(typeof envelope.error).toBe('string');
        expect(typeof envelope.message === 'string' || envelope.message.every((m) => typeof m === 'string')).toBe(true);
        expect(Object.keys(envelope).slice(0, 5)).toEqual(FIXED_KEYS);
        expect(Object.isFrozen(envelope)).toBe(true);
        expect(() => JSON.stringify(envelope)).not.toThrow();
      }),
    );
  });

  it('returns the given id whenever it is safe', () => {
    fc.assert(
      fc.property(thrown, fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/), (error, correlationId) => {
        expect(toErrorEnvelope(error, { correlationId }).correlationID).toBe(correlationId);
      }),
    );
  });
});

describe('errorResponse', () => {
  it('returns a frozen response whose header id equals the body id for any thrown value and any headers', () => {
    fc.assert(
      fc.property(thrown, fc.anything(), (error, headers) => {
        const response = errorResponse(error, { headers: headers as Record<string, string> });
        expect(response.statusCode).toBe(response.body.statusCode);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThanOrEqual(599);
        expect(isSafeCorrelationId(response.body.correlationID)).toBe(true);
        expect(response.headers['x-correlation-id']).toBe(response.body.correlationID);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        for (const [name, value] of Object.entries(response.headers)) {
          expect(name).toMatch(/^[!#$%&'*+\-.^_`|~0-9a-z]+$/);
          expect(value).toMatch(/^[\t\x20-\x7e\x80-\xff]*$/);
        }
        expect(Object.isFrozen(response)).toBe(true);
        expect(Object.isFrozen(response.headers)).toBe(true);
        expect(Object.isFrozen(response.body)).toBe(true);
      }),
    );
  });
});
