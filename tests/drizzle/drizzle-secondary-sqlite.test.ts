/**
 * The repository contract on SQLite through `pagelope/drizzle`, in the extended project (npm run test:all): in full on
 * sql.js with JavaScript functions (SQLite's full leg; npm test runs its short mode in drizzle-repository.test.ts),
 * and in short mode on sql.js without functions and on libsql, where case-insensitive operators and searches are
 * evaluated in JavaScript.
 */
import { repositoryContract } from 'pagelope/testing';
import { describeSqliteLeg } from './sqlite-legs';

describeSqliteLeg(
  (name, makeRepository) => {
    repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
      numRuns: 40,
      readsAbsentNullableAsNull: true,
      relations: true,
    });
  },
  { functions: true },
);

for (const options of [{ functions: false }, { driver: 'libsql' as const }]) {
  describeSqliteLeg((name, makeRepository) => {
    repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
      mode: 'short',
      numRuns: 40,
      readsAbsentNullableAsNull: true,
      relations: true,
    });
  }, options);
}
