import { repositoryContract } from 'pagelope/testing';
import { describeDrizzleLegs } from './drizzle-legs';
import { describeMysqlLeg } from './mysql-leg';
import { describeSqliteLeg } from './sqlite-legs';

describeDrizzleLegs((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});

describeSqliteLeg((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});

describeMysqlLeg((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
