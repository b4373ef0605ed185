import { describeWriteParseContract } from '../contracts/write-parse-contract';
import { describePostgresLegs } from './pg-clients';

describePostgresLegs((name, makeRepository) => {
  describeWriteParseContract(`createPostgresRepository on ${name}`, makeRepository);
});
