/**
 * The relation rules (`relationContract`) on a mixed setup: PostgreSQL books whose `author` and `reviews` are bound
 * to memory repositories, so relation filters go through the kit's `resolveRelationTerms` and to-one sorts through
 * the related values read ahead and joined as parameter arrays; on PGlite, and on the server when DATABASE_URL is set.
 */
import { createMemoryRepository } from '../../src/index';
import { relationContract, type RepositoryFactory } from 'pagelope/testing';
import { describePostgresLegs } from './pg-clients';

describePostgresLegs((name, makeRepository) => {
  const mixed: RepositoryFactory = (resource, records) =>
    resource.name === 'books' ? makeRepository(resource, records) : createMemoryRepository(resource, { records });
  relationContract(`createPostgresRepository on ${name} with memory authors and reviews`, mixed, { numRuns: 40 });
});
