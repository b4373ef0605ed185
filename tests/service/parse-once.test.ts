import { createMemoryRepository } from '../../src/index';
import { describeWriteParseContract } from '../contracts/write-parse-contract';

describeWriteParseContract('createMemoryRepository', (resource, records) =>
  createMemoryRepository(resource, { records }),
);
