// my-repository-replica.test.ts: the same store on a second leg (a replica, another driver) whose full run is in
// my-repository.test.ts. The memory repository stands in for yours here.
import { createMemoryRepository } from 'pagelope';
import { repositoryContract, type RepositoryFactory } from 'pagelope/testing';

const factory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });

// A third of each table's rows and at most 8 runs of each property, under '<name>: Repository contract (short)'.
repositoryContract('createMemoryRepository, second leg (docs/testing.md)', factory, { mode: 'short' });
