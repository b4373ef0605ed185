import { repositoryContract } from 'pagelope/testing';
import { POSTGRES_RELATIONS_READY } from '../testing/relations-ready';
import { describePostgresLegs } from './pg-clients';

describePostgresLegs((name, makeRepository) => {
  repositoryContract(`createPostgresRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    // The relation rules (issue 19) run once the repository reads relation bindings (see relations-ready.ts).
    relations: POSTGRES_RELATIONS_READY,
  });
});
