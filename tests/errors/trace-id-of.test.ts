import { validate as isUuid, version as uuidVersion } from 'uuid';
import { describe, expect, it } from 'vitest';
import { resolveCorrelationId } from '../../src/errors/correlation-id';
import { TRACEPARENT_HEADER, traceIdOf } from '../../src/errors/trace-id-of';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const VALID = `00-${TRACE}-${PARENT}-01`;
const AS_UUID = '4bf92f35-77b3-4da6-a3ce-929d0e0e4736';

describe('traceIdOf', () => {
  it.each([
    { label: 'version 00, sampled', value: VALID },
    { label: 'version 00, not sampled', value: `00-${TRACE}-${PARENT}-00` },
    { label: 'version 00, unknown flags', value: `00-${TRACE}-${PARENT}-ff` },
    { label: 'a higher version of exactly 55 characters', value: `01-${TRACE}-${PARENT}-01` },
    { label: 'a higher version with more fields', value: `cc-${TRACE}-${PARENT}-01-what-the-future-holds` },
    { label: 'version fe with an empty field after', value: `fe-${TRACE}-${PARENT}-01-` },
  ])('returns the trace id as a UUID for $label', ({ value }) => {
    expect(traceIdOf(value)).toBe(AS_UUID);
  });

  it('writes the 32 digits as 8-4-4-4-12, in order', () => {
    const id = traceIdOf(`00-0123456789abcdef0123456789abcdef-${PARENT}-01`);
    expect(id).toBe('01234567-89ab-cdef-0123-456789abcdef');
    expect(id?.replaceAll('-', '')).toBe('0123456789abcdef0123456789abcdef');
  });

  it.each([
    { label: 'version ff', value: `ff-${TRACE}-${PARENT}-01` },
    { label: 'an upper-case version', value: `0A-${TRACE}-${PARENT}-01` },
    { label: 'a non-hex version', value: `0g-${TRACE}-${PARENT}-01` },
    { label: 'a one-digit version', value: `0-${TRACE}-${PARENT}-01` },
    { label: 'an all-zero trace id', value: `00-${'0'.repeat(32)}-${PARENT}-01` },
    { label: 'an all-zero parent id', value: `00-${TRACE}-${'0'.repeat(16)}-01` },
    { label: 'an upper-case trace id', value: `00-${TRACE.toUpperCase()}-${PARENT}-01` },
    { label: 'an upper-case parent id', value: `00-${TRACE}-${PARENT.toUpperCase()}-01` },
    { label: 'upper-case flags', value: `00-${TRACE}-${PARENT}-0A` },
    { label: 'a non-hex trace id', value: `00-${TRACE.slice(0, 31)}z-${PARENT}-01` },
    { label: 'a trace id one digit short', value: `00-${TRACE.slice(1)}-${PARENT}-01` },
    { label: 'a trace id one digit long', value: `00-${TRACE}0-${PARENT}-01` },
    { label: 'a parent id one digit short', value: `00-${TRACE}-${PARENT.slice(1)}-01` },
    { label: 'one-digit flags', value: `00-${TRACE}-${PARENT}-1` },
    { label: 'non-hex flags', value: `00-${TRACE}-${PARENT}-0x` },
    { label: 'version 00 with a field after', value: `${VALID}-extra` },
    { label: 'version 00 with a character after', value: `${VALID}0` },
    { label: 'a higher version with a character after the flags', value: `01-${TRACE}-${PARENT}-01x` },
    { label: 'underscores for dashes', value: VALID.replaceAll('-', '_') },
    { label: 'a leading space', value: ` ${VALID}` },
    { label: 'a trailing space', value: `${VALID} ` },
    { label: 'two values joined by a comma', value: `${VALID}, 00-${PARENT}${PARENT}-${PARENT}-01` },
    { label: 'CR/LF', value: `${VALID.slice(0, 53)}\r\n` },
    { label: 'Unicode digits', value: `00-${'٣'.repeat(32)}-${PARENT}-01` },
    { label: 'percent-encoding', value: `00-${TRACE}-${PARENT}%2D01` },
    { label: 'a UUID-shaped trace id', value: `00-${AS_UUID}-${PARENT}-01` },
    { label: 'a value one character short', value: VALID.slice(0, 54) },
    { label: 'an empty string', value: '' },
    { label: '__proto__', value: '__proto__' },
    { label: 'constructor', value: 'constructor' },
    { label: 'a number', value: 42 },
    { label: 'an array', value: [VALID] },
    { label: 'null', value: null },
    { label: 'undefined', value: undefined },
  ])('returns undefined for $label', ({ value }) => {
    expect(traceIdOf(value)).toBeUndefined();
  });

  it('accepts a 10 KB value of a higher version (the fields after are not read)', () => {
    expect(traceIdOf(`cc-${TRACE}-${PARENT}-01-${'a'.repeat(10_240)}`)).toBe(AS_UUID);
  });
});

describe('resolveCorrelationId with a traceparent', () => {
  const expectNewUuid = (id: string): void => {
    expect(isUuid(id)).toBe(true);
    expect(uuidVersion(id)).toBe(4);
  };

  it.each([
    { label: 'a Node header object', headers: { traceparent: VALID } },
    { label: 'a mixed-case key', headers: { TraceParent: VALID } },
    { label: 'a Fetch Headers', headers: new Headers({ traceparent: VALID }) },
    { label: 'an unsafe x-correlation-id beside it', headers: { 'x-correlation-id': 'a b', traceparent: VALID } },
    { label: 'an empty x-correlation-id beside it', headers: { 'x-correlation-id': '', traceparent: VALID } },
  ])('returns the trace id as a UUID from $label', ({ headers }) => {
    expect(resolveCorrelationId(headers)).toBe(AS_UUID);
  });

  it('prefers a safe x-correlation-id to the traceparent', () => {
    expect(resolveCorrelationId({ 'x-correlation-id': 'req-1', traceparent: VALID })).toBe('req-1');
  });

  it.each([
    { label: 'an invalid traceparent', headers: { traceparent: `ff-${TRACE}-${PARENT}-01` } },
    { label: 'an upper-case traceparent', headers: { traceparent: VALID.toUpperCase() } },
    {
      label: 'a Fetch Headers with two traceparents',
      headers: new Headers([
        [TRACEPARENT_HEADER, VALID],
        [TRACEPARENT_HEADER, VALID],
      ]),
    },
    { label: 'an own __proto__ key', headers: JSON.parse(`{"__proto__":{"traceparent":"${VALID}"}}`) as object },
  ])('returns a new uuid v4 for $label', ({ headers }) => {
    const id = resolveCorrelationId(headers);
    expectNewUuid(id);
    expect(id).not.toBe(AS_UUID);
  });
});
