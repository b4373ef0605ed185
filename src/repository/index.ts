export type { Repository, CreateInput, Patch, ScopeOptions, ListItem, SelectFields, SelectList } from './repository';
export { createMemoryRepository, type MemoryRepositoryOptions } from './memory/create-memory-repository';
