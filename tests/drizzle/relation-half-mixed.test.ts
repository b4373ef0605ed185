/**
 * The relation rules (`relationContract`) on SQLite (sql.js) books and authors whose reviews are bound to a memory
 * repository: a filter on both relations keeps its author terms as EXISTS subqueries of the statement and resolves
 * its review terms through the memory repository (the SQL engine's planSqlRelations), one term at a time.
 */
import { createMemoryRepository } from '../../src/index';
import { relationContract, type RepositoryFactory } from 'pagelope/testing';
import { describe } from 'vitest';
import { EMBEDDED_LEGS } from '../postgres/pg-clients';
import { describeSqliteLeg } from './sqlite-legs';

// SQLite only: under PAGELOPE_LEGS=servers (the servers project) the file is skipped, npm test having run it.
describe.runIf(EMBEDDED_LEGS)('relations bound half in SQLite, half in memory', () => {
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
});
