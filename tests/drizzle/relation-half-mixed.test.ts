/**
 * The relation rules (`relationContract`) on SQLite (sql.js) books and authors whose reviews are bound to a memory
 * repository: a filter on both relations keeps its author terms as EXISTS subqueries of the statement and resolves
 * its review terms through the memory repository (the SQL engine's planSqlRelations), one term at a time.
 */
import { createMemoryRepository } from '../../src/index';
import { relationContract, type RepositoryFactory } from 'pagelope/testing';
import { describeSqliteLeg } from './sqlite-legs';

describeSqliteLeg(
  (name, makeRepository) => {
    const halfMixed: RepositoryFactory = (resource, records) =>
      resource.name === 'reviews' ? createMemoryRepository(resource, { records }) : makeRepository(resource, records);
    relationContract(`createDrizzleRepository on ${name} with memory reviews`, halfMixed, {
      mode: 'short',
      numRuns: 20,
    });
  },
  { functions: true },
);
