import { createMemoryRepository } from '../../src/index';
import { describeServiceScopeContract } from '../contracts/service-scope-contract';

describeServiceScopeContract('createMemoryRepository', (resource, records) =>
  createMemoryRepository(resource, { records }),
);
