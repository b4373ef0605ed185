import { repositoryContract } from 'pagelope/testing';
import { describePostgresLegs } from './pg-clients';

// The full contract on PGlite, PostgreSQL's leg in npm test; the server (npm run test:all) runs the short mode, as
// every other secondary leg does.
describePostgresLegs((name, makeRepository) => {
  repositoryContract(`createPostgresRepository on ${name}`, makeRepository, {
    mode: name === 'PGlite' ? 'full' : 'short',
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
