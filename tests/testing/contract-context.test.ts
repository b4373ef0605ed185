import fc from 'fast-check';
import { createMemoryRepository, type Repository } from 'pagelope';
import type { RepositoryFactory } from 'pagelope/testing';
import { describe, expect, it } from 'vitest';
import { createContractContext } from '../../src/testing/contract-context';
import { tasks } from '../../src/testing/fixtures';
import { SEED } from '../../src/testing/seed';

const factory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });

describe('createContractContext', () => {
  it.each([
    { options: {}, expected: { numRuns: 100 } },
    { options: { numRuns: 7 }, expected: { numRuns: 7 } },
    { options: { seed: 0 }, expected: { numRuns: 100, seed: 0 } },
    { options: { numRuns: 3, seed: 1234 }, expected: { numRuns: 3, seed: 1234 } },
  ])('returns the fc.assert parameters $expected for $options', ({ options, expected }) => {
    expect(createContractContext('x', factory, options).assertParameters).toStrictEqual(expected);
  });

  it('leaves the seed key out when no seed is given, so the global seed applies', async () => {
    const { assertParameters } = createContractContext('x', factory);
    expect('seed' in assertParameters).toBe(false);
    const previous = fc.readConfigureGlobal();
    try {
      fc.configureGlobal({ ...previous, seed: 99 });
      const seen: number[] = [];
      await fc.assert(
        fc.asyncProperty(fc.integer(), async (value) => void seen.push(value)),
        assertParameters,
      );
      const again: number[] = [];
      await fc.assert(
        fc.asyncProperty(fc.integer(), async (value) => void again.push(value)),
        { numRuns: 100, seed: 99 },
      );
      expect(seen).toStrictEqual(again);
    } finally {
      fc.configureGlobal(previous);
    }
  });

  it('reads the seed back as given, or with an absent nullable and optional field as null', () => {
    const absent = SEED.find((record) => !('nick' in record));
    expect(absent).toBeDefined();
    expect(createContractContext('x', factory).storedOf(absent!)).toStrictEqual(absent);
    expect(createContractContext('x', factory, { readsAbsentNullableAsNull: true }).storedOf(absent!)).toStrictEqual({
      ...absent,
      nick: null,
    });
  });

  it('makes the sibling with the factory by default, with the sibling option when given, and none for false', async () => {
    const calls: string[] = [];
    const counting: RepositoryFactory = (resource, records) => {
      calls.push(`factory ${resource.name} ${records.length}`);
      return createMemoryRepository(resource, { records });
    };
    const first = createMemoryRepository(tasks);
    const byDefault = await createContractContext('x', counting).sibling(tasks, [], first as Repository<unknown>);
    expect(calls).toStrictEqual(['factory tasks 0']);
    expect(typeof byDefault?.transaction).toBe('function');
    let given: unknown;
    const own = createContractContext('x', counting, {
      sibling: (resource, records, repository) => {
        given = repository;
        return createMemoryRepository(resource, { records });
      },
    });
    expect(await own.sibling(tasks, [], first as Repository<unknown>)).toBeDefined();
    expect(given).toBe(first);
    expect(calls).toHaveLength(1);
    expect(
      await createContractContext('x', counting, { sibling: false }).sibling(tasks, [], first as Repository<unknown>),
    ).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});
