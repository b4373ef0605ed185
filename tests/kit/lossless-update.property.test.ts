import { createMemoryRepository } from '../../src/index';
import { describeLosslessUpdateContract } from '../contracts/lossless-update-contract';

describeLosslessUpdateContract('createMemoryRepository', (resource, records) =>
  createMemoryRepository(resource, { records }),
);
