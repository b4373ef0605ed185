import { describeLosslessUpdateContract } from '../contracts/lossless-update-contract';
import { describePostgresLegs } from './pg-clients';

describePostgresLegs((name, makeRepository) => {
  describeLosslessUpdateContract(`createPostgresRepository on ${name}`, makeRepository, {
    numRuns: 30,
    readsAbsentNullableAsNull: true,
  });
});
