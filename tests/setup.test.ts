import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FC_SEED } from './setup';

describe('tests/setup.ts', () => {
  it('sets the fast-check seed from FC_SEED, or 42 when it is unset', () => {
    const raw = process.env['FC_SEED'];
    expect(DEFAULT_FC_SEED).toBe(42);
    expect(fc.readConfigureGlobal().seed).toBe(raw ? Number(raw) : DEFAULT_FC_SEED);
  });

  it('returns the same values from the same property on every run', () => {
    const draw = (): number[] => fc.sample(fc.integer(), { seed: fc.readConfigureGlobal().seed, numRuns: 5 });
    expect(draw()).toStrictEqual(draw());
  });
});
