import { repositoryContract } from 'pagelope/testing';
import { MARIADB_SLOW_BLOCKS } from './mysql-contract-blocks';
import { describeMysqlLeg } from './mysql-leg';

// The slowest blocks of MariaDB's full contract run; drizzle-repository.test.ts declares the others (every block
// between the two files).
describeMysqlLeg((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
    blocks: { only: MARIADB_SLOW_BLOCKS },
  });
});
