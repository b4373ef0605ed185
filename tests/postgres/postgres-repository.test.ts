import { describeRepositoryContract } from '../contracts/repository-contract';
import { describePostgresLegs } from './pg-clients';

describePostgresLegs((name, makeRepository) => {
  describeRepositoryContract(`createPostgresRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
  });
});
