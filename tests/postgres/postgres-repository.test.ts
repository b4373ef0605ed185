import { repositoryContract } from 'pagelope/testing';
import { describePostgresLegs } from './pg-clients';

// PostgreSQL's full contract runs on the server (npm run test:all, CI); npm test runs the short mode on PGlite, whose
// WebAssembly engine makes the full one cost about 18 s of a worker there.
describePostgresLegs((name, makeRepository) => {
  repositoryContract(`createPostgresRepository on ${name}`, makeRepository, {
    mode: name === 'PGlite' ? 'short' : 'full',
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
