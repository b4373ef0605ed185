/**
 * The repository contract's short mode on the secondary SQLite legs of `pagelope/drizzle`: sql.js without JavaScript
 * functions and libsql, where case-insensitive operators and searches are evaluated in JavaScript. SQLite's full leg
 * (sql.js with functions) is in drizzle-repository.test.ts. In the extended project (npm run test:all).
 */
import { repositoryContract } from 'pagelope/testing';
import { describeSqliteLeg } from './sqlite-legs';

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
