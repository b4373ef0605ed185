// pagelope/testing: the repository contract suite, for vitest, that every repository (memory, PostgreSQL, yours)
// must pass. vitest and fast-check are optional peer dependencies of this entry only.
export { relationContract } from './relation-contract';
export { repositoryContract } from './repository-contract';
export type {
  RepositoryContractBlock,
  RepositoryContractBlocks,
  RepositoryContractOptions,
  RepositoryFactory,
  SiblingFactory,
} from './contract-context';
export { findLeaks } from './find-leaks';
export type { FindLeaksOptions, Leak, LeakRequest, LeakResponse, LeakSecret, LeakSeed, LeakServer } from './find-leaks';
export { leakRequests, type LeakRequestsOptions } from './leak-requests';
