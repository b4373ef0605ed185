import { createMemoryRepository, type Repository, type Resource } from 'pagelope';
import {
  relationContract,
  repositoryContract,
  type RepositoryContractBlocks,
  type RepositoryContractOptions,
  type RepositoryFactory,
  type SiblingFactory,
} from 'pagelope/testing';
import { describe, expectTypeOf, it } from 'vitest';

describe('repositoryContract', () => {
  it('takes a name, a factory and optional options, and returns nothing', () => {
    expectTypeOf(repositoryContract).toBeFunction();
    expectTypeOf(repositoryContract).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(repositoryContract).parameter(1).toEqualTypeOf<RepositoryFactory>();
    expectTypeOf(repositoryContract).parameter(2).toEqualTypeOf<RepositoryContractOptions | undefined>();
    expectTypeOf(repositoryContract).returns.toBeVoid();
  });

  it('rejects a factory that is not generic over the record, and misspelled or mistyped options', () => {
    const forOneRecord = (resource: Resource<{ id: string; name: string }>) => createMemoryRepository(resource);
    // @ts-expect-error: the factory must accept any of the contract's resources, not one record type
    repositoryContract('one record type', forOneRecord);
    // @ts-expect-error: numRuns is a number
    repositoryContract('x', (resource, records) => createMemoryRepository(resource, { records }), { numRuns: '40' });
    // @ts-expect-error: no such option
    repositoryContract('x', (resource, records) => createMemoryRepository(resource, { records }), { runs: 40 });
    // @ts-expect-error: the name comes first
    repositoryContract((resource, records) => createMemoryRepository(resource, { records }));
  });
});

describe('RepositoryFactory', () => {
  it('is generic over the record: a resource and records of one record type in, a repository of it or its promise out', () => {
    expectTypeOf<RepositoryFactory>().not.toBeAny();
    expectTypeOf<Parameters<RepositoryFactory>>().toEqualTypeOf<
      [resource: Resource<unknown>, records: readonly unknown[]]
    >();
    expectTypeOf<ReturnType<RepositoryFactory>>().toEqualTypeOf<Promise<Repository<unknown>> | Repository<unknown>>();
  });

  it('accepts a generic function, and an arrow whose parameters it types', () => {
    function generic<TRecord>(resource: Resource<TRecord>, records: readonly TRecord[]): Repository<TRecord> {
      return createMemoryRepository(resource, { records });
    }
    const fromFunction: RepositoryFactory = generic;
    const asynchronous: RepositoryFactory = async (resource, records) => {
      expectTypeOf(resource).not.toBeAny();
      expectTypeOf(records).not.toBeAny();
      return createMemoryRepository(resource, { records });
    };
    expectTypeOf(fromFunction).toEqualTypeOf<RepositoryFactory>();
    expectTypeOf(asynchronous).returns.not.toBeAny();
  });

  it('rejects a factory returning something other than a repository', () => {
    // @ts-expect-error: a factory returns a repository
    const wrong: RepositoryFactory = () => ({ list: () => [] });
    expectTypeOf(wrong).not.toBeAny();
  });
});

describe('RepositoryContractOptions', () => {
  it('holds the runs, the mode, the null rule, a seed, the sibling factory, the relation switch and the blocks, all optional and readonly', () => {
    expectTypeOf<RepositoryContractOptions>().not.toBeAny();
    expectTypeOf<RepositoryContractOptions>().toEqualTypeOf<{
      readonly numRuns?: number;
      readonly mode?: 'full' | 'short';
      readonly readsAbsentNullableAsNull?: boolean;
      readonly seed?: number;
      readonly sibling?: SiblingFactory | false;
      readonly relations?: boolean;
      readonly blocks?: RepositoryContractBlocks;
    }>();
    expectTypeOf({}).toExtend<RepositoryContractOptions>();
    expectTypeOf({ blocks: { only: ['relations', 'batch'] } } as const).toExtend<RepositoryContractOptions>();
    expectTypeOf({ blocks: { except: ['crud'] } } as const).toExtend<RepositoryContractOptions>();
    // @ts-expect-error: a block name the contract does not have
    expectTypeOf({ blocks: { only: ['bogus'] } } as const).toExtend<RepositoryContractOptions>();
  });

  it('takes the mode full or short, and no other', () => {
    repositoryContract('x', (resource, records) => createMemoryRepository(resource, { records }), { mode: 'short' });
    repositoryContract('x', (resource, records) => createMemoryRepository(resource, { records }), { mode: 'full' });
    // @ts-expect-error: the modes are 'full' and 'short'
    repositoryContract('x', (resource, records) => createMemoryRepository(resource, { records }), { mode: 'fast' });
    expectTypeOf<RepositoryContractOptions['mode']>().toEqualTypeOf<'full' | 'short' | undefined>();
  });
});

describe('SiblingFactory', () => {
  it('takes the resource, its records and the first repository, and returns a repository of that resource', () => {
    const sibling: SiblingFactory = (resource, records, first) => {
      expectTypeOf(first).toEqualTypeOf<Repository<unknown>>();
      return createMemoryRepository(resource, { records });
    };
    expectTypeOf(sibling).returns.not.toBeAny();
    repositoryContract('x', (resource, records) => createMemoryRepository(resource, { records }), { sibling });
    repositoryContract('x', (resource, records) => createMemoryRepository(resource, { records }), { sibling: false });
    // @ts-expect-error: true is not a factory (leave the option out for the default)
    repositoryContract('x', (resource, records) => createMemoryRepository(resource, { records }), { sibling: true });
  });
});

describe('relationContract', () => {
  it('takes a name, a factory and the options of the repository contract', () => {
    expectTypeOf(relationContract).parameters.toEqualTypeOf<
      [name: string, factory: RepositoryFactory, options?: RepositoryContractOptions]
    >();
    expectTypeOf(relationContract).returns.toBeVoid();
    // @ts-expect-error: the factory comes second
    relationContract((resource, records) => createMemoryRepository(resource, { records }));
  });
});
