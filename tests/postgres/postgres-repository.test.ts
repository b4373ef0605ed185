import { repositoryContract } from 'pagelope/testing';
import { describePostgresLegs } from './pg-clients';

describePostgresLegs((name, makeRepository) => {
  repositoryContract(`createPostgresRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
