import { createMemoryRepository } from 'pagelope';
import { repositoryContract, type RepositoryContractOptions, type RepositoryFactory } from 'pagelope/testing';
import type { RunnerTask } from 'vitest';
import { describe, expect, it } from 'vitest';

const factory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });

// Two parts of the contract, declared as a slow store's two test files would: each the other's complement.
repositoryContract('only', factory, { blocks: { only: ['select', 'or-groups'] }, numRuns: 2 });
repositoryContract('except', factory, {
  numRuns: 2,
  relations: true,
  blocks: {
    except: [
      'crud',
      'replace',
      'list',
      'total',
      'cursor',
      'scope',
      'search',
      'properties',
      'transaction',
      'lifecycle',
      'batch',
      'batch-service',
      'relations',
    ],
  },
});

/** The titles of the blocks declared under `<name>: Repository contract` in this file. */
function blocksOf(file: RunnerTask, name: string): string[] {
  const suite =
    file.type === 'suite' ? file.tasks.find((task) => task.name === `${name}: Repository contract`) : undefined;
  return suite?.type === 'suite' ? suite.tasks.map((task) => task.name) : [];
}

describe('repositoryContract blocks', () => {
  it('declares only the blocks of `only`, and all but those of `except`', ({ task }) => {
    expect(blocksOf(task.file, 'only')).toStrictEqual(['select', 'OR groups']);
    expect(blocksOf(task.file, 'except')).toStrictEqual(['select', 'OR groups']);
  });

  it.each([
    { blocks: null },
    { blocks: {} },
    { blocks: { only: ['select'], except: ['crud'] } },
    { blocks: { only: 'select' } },
    { blocks: { only: ['bogus'] } },
    { blocks: { except: ['__proto__'] } },
  ])('throws a TypeError naming the blocks for %j', (options) => {
    expect(() => repositoryContract('bad', factory, options as unknown as RepositoryContractOptions)).toThrow(
      /blocks must be \{ only: \[\.\.\.\] \} or \{ except: \[\.\.\.\] \} of crud, replace, list/,
    );
  });
});
