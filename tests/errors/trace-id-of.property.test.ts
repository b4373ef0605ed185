import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeCorrelationId, resolveCorrelationId } from '../../src/errors/correlation-id';
import { traceIdOf } from '../../src/errors/trace-id-of';

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: 1_000 }); // the seed is tests/setup.ts's

/** The reference: Trace Context's traceparent, read with one regular expression and the spec's extra rules. */
function reference(value: string): string | undefined {
  const match = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/s.exec(value);
  if (match === null) return undefined;
  const [, version, trace = '', parent, , rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(trace) || /^0+$/.test(parent ?? '')) return undefined;
  return [trace.slice(0, 8), trace.slice(8, 12), trace.slice(12, 16), trace.slice(16, 20), trace.slice(20)].join('-');
}

/** Mostly lower-case hexadecimal of `length` digits, sometimes with an upper-case or non-hex digit among them. */
const hex = (length: number) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length }),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789abcdefAFg'), minLength: length, maxLength: length }),
    },
  );
/** Traceparent-shaped strings, valid or slightly off: versions, ids of zeros, upper case, a tail, another length. */
const traceparent = fc
  .tuple(
    fc.oneof({ weight: 3, arbitrary: hex(2) }, fc.constantFrom('00', 'ff', '01', 'fe')),
    fc.oneof({ weight: 8, arbitrary: hex(32) }, fc.constant('0'.repeat(32)), hex(31)),
    fc.oneof({ weight: 8, arbitrary: hex(16) }, fc.constant('0'.repeat(16)), hex(17)),
    hex(2),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: fc.string({ maxLength: 8 }).map((tail) => `-${tail}`) },
      fc.string({ maxLength: 3 }),
    ),
    fc.oneof({ weight: 8, arbitrary: fc.constant('-') }, fc.constant('_')),
  )
  .map(([version, trace, parent, flags, tail, dash]) => `${version}-${trace}${dash}${parent}-${flags}${tail}`);

describe('traceIdOf', () => {
  it('agrees with the reference on traceparent-shaped strings and on any string', () => {
    fc.assert(
      fc.property(fc.oneof(traceparent, fc.string({ unit: 'binary', maxLength: 80 })), (value) => {
        expect(traceIdOf(value)).toBe(reference(value));
      }),
    );
  });

  it('finds valid values often enough for the property to mean something', () => {
    const samples = fc.sample(traceparent, { numRuns: 500, seed: 42 });
    expect(samples.filter((value) => reference(value) !== undefined).length).toBeGreaterThan(25);
  });

  it('makes the correlation id of a request without its own the trace id, a safe token', () => {
    fc.assert(
      fc.property(traceparent, (value) => {
        const id = resolveCorrelationId({ traceparent: value });
        expect(isSafeCorrelationId(id)).toBe(true);
        const expected = reference(value);
        if (expected !== undefined) expect(id).toBe(expected);
        else expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }),
    );
  });
});
