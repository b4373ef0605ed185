import { repositoryContract } from 'pagelope/testing';
import { describeDrizzleLegs } from './drizzle-legs';
import { describeMysqlLeg } from './mysql-leg';
import { describeSqliteLeg } from './sqlite-legs';

// The full contract runs once per database: PostgreSQL in tests/postgres/postgres-repository.test.ts, SQLite on sql.js
// with functions and MariaDB here; Drizzle on PostgreSQL and the other SQLite drivers run its short mode.
describeDrizzleLegs((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    mode: 'short',
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});

// With JavaScript functions (sql.js, better-sqlite3) case-insensitive matching is SQL; without (libsql) JavaScript.
for (const options of [{ functions: true }, { functions: false }, { driver: 'libsql' as const }]) {
  describeSqliteLeg((name, makeRepository) => {
    repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
      mode: options.functions === true ? 'full' : 'short',
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
