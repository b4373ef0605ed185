export type { Repository, CreateInput, Patch, ScopeOptions } from './repository';
export { createMemoryRepository, type MemoryRepositoryOptions } from './memory/create-memory-repository';
