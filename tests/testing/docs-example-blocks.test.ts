// my-repository-slow.test.ts: the slowest blocks; my-repository.test.ts declares `{ except: SLOW }`.
import { createMemoryRepository } from 'pagelope';
import { repositoryContract, type RepositoryContractBlock, type RepositoryFactory } from 'pagelope/testing';

const factory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });
const SLOW: readonly RepositoryContractBlock[] = ['relations', 'batch', 'properties'];

repositoryContract('createMemoryRepository, slow blocks (docs/testing.md)', factory, {
  numRuns: 10,
  relations: true,
  blocks: { only: SLOW },
});
