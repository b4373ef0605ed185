export { createMemoryRepository, type MemoryRepositoryOptions } from './create-memory-repository';
