export type { Repository, CreateInput, Patch } from './repository';
export { createMemoryRepository, type MemoryRepositoryOptions } from './memory/create-memory-repository';
