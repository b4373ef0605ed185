import { describe, expect, it } from 'vitest';
import { relationRunsOf } from '../../src/testing/relation-contract';
import { expectNothingOfTenantB } from '../../src/testing/relation-leak-contract';

describe('relationRunsOf', () => {
  it.each([
    [{}, 50],
    [{ numRuns: 40 }, 20],
    [{ numRuns: 25 }, 13],
    [{ numRuns: 1 }, 1],
    [{ numRuns: 0 }, 1],
  ])('returns half the runs of %o, at least one', (options, runs) => {
    expect(relationRunsOf(options)).toBe(runs);
  });
});

describe('expectNothingOfTenantB', () => {
  it.each([
    ['a record of tenant B', { items: [{ id: 'b5', tenant: 'B' }] }],
    ['an embedded record of tenant B', { items: [{ id: 'b1', tenant: 'A', author: { id: 'u3', tenant: 'B' } }] }],
    ['a name of tenant B', { items: [{ id: 'b1', tenant: 'A', title: 'Anna ZEBRA' }] }],
    ['a hidden value', { id: 'b1', tenant: 'A', reviews: [{ id: 'r1', tenant: 'A', secret: 'key-r1' }] }],
  ])('throws for %s', (_name, result) => {
    expect(() => expectNothingOfTenantB(result)).toThrow();
  });

  it('returns for what tenant A may see', () => {
    expect(() =>
      expectNothingOfTenantB({ items: [{ id: 'b4', tenant: 'A', authorId: 'u3', author: null, reviews: [] }] }),
    ).not.toThrow();
  });
});
