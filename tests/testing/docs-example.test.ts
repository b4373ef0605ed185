// my-repository.test.ts: a vitest test file. The memory repository stands in for yours here.
import { createMemoryRepository } from 'pagelope';
import { repositoryContract, type RepositoryFactory } from 'pagelope/testing';

// A fresh, isolated repository of the given resource, holding exactly `records`, on every call.
const factory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });

repositoryContract('createMemoryRepository (docs/testing.md)', factory, { numRuns: 25 });
