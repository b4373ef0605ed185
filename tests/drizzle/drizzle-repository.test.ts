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

// With JavaScript functions (sql.js, better-sqlite3) case-insensitive matching is SQL; without (libsql) JavaScript.
for (const options of [{ functions: true }, { functions: false }, { driver: 'libsql' as const }]) {
  describeSqliteLeg((name, makeRepository) => {
    repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
      numRuns: 40,
      readsAbsentNullableAsNull: true,
      relations: true,
    });
  }, options);
}

describeMysqlLeg((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
