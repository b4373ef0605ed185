import { describeServiceScopeContract } from '../contracts/service-scope-contract';
import { describePostgresLegs } from './pg-clients';

// A fresh table per property run: the leg's previous table is dropped first.
describePostgresLegs(
  (name, makeRepository) => {
    describeServiceScopeContract(`createPostgresRepository on ${name}`, makeRepository, { numRuns: 15 });
  },
  { dropPrevious: true },
);
