import { repositoryContract } from 'pagelope/testing';
import { describeDrizzleLegs } from './drizzle-legs';

describeDrizzleLegs((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
